import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from './client';
import { withAllTenants } from './data-scope';

/**
 * The monthly partitions of the outbox and the audit log (docs/decisions/108): the months ahead
 * made before rows arrive, and the months past keeping dropped whole. The work is the migration's
 * SQL functions `make_month_partitions` and `drop_month_partitions`; this decides the months.
 */

/** The tables partitioned by month, each with the setting of how long its rows are kept. */
export const monthlyTables = ['email_outbox', 'audit_log'] as const;
export type MonthlyTable = (typeof monthlyTables)[number];

export interface Retention {
  /** Months of sent mail kept (MAIL_RETENTION_MONTHS). */
  email_outbox: number;
  /** Months of audit entries kept (AUDIT_RETENTION_MONTHS). */
  audit_log: number;
}

/** Months made ahead of today, so that a node down for a while still finds its month made. */
export const monthsAhead = 3;

/**
 * How stale a partitioned table's own statistics may grow. Autovacuum analyzes each month but
 * never the table above them, whose statistics the planner needs to estimate a join over all
 * months; without them it guesses.
 */
export const analyzeEvery = '1 day';

/** The first moment kept: `months` before `now`. Partitions wholly before it are dropped. */
export function keepFrom(now: Date, months: number): Date {
  const at = new Date(now);
  at.setUTCMonth(at.getUTCMonth() - months);
  return at;
}

/**
 * Makes the months ahead and drops those past keeping, as the tables' owner (only an owner may),
 * and analyzes each table once a day; answers how many months it made and dropped. Reminder keys
 * older than the mail kept go with it: a due date that old is never dispatched again.
 */
export async function keepPartitions(
  { db, ownerDb }: Pick<DatabaseHandle, 'db' | 'ownerDb'>,
  retention: Retention,
  now: Date,
): Promise<number> {
  const ahead = new Date(now);
  ahead.setUTCMonth(ahead.getUTCMonth() + monthsAhead);
  let changed = 0;
  for (const table of monthlyTables) {
    const cutoff = keepFrom(now, retention[table]).toISOString();
    // Attaching and detaching lock the whole table for a moment: behind a long query, give up
    // rather than hold every request behind the lock; the next hour tries again.
    const result = await ownerDb.transaction(async (tx) => {
      await tx.execute(sql`set local lock_timeout = '2s'`);
      return tx.execute(sql`
        select make_month_partitions(${table}::regclass, ${now.toISOString()}::timestamptz, ${ahead.toISOString()}::timestamptz)
             + drop_month_partitions(${table}::regclass, ${cutoff}::timestamptz) as changed`);
    });
    changed += Number((result as { rows: Array<{ changed: number }> }).rows[0]?.changed ?? 0);
    await analyzeWhenStale(ownerDb, table);
  }
  const keysBefore = keepFrom(now, retention.email_outbox).toISOString();
  await withAllTenants(db, () =>
    db.execute(sql`delete from reminder_email_keys where due_at < ${keysBefore}::timestamptz`),
  );
  return changed;
}

/** Analyzes `table` (and its months) when its own statistics are missing or older than `analyzeEvery`. */
async function analyzeWhenStale(ownerDb: DatabaseHandle['ownerDb'], table: MonthlyTable): Promise<void> {
  const result = await ownerDb.execute(sql`
    select coalesce(max(last_analyze) < now() - ${analyzeEvery}::interval, true) as stale
      from pg_stat_user_tables where relid = ${table}::regclass`);
  if ((result as { rows: Array<{ stale: boolean }> }).rows[0]?.stale)
    await ownerDb.execute(sql.raw(`analyze ${table}`));
}
