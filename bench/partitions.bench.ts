// Partitioning an existing database (migration 0042, docs/decisions/108): fourteen months of mail
// and of audit entries, written before the upgrade, carried into their monthly partitions by the
// migration, the tables' indexes kept as the rows arrive.
//
// Baseline: the same rows copied into unpartitioned tables with the same indexes, one
// INSERT ... SELECT each: the least a copy of them costs.
//
// Size: 200 000 emails of 4 kB and 400 000 audit entries; 20 000 and 40 000 with --quick.
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { Benchmark } from './harness';

const benchmark: Benchmark = {
  name: 'partitions',
  async run(context) {
    const size = context.quick ? { mail: 20_000, audit: 40_000 } : { mail: 200_000, audit: 400_000 };
    const { handle } = await context.createDatabase('partitions', { before: '0042_monthly_partitions' });
    const db = handle.ownerDb;
    const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
    const tenant = '0a0a0a0a-0000-4000-8000-000000000ac3';

    await db.execute(sql`
      insert into email_outbox (tenant_id, kind, to_address, subject, html, text, status, subscription_id, due_at,
                                created_at, sent_at)
      select ${tenant}::uuid, 'reminder', 'client-' || n || '@bench.test', 'Reminder: replace the HVAC filter',
             repeat('<p>Replace the HVAC filter at ' || n || ' Main Street. </p>', 50),
             repeat('Replace the HVAC filter at ' || n || ' Main Street. ', 50), 'sent', gen_random_uuid(),
             now() - (n % 425) * interval '1 day', now() - (n % 425) * interval '1 day',
             now() - (n % 425) * interval '1 day'
        from generate_series(1, ${size.mail}::int) as n`);
    await db.execute(sql`
      insert into audit_log (tenant_id, actor_user_id, action, record_type, record_id, details, ip_address, at)
      select ${tenant}::uuid, gen_random_uuid(), 'client.updated', 'client-user', gen_random_uuid()::text,
             jsonb_build_object('changes', jsonb_build_array('phone', 'email')), '203.0.113.7',
             now() - (n % 425) * interval '1 day'
        from generate_series(1, ${size.audit}::int) as n`);
    await db.execute(sql`vacuum analyze email_outbox, audit_log`);
    const total = size.mail + size.audit;

    const baselineStart = performance.now();
    await db.execute(sql`create table copy_outbox (like email_outbox including all)`);
    await db.execute(sql`insert into copy_outbox select * from email_outbox`);
    await db.execute(sql`create table copy_audit (like audit_log including all)`);
    await db.execute(sql`insert into copy_audit overriding system value select * from audit_log`);
    const baselineSeconds = (performance.now() - baselineStart) / 1000;
    await db.execute(sql`drop table copy_outbox, copy_audit`);

    const migrationStart = performance.now();
    await handle.migrate();
    const migrationSeconds = (performance.now() - migrationStart) / 1000;

    const [carried] = rowsOf<{ mail: number; audit: number; months: number }>(
      await db.execute(sql`
        select (select count(*)::int from email_outbox) as mail, (select count(*)::int from audit_log) as audit,
               (select count(*)::int from pg_inherits where inhparent = 'email_outbox'::regclass) as months`),
    );
    if (carried?.mail !== size.mail || carried.audit !== size.audit) {
      throw new Error(`rows lost: ${JSON.stringify(carried)}`);
    }
    context.log(
      `${total.toLocaleString('en-US')} rows carried in ${migrationSeconds.toFixed(1)} s into ` +
        `${carried.months} partitions of the outbox (months, earlier and later)`,
    );
    context.record({
      metric: 'migration to monthly partitions: rows carried per second',
      unit: 'rows/s',
      value: total / migrationSeconds,
      baseline: { name: 'the rows copied into unpartitioned tables', value: total / baselineSeconds },
      higherIsBetter: true,
    });
  },
};

export default benchmark;
