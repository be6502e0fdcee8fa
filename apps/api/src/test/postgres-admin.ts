/**
 * The PostgreSQL server the tests make their databases on, and statements on it as its owner
 * (create and drop a database). Free of the test runner, so the end-to-end journeys use it too.
 *
 * TEST_POSTGRES_URL, else postgres://$PGUSER@127.0.0.1:5432/test (PGUSER defaults to postgres).
 */
import pg from 'pg';

export const adminUrl =
  process.env['TEST_POSTGRES_URL'] ??
  `postgres://${encodeURIComponent(process.env['PGUSER'] ?? 'postgres')}@127.0.0.1:5432/test`;

export async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}
