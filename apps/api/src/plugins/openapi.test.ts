import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { formatOpenApiDocument, openApiDocument } from '../openapi-document';
import { describeEachDriver } from '../test/test-app';

interface OpenApi {
  openapi: string;
  paths: Record<string, Record<string, { requestBody?: unknown; responses?: object }>>;
}

const committed = fileURLToPath(new URL('../../../../docs/openapi.json', import.meta.url));

describe('docs/openapi.json', () => {
  it(
    'is the document the server builds (run `npm run openapi` after changing a route)',
    { timeout: 120_000 },
    async () => {
      const built = formatOpenApiDocument(await openApiDocument());
      expect(readFileSync(committed, 'utf8')).toBe(built);
    },
  );
});

describeEachDriver('the OpenAPI document', (t) => {
  it('is served as JSON and describes the routes with their schemas', async () => {
    const response = await t.api({ path: '/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json<OpenApi>();
    expect(document.openapi).toMatch(/^3\./);
    const login = document.paths['/api/auth/login']?.post;
    expect(login?.requestBody).toBeDefined();
    expect(document.paths['/api/clients/grid']?.post?.requestBody).toBeDefined();
    // Internal routes (the balancer's checks) stay out of it.
    expect(document.paths['/api/health']).toBeUndefined();
    expect(document.paths['/api/ready']).toBeUndefined();
  });

  it('has a readable viewer under a strict Content-Security-Policy', async () => {
    const page = await t.api({ path: '/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.body).toContain('swagger-ui');
  });
});
