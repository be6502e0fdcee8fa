import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { AuditPage } from '@homeminder/shared/contracts/audit';
import type { SentMailPage } from '@homeminder/shared/contracts/mail';
import { ACME_TENANT_ID } from './demo-data';
import { keepFrom, keepPartitions } from './partitions';
import { describeEachDriver, type TestApp } from '../test/test-app';

/** The first moment of the UTC month `back` months before `now`. */
function monthStart(now: Date, back: number): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
}

const monthName = (table: string, at: Date) =>
  `${table}_${at.getUTCFullYear()}_${String(at.getUTCMonth() + 1).padStart(2, '0')}`;

/** The partitions of a table, by name. */
async function partitionsOf(t: TestApp, table: string): Promise<string[]> {
  const rows = await t.rows<{ name: string }>(sql`
    select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
     where i.inhparent = ${table}::regclass order by 1`);
  return rows.map((row) => row.name);
}

/** The tables a query's plan reads; with `ran`, only those the run reached. */
async function planTables(t: TestApp, query: ReturnType<typeof sql>, ran = false): Promise<string[]> {
  const explain = ran ? sql`explain (analyze, format json) ` : sql`explain (format json) `;
  const [row] = await t.rows<{ 'QUERY PLAN': unknown }>(sql.join([explain, query]));
  const plan = row!['QUERY PLAN'];
  const tables = new Set<string>();
  const visit = (node: Record<string, unknown>) => {
    const reached = !ran || Number(node['Actual Loops'] ?? 0) > 0;
    if (typeof node['Relation Name'] === 'string' && reached) tables.add(node['Relation Name']);
    for (const child of (node['Plans'] as Record<string, unknown>[] | undefined) ?? []) visit(child);
  };
  // node-postgres parses the JSON; PGlite hands it over as text.
  const plans = (typeof plan === 'string' ? JSON.parse(plan) : plan) as Array<{
    Plan: Record<string, unknown>;
  }>;
  visit(plans[0]!.Plan);
  return [...tables].sort();
}

describeEachDriver('the outbox and audit log by month', (t) => {
  const now = new Date();
  const months = Array.from({ length: 14 }, (_, back) => back);
  // A year and more of mail and audit: on the 2nd of each month, two emails sent and two failed,
  // three audit entries.
  const writtenIn = (back: number) => new Date(monthStart(now, back).getTime() + 86_400_000 + 43_200_000);

  it('keeps each month apart, drops the months past keeping, and the screens page and filter across the rest', async () => {
    for (const back of months) {
      const at = writtenIn(back).toISOString();
      await t.rows(sql`
        insert into email_outbox (tenant_id, kind, to_address, subject, html, text, status, created_at, next_attempt_at)
        select ${ACME_TENANT_ID}::uuid, 'test', 'month-' || ${back}::int || '-' || n || '@outbox.test', 'Test', '<p>Test</p>',
               'Test', case when n <= 2 then 'sent' else 'failed' end, ${at}::timestamptz, ${at}::timestamptz
          from generate_series(1, 4) as n`);
      await t.rows(sql`
        insert into audit_log (tenant_id, action, at)
        select ${ACME_TENANT_ID}::uuid, 'partition.test', ${at}::timestamptz from generate_series(1, 3)`);
    }
    // Months not made yet wait in `_earlier`; making them moves each row into its month.
    for (const table of ['email_outbox', 'audit_log']) {
      await t.rows(
        sql`select make_month_partitions(${table}::regclass, ${monthStart(now, 14).toISOString()}::timestamptz, ${now.toISOString()}::timestamptz)`,
      );
    }
    const placed = await t.rows<{ table: string; created: Date }>(sql`
      select tableoid::regclass::text as table, created_at as created from email_outbox where kind = 'test'`);
    expect(placed).toHaveLength(56);
    for (const row of placed) expect(row.table).toBe(monthName('email_outbox', new Date(row.created)));

    // Six months of mail kept, twelve of audit: the older months are dropped whole.
    const retention = { email_outbox: 6, audit_log: 12 };
    expect(await keepPartitions(t.database, retention, now)).toBeGreaterThan(0);
    const kept = (keep: number) =>
      months.filter((back) => monthStart(now, back - 1).getTime() > keepFrom(now, keep).getTime());
    const outbox = await partitionsOf(t, 'email_outbox');
    for (const back of months) {
      expect(outbox.includes(monthName('email_outbox', monthStart(now, back)))).toBe(kept(6).includes(back));
    }
    expect(outbox).toContain(monthName('email_outbox', monthStart(now, -3)));
    const [counts] = await t.rows<{ mail: number; audit: number }>(sql`
      select (select count(*)::int from email_outbox where kind = 'test') as mail,
             (select count(*)::int from audit_log where action = 'partition.test') as audit`);
    expect(counts).toEqual({ mail: 4 * kept(6).length, audit: 3 * kept(12).length });

    // Sent mail pages through the failed mail of every month kept, newest first.
    const admin = await t.login('admin@acme.test');
    const seen: string[] = [];
    for (let page = 1; ; page += 1) {
      const response = await t.api({
        method: 'POST',
        path: '/admin/mail/query',
        token: admin,
        body: { status: 'failed', page, pageSize: 5 },
      });
      const items = response.json<SentMailPage>().items;
      seen.push(...items.filter((item) => item.kind === 'test').map((item) => item.toAddress));
      if (items.length < 5) break;
    }
    // Newest month first; within a month, in no order of address.
    expect(seen.map((address) => Number(address.split('-')[1]))).toEqual(
      kept(6).flatMap((back) => [back, back]),
    );
    expect(seen.sort()).toEqual(
      kept(6)
        .flatMap((back) => [`month-${back}-3@outbox.test`, `month-${back}-4@outbox.test`])
        .sort(),
    );
    const one = await t.api({
      method: 'POST',
      path: '/admin/mail/query',
      token: admin,
      body: { to: `MONTH-${kept(6).at(-1)}-1@outbox.test` },
    });
    expect(one.json<SentMailPage>().totalItemCount).toBe(1);

    // The audit screen narrowed to three months finds their entries, the whole log those kept.
    const from = monthStart(now, 5).toISOString();
    const to = monthStart(now, 2).toISOString();
    const audit = async (body: Record<string, unknown>) =>
      (
        await t.api({
          method: 'POST',
          path: '/admin/audit/query',
          token: admin,
          body: { action: 'partition.test', ...body },
        })
      ).json<AuditPage>().totalItemCount;
    expect(await audit({ from, to })).toBe(9);
    expect(await audit({})).toBe(3 * kept(12).length);

    // The audit grid's query over three months plans only those months; Sent mail's first page,
    // newest first, reads the newest months and stops. Months of a few rows are read whole and
    // sorted, as they should be: the months are given hundreds of rows each, and analyzed.
    for (const back of kept(6)) {
      const at = writtenIn(back).toISOString();
      await t.rows(sql`
        insert into email_outbox (tenant_id, kind, to_address, subject, html, text, status, created_at, next_attempt_at)
        select ${ACME_TENANT_ID}::uuid, 'filler', 'filler-' || n || '@outbox.test', 'Test', '<p>Test</p>', 'Test',
               'sent', ${at}::timestamptz + n * interval '1 minute', ${at}::timestamptz
          from generate_series(1, 500) as n`);
    }
    await t.rows(sql`analyze email_outbox`);
    const auditPlan = await planTables(
      t,
      sql`select * from audit_log where tenant_id = ${ACME_TENANT_ID}::uuid and at >= ${from}::timestamptz
           and at < ${to}::timestamptz order by at desc, id desc limit 50`,
    );
    expect(auditPlan).toEqual([3, 4, 5].map((back) => monthName('audit_log', monthStart(now, back))).sort());
    const mailPlan = await planTables(
      t,
      sql`select id from email_outbox where tenant_id = ${ACME_TENANT_ID}::uuid order by created_at desc, id desc limit 5`,
      true,
    );
    expect(mailPlan).toContain(monthName('email_outbox', monthStart(now, 0)));
    expect(mailPlan).not.toContain(monthName('email_outbox', monthStart(now, kept(6).at(-1)!)));
    expect(mailPlan).not.toContain('email_outbox_earlier');
  });

  it('gives each partitioned table statistics of its own once a day, which autovacuum never does', async () => {
    const analyzed = async () =>
      t.rows<{ table: string; at: Date | null; columns: number }>(sql`
        select s.relname as table, s.last_analyze as at,
               (select count(*)::int from pg_stats p where p.tablename = s.relname and p.inherited) as columns
          from pg_stat_user_tables s where s.relname in ('email_outbox', 'audit_log') order by 1`);
    const retention = { email_outbox: 13, audit_log: 84 };
    await keepPartitions(t.database, retention, now);
    const first = await analyzed();
    expect(first.map((row) => row.table)).toEqual(['audit_log', 'email_outbox']);
    for (const row of first) {
      expect(row.at).not.toBeNull();
      expect(row.columns).toBeGreaterThan(0);
    }
    // The next hour's run finds the statistics fresh and leaves them.
    await keepPartitions(t.database, retention, now);
    expect((await analyzed()).map((row) => row.at)).toEqual(first.map((row) => row.at));
  });
});
