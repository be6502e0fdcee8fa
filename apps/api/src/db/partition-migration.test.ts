import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { withAllTenants } from './data-scope';
import { insertReminderEmails, type ReminderOutboxRow } from './email-outbox';
import { migrateBefore } from '../test/migrations-before';
import { createTestDatabase, drivers, queryRows, skipDriver, type TestDatabase } from '../test/test-app';

const tenantId = '0a0a0a0a-0000-4000-8000-0000000000aa';
const subscriptionId = '0a0a0a0a-0000-4000-8000-0000000000bb';

/** Every row of both tables as text, and how many: what a migration must carry over whole. */
const contents = sql`
  select (select count(*)::int from email_outbox) as mail,
         (select md5(string_agg(o::text, '|' order by o.id)) from email_outbox o) as mail_digest,
         (select count(*)::int from audit_log) as audit,
         (select md5(string_agg(a::text, '|' order by a.id)) from audit_log a) as audit_digest`;

for (const driver of drivers) {
  describe.skipIf(skipDriver(driver))(`partitioning an existing database [${driver}]`, () => {
    let test: TestDatabase | undefined;
    afterAll(() => test?.dispose());

    it('carries every outbox and audit row over, ids and reminder keys included', async () => {
      test = await createTestDatabase(driver);
      const database = test.database;
      await migrateBefore(database, '0042_monthly_partitions');

      // Two years of mail, a reminder among each month's, and audit entries with their ids.
      await queryRows(
        database,
        sql`
        insert into email_outbox (tenant_id, kind, to_address, subject, html, text, status, subscription_id, due_at, created_at)
        select ${tenantId}::uuid, case when n % 10 = 0 then 'reminder' else 'test' end, 'old-' || n || '@outbox.test',
               'Subject ' || n, '<p>' || n || '</p>', 'Text ' || n, 'sent',
               case when n % 10 = 0 then ${subscriptionId}::uuid end,
               case when n % 10 = 0 then date_trunc('milliseconds', now()) - n * interval '3 days' end, now() - n * interval '3 days'
          from generate_series(1, 240) as n`,
      );
      await queryRows(
        database,
        sql`
        insert into audit_log (tenant_id, action, details, at)
        select ${tenantId}::uuid, 'test.action', jsonb_build_object('n', n), now() - n * interval '2 days'
          from generate_series(1, 300) as n`,
      );
      const [was] = await queryRows<Record<string, unknown>>(database, contents);

      await database.migrate();
      const [is] = await queryRows<Record<string, unknown>>(database, contents);
      expect(is).toEqual(was);
      expect(was).toMatchObject({ mail: 240, audit: 300 });

      const [layout] = await queryRows<{ months: number; earlier: number; keys: number }>(
        database,
        sql`
        select (select count(*)::int from pg_inherits i join pg_class c on c.oid = i.inhrelid
                 where i.inhparent = 'email_outbox'::regclass and c.relname ~ '_\\d{4}_\\d{2}$') as months,
               (select count(*)::int from email_outbox_earlier) as earlier,
               (select count(*)::int from reminder_email_keys) as keys`,
      );
      // From the oldest row's month to three ahead; nothing left below the first month.
      expect(layout!.months).toBeGreaterThanOrEqual(24 + 3);
      expect(layout!.earlier).toBe(0);
      expect(layout!.keys).toBe(24);

      // The identity carries on after the highest id copied.
      await queryRows(
        database,
        sql`insert into audit_log (tenant_id, action) values (${tenantId}::uuid, 'test.after')`,
      );
      const [ids] = await queryRows<{ after: number; before: number }>(
        database,
        sql`
        select max(id) filter (where action = 'test.after') as after,
               max(id) filter (where action = 'test.action') as before from audit_log`,
      );
      expect(Number(ids!.after)).toBeGreaterThan(Number(ids!.before));

      // A reminder already sent months ago is not queued again now, in another month's partition.
      const [sent] = await queryRows<{ due_at: Date }>(
        database,
        sql`
        select due_at from email_outbox where kind = 'reminder' order by due_at limit 1`,
      );
      const again: ReminderOutboxRow = {
        tenant_id: tenantId,
        kind: 'reminder',
        to_address: 'again@outbox.test',
        from_name: 'Test',
        headers: undefined,
        subject: 'Again',
        html: '<p>Again</p>',
        text: 'Again',
        subscription_id: subscriptionId,
        due_at: new Date(sent!.due_at).toISOString(),
        time_zone: 'UTC',
        next_attempt_at: new Date().toISOString(),
      };
      const fresh = { ...again, to_address: 'fresh@outbox.test', due_at: new Date().toISOString() };
      await withAllTenants(database.db, () => insertReminderEmails(database.db, [again, fresh], new Date()));
      const queued = await queryRows<{ to_address: string }>(
        database,
        sql`
        select to_address from email_outbox where to_address in ('again@outbox.test', 'fresh@outbox.test')`,
      );
      expect(queued.map((row) => row.to_address)).toEqual(['fresh@outbox.test']);
    });
  });
}
