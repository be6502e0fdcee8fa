// What every benchmark gets from the runner: its own PostgreSQL database, the quick flag, and a
// place to record figures. A figure is always printed beside a baseline measured in the same run,
// so the ratio means something on any machine.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../apps/api/src/db/client';
import { prepareDatabase } from '../apps/api/src/db/prepare';
import { migrateBefore } from '../apps/api/src/test/migrations-before';

export interface Figure {
  /** What was measured, e.g. "client grid, realtor: requests per second". */
  metric: string;
  unit: string;
  value: number;
  /** The baseline's description and value, measured in the same run. */
  baseline: { name: string; value: number };
  /** Rows per second and requests per second are better higher; latencies and sizes lower. */
  higherIsBetter: boolean;
  /** The goal as a ratio of the baseline (at least this much of it, or at most when lower is better). */
  goalRatio?: number;
}

export interface BenchDatabase {
  url: string;
  handle: DatabaseHandle;
  /** Drops the database; the runner also drops every database it made when the run ends. */
  drop(): Promise<void>;
}

export interface BenchContext {
  /** `--quick`: small data, a run of the whole suite in under two minutes. */
  quick: boolean;
  /**
   * A fresh, migrated database of its own (reference data only, no demo data); with `before`, one
   * migrated only up to that migration, as an installation not yet upgraded.
   */
  createDatabase(label: string, options?: { before?: string }): Promise<BenchDatabase>;
  record(figure: Figure): void;
  log(message: string): void;
}

export interface Benchmark {
  name: string;
  run(context: BenchContext): Promise<void>;
}

/** The server the databases are made on: `DATABASE_URL`, default the machine's PostgreSQL. */
export const adminUrl =
  process.env.DATABASE_URL ??
  `postgres://${encodeURIComponent(process.env.PGUSER ?? 'postgres')}@127.0.0.1:5432/test`;

async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export function databaseFactory(): {
  createDatabase: BenchContext['createDatabase'];
  dropAll(): Promise<void>;
} {
  const made: BenchDatabase[] = [];
  return {
    async createDatabase(label, options = {}) {
      const name = `homeminder_bench_${label.replace(/\W+/g, '_')}_${randomBytes(4).toString('hex')}`;
      await adminQuery(`CREATE DATABASE "${name}"`);
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      const handle = await openDatabase({ databaseUrl: url.toString(), dataDir: 'unused' });
      if (options.before) await migrateBefore(handle, options.before);
      else await prepareDatabase(handle, { seedDemo: false });
      let dropped = false;
      const database: BenchDatabase = {
        url: url.toString(),
        handle,
        async drop() {
          if (dropped) return;
          dropped = true;
          await handle.close().catch(() => undefined);
          await adminQuery(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
        },
      };
      made.push(database);
      return database;
    },
    async dropAll() {
      for (const database of made.splice(0)) await database.drop();
    },
  };
}

/** The figure relative to its baseline, oriented so that 1 means "as good as the baseline". */
export function ratioOf(figure: Figure): number {
  if (figure.value === 0 || figure.baseline.value === 0) return 0;
  return figure.higherIsBetter ? figure.value / figure.baseline.value : figure.baseline.value / figure.value;
}

/** The middle value (the mean of the two middle ones for an even count); 0 for none. */
export function median(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/**
 * Growth: the p97.5 of one corporation in a small and in a large database, both servers up at once
 * and measured in turns, so that what else the machine does falls on both sides alike; recorded
 * as the median of the large one's against the small one's, the goal within 1.2 times.
 */
export async function recordGrowthInTurns(
  context: BenchContext,
  options: {
    /** What is measured, e.g. "client grid, manager". */
    subject: string;
    /** The p97.5 in milliseconds of a load of `seconds` on the small (0) or the large (1) database. */
    measure: (side: 0 | 1, seconds: number) => Promise<number>;
    largeClients: number;
    /** How long each turn loads a side. */
    roundSeconds: number;
  },
): Promise<void> {
  const { measure } = options;
  const rounds = context.quick ? 3 : 5;
  const warmUpSeconds = context.quick ? 1 : 3;
  const large = options.largeClients.toLocaleString('en-US');
  for (const side of [0, 1] as const) await measure(side, warmUpSeconds);
  const smallP: number[] = [];
  const largeP: number[] = [];
  for (let round = 1; round <= rounds; round += 1) {
    smallP.push(await measure(0, options.roundSeconds));
    largeP.push(await measure(1, options.roundSeconds));
    context.log(
      `growth round ${round}: p97.5 ${smallP.at(-1)!.toFixed(1)} ms (10,000 clients), ${largeP.at(-1)!.toFixed(1)} ms (${large})`,
    );
  }
  context.record({
    metric: `${options.subject}: p97.5 with ${large} clients in the database (median of ${rounds} turns)`,
    unit: 'ms',
    value: median(largeP),
    baseline: { name: '10,000 clients in the database', value: median(smallP) },
    higherIsBetter: false,
    goalRatio: 1 / 1.2,
  });
}
