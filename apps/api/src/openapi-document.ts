import { buildApp } from './app';
import { openDatabase } from './db/client';

/**
 * The OpenAPI document as the server builds it. No request is served, so an empty in-memory
 * database is enough. `npm run openapi` writes it to docs/openapi.json; a test keeps that copy current.
 */
export async function openApiDocument(): Promise<unknown> {
  const database = await openDatabase({ dataDir: 'memory://' });
  const app = await buildApp({
    env: { BASE_PATH: '/ui/', NODE_ENV: 'production', LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent' },
    database,
    logger: false,
  });
  try {
    await app.ready();
    return app.swagger();
  } finally {
    await app.close();
    await database.close();
  }
}

/** The committed copy, formatted as Prettier leaves it: two spaces, a final newline. */
export function formatOpenApiDocument(document: unknown): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}
