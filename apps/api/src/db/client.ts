import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { Pool, PoolClient } from 'pg';
import { scopedDatabase, type Transact } from './data-scope';
import * as schema from './schema';

export type Schema = typeof schema;
/** Either driver's database: both speak PostgreSQL through the same Drizzle API. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  /**
   * The database for the server's code: usable only inside a data scope (`withTenant`,
   * `withAllTenants` in data-scope.ts), where row-level security applies.
   */
  db: Database;
  /**
   * The database as the connection's own user, outside row-level security when that user owns the
   * tables or is a superuser: for migrations, maintenance and tests' checks of what is stored,
   * never for request or job code.
   */
  ownerDb: Database;
  driver: 'pglite' | 'postgres';
  /** Applies the committed migrations; safe when several processes start at once. */
  migrate(): Promise<void>;
  /** True when the database responds to a trivial query. */
  ping(): Promise<boolean>;
  /** True when the database responds and holds every migration this code ships (readiness). */
  migrated(): Promise<boolean>;
  /** The pool's connections in use and the requests waiting for one; null without a pool. */
  connections(): { inUse: number; waiting: number } | null;
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));
const casing = 'snake_case' as const;

/** When the last migration this code ships was made: Drizzle records it as the migration's `created_at`. */
const lastMigrationMillis = (
  JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
    entries: Array<{ when: number }>;
  }
).entries.reduce((latest, entry) => Math.max(latest, entry.when), 0);

/** Whether the migrations Drizzle recorded reach this code's last one; false when the database does not respond. */
async function holdsLastMigration(db: Database): Promise<boolean> {
  try {
    const result = await db.execute(
      sql`select coalesce(max(created_at), 0) >= ${lastMigrationMillis} as done from drizzle.__drizzle_migrations`,
    );
    return (result as { rows: Array<{ done: boolean }> }).rows[0]?.done === true;
  } catch {
    return false;
  }
}

export interface DatabaseOptions {
  /** A PostgreSQL connection string; without one the embedded PGlite database is used. */
  databaseUrl?: string | undefined;
  /** Where PGlite keeps its files; `memory://` keeps nothing. */
  dataDir: string;
  /**
   * PostgreSQL: a query sent inside a transaction while another is still running on its
   * connection fails instead of waiting its turn. For tests: node-postgres queues such a query
   * with a deprecation warning only, and a `Promise.all` over one transaction's queries would
   * otherwise go unnoticed.
   */
  refuseOverlappingQueries?: boolean;
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, options.refuseOverlappingQueries ?? false)
    : openPglite(options.dataDir);
}

async function openPostgres(connectionString: string, refuseOverlap: boolean): Promise<DatabaseHandle> {
  const { default: pg } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const pool = new pg.Pool({ connectionString, max: 10, connectionTimeoutMillis: 5_000 });
  // An idle client that loses its server must not take the process down with it.
  pool.on('error', () => undefined);
  // Nor one that loses it while checked out for a transaction: its query fails instead, and the
  // pool drops it when it comes back.
  pool.on('connect', (client) => client.on('error', () => undefined));
  const db = drizzle({ client: pool, schema, casing });
  return {
    db: scopedDatabase(
      db,
      poolTransaction(pool, (client) => {
        if (refuseOverlap) refuseOverlappingQueries(client);
        return drizzle({ client, schema, casing });
      }),
    ),
    ownerDb: db as unknown as Database,
    driver: 'postgres',
    async migrate() {
      const client = await pool.connect();
      try {
        // One process migrates at a time; the others wait and then find nothing to do.
        await client.query('SELECT pg_advisory_lock(727274)');
        await migrate(drizzle({ client, schema, casing }), { migrationsFolder });
      } finally {
        await client.query('SELECT pg_advisory_unlock(727274)').catch(() => undefined);
        client.release();
      }
    },
    ping: () => responds(pool),
    migrated: () => holdsLastMigration(db),
    connections: () => ({ inUse: pool.totalCount - pool.idleCount, waiting: pool.waitingCount }),
    close: () => pool.end(),
  };
}

/**
 * One transaction on a connection of its own. Drizzle's transaction on a pool keeps a connection
 * that fails to BEGIN (the server went away) checked out for ever, and hands a broken one back to
 * the pool; here a connection whose BEGIN, COMMIT or ROLLBACK failed is closed instead, so the
 * pool recovers by itself after an outage.
 */
function poolTransaction(pool: Pool, drizzleOn: (client: PoolClient) => unknown): Transact {
  const onClient = new WeakMap<PoolClient, Database>();
  return async (work) => {
    const client = await pool.connect();
    let db = onClient.get(client);
    if (!db) {
      db = drizzleOn(client) as Database;
      onClient.set(client, db);
    }
    let workFailure: unknown;
    let connectionFailure: Error | undefined;
    try {
      return await db.transaction(async (tx) => {
        try {
          return await work(tx);
        } catch (error) {
          workFailure = error;
          throw error;
        }
      });
    } catch (error) {
      if (error !== workFailure)
        connectionFailure = error instanceof Error ? error : new Error(String(error));
      throw error;
    } finally {
      client.release(connectionFailure);
    }
  };
}

export class OverlappingQueryError extends Error {}

/**
 * Makes the connection's `query` fail while an earlier query on it has not responded yet. Only
 * the promise form is watched: it is the one Drizzle uses.
 */
function refuseOverlappingQueries(client: PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  let running = false;
  const guarded = (...args: unknown[]): unknown => {
    if (running) {
      return Promise.reject(
        new OverlappingQueryError(
          'A query was sent on a transaction while another was still running on it: await them one after the other.',
        ),
      );
    }
    const result = query(...args);
    if (!(result instanceof Promise)) return result;
    running = true;
    return result.finally(() => {
      running = false;
    });
  };
  client.query = guarded as PoolClient['query'];
}

/** Whether the database responds to a trivial query; a failure means it does not, not an error. */
async function responds(client: { query: (sql: string) => Promise<unknown> }): Promise<boolean> {
  try {
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  }
}

async function openPglite(dataDir: string): Promise<DatabaseHandle> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const inMemory = dataDir.startsWith('memory://');
  if (!inMemory) mkdirSync(path.resolve(dataDir), { recursive: true });
  const client = new PGlite(inMemory ? dataDir : path.resolve(dataDir, 'pglite'));
  const db = drizzle({ client, schema, casing });
  return {
    db: scopedDatabase(db),
    ownerDb: db as unknown as Database,
    driver: 'pglite',
    migrate: () => migrate(db, { migrationsFolder }),
    ping: () => responds(client),
    migrated: () => holdsLastMigration(db),
    connections: () => null,
    close: () => client.close(),
  };
}
