// What the load benchmarks share: a generated customer base in a database of its own with the real
// server over it, and a route's figures recorded beside the raw driver's replay of its SQL.
import type { Database } from '../apps/api/src/db/client';
import { generateWorld, type World, type WorldSize } from './generate';
import type { BenchContext, BenchDatabase } from './harness';
import { replay, startServer, type LoadResult, type RunningServer } from './server';

export interface ServedWorld {
  database: BenchDatabase;
  world: World;
  server: RunningServer;
  /** Stops the server and drops the database. */
  close(): Promise<void>;
}

/** A world of `size`, plus what `fill` adds to it, with its own server; `close` drops both. */
export async function openServedWorld(
  context: BenchContext,
  label: string,
  size: WorldSize,
  fill?: (db: Database) => Promise<void>,
): Promise<ServedWorld> {
  const database = await context.createDatabase(label);
  const started = Date.now();
  const world = await generateWorld(database.handle.ownerDb, size);
  await fill?.(database.handle.ownerDb);
  context.log(
    `${label}: ${size.clients.toLocaleString('en-US')} clients in ${size.corporations} corporations generated in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  const server = await startServer(database).catch(async (error: unknown) => {
    await database.drop();
    throw error;
  });
  return {
    database,
    world,
    server,
    async close() {
      await server.close();
      await database.drop();
    },
  };
}

/**
 * The growth comparison's two worlds, the small one opened first: both open while `use` runs, and
 * both closed after it, whatever happens.
 */
export async function withSmallAndLarge<W extends { close(): Promise<void> }>(
  openSmall: () => Promise<W>,
  openLarge: () => Promise<W>,
  use: (small: W, large: W) => Promise<void>,
): Promise<void> {
  const small = await openSmall();
  try {
    const large = await openLarge();
    try {
      await use(small, large);
    } finally {
      await large.close();
    }
  } finally {
    await small.close();
  }
}

/**
 * The floor a read is compared with, which does not move with the portal's own SQL: ten clients of
 * the corporation read off the name index (`client_users` by tenant and name) by the raw driver on
 * `connections` connections.
 */
export function indexReadFloor(
  databaseUrl: string,
  tenantId: string,
  connections: number,
  seconds: number,
): Promise<LoadResult> {
  const text = `select id, first_name, last_name, email from client_users where tenant_id = $1
    order by lower(last_name), lower(first_name), id limit 10`;
  return replay(databaseUrl, [{ text, values: [tenantId] }], connections, seconds);
}

/**
 * A route's requests per second (the goal: half the raw driver's at least, and half the index-read
 * floor's) and its p97.5 at `connections` connections, each beside the same SQL replayed by the raw
 * driver.
 */
export function recordAgainstRawSql(
  context: BenchContext,
  figures: { subject: string; connections: number; latencyGoal?: string },
  api: LoadResult,
  raw: LoadResult,
  floor: LoadResult,
): void {
  const baseline = 'the same SQL, raw driver';
  context.record({
    metric: `${figures.subject}: requests per second`,
    unit: 'req/s',
    value: api.requestsPerSecond,
    baseline: { name: baseline, value: raw.requestsPerSecond },
    higherIsBetter: true,
    goalRatio: 0.5,
  });
  context.record({
    metric: `${figures.subject}: requests per second against the index-read floor`,
    unit: 'req/s',
    value: api.requestsPerSecond,
    baseline: { name: 'ten clients off the name index, raw driver', value: floor.requestsPerSecond },
    higherIsBetter: true,
    goalRatio: 0.5,
  });
  context.record({
    metric: `${figures.subject}: p97.5 latency at ${figures.connections} connections${figures.latencyGoal ? ` (${figures.latencyGoal})` : ''}`,
    unit: 'ms',
    value: api.p97_5Ms,
    baseline: { name: baseline, value: raw.p97_5Ms },
    higherIsBetter: false,
  });
}

/**
 * The grid benchmark's world, which the pages benchmark shares: its largest corporation is the
 * manager's. A quick run makes a small one.
 */
export function gridWorldSize(quick: boolean): WorldSize {
  return quick
    ? {
        corporations: 20,
        clients: 12_000,
        bigCorporationClients: 5_000,
        subscriptionsPerProperty: 3,
        realtorsPerCorporation: 5,
      }
    : {
        corporations: 1_000,
        clients: 1_000_000,
        bigCorporationClients: 20_000,
        subscriptionsPerProperty: 3,
        realtorsPerCorporation: 5,
      };
}
