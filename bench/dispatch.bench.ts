// Reminder dispatch: every subscription of a large customer base is to be reminded at once (a
// quarter on its due date, the others 3, 7 or 14 days ahead of it), and the dispatcher turns them
// into outbox emails (claimed with FOR UPDATE SKIP LOCKED in batches, each email rendered in HTML
// and text with its signed reply and unsubscribe links, dates moved on), with two dispatchers
// running side by side, each in a process of its own as on two servers.
//
// Baseline: the same write done by one set-based statement: an UPDATE moving every date on,
// feeding an INSERT ... SELECT of the outbox rows into a copy of the outbox table. Its emails are
// one rendered email with each row's names, address, task and a token of the same length put in,
// so its rows have the product's size and compress alike; it signs nothing and claims nothing.
//
// Then the monthly email (docs/decisions/103): 100 000 clients (5 000 with --quick) choose it,
// each with every task overdue, and two monthly dispatchers render and queue one email per client;
// its figure is clients a second against the reminders a second of the same run.
//
// Size: 1 000 000 subscriptions, 20 000 with --quick.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { reminderEmail } from '../apps/api/src/modules/mail/reminder-email';
import { generateWorld } from './generate';
import type { Benchmark } from './harness';

const subscriptionsPerProperty = 4;

/**
 * Two dispatchers, each in a process of its own as on two servers (`dispatch-process.ts`), started
 * together once both are ready; how many each queued and the seconds from the start to the last.
 */
async function inTwoProcesses(databaseUrl: string, job: 'reminders' | 'monthly') {
  const processes = [1, 2].map(() => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', new URL('./dispatch-process.ts', import.meta.url).pathname, databaseUrl, job],
      { stdio: ['pipe', 'pipe', 'inherit'] },
    );
    const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
    const next = async () => {
      const line = await lines.next();
      if (line.done) throw new Error(`a ${job} dispatcher ended early (exit ${child.exitCode})`);
      return line.value;
    };
    return { child, next };
  });
  await Promise.all(
    processes.map(async ({ next }) => {
      const said = await next();
      if (said !== 'ready') throw new Error(`a ${job} dispatcher said "${said}" before it was ready`);
    }),
  );
  const start = performance.now();
  for (const { child } of processes) child.stdin.write('go\n');
  const queued = await Promise.all(
    processes.map(async ({ next }) => (JSON.parse(await next()) as { queued: number }).queued),
  );
  return { queued, seconds: (performance.now() - start) / 1000 };
}

const benchmark: Benchmark = {
  name: 'dispatch',
  async run(context) {
    const subscriptions = context.quick ? 20_000 : 1_000_000;
    const clients = subscriptions / subscriptionsPerProperty;
    const { handle, url } = await context.createDatabase('dispatch');
    // Setting up and the baseline work as the tables' owner; the dispatchers as the server does.
    const db = handle.ownerDb;
    const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

    const generateStart = performance.now();
    await generateWorld(db, {
      corporations: 20,
      clients,
      bigCorporationClients: Math.ceil(clients / 10),
      subscriptionsPerProperty,
      realtorsPerCorporation: 5,
    });
    // A quarter of the homes hear on the day, the others 3, 7 or 14 days ahead (decision 102).
    await db.execute(
      sql`update properties set reminder_lead_days = (array[0, 3, 7, 14])[1 + abs(hashtext(id::text)) % 4]`,
    );
    // Every reminder's time to go is now: on the day's due date, or as many days ahead of it.
    const fallDue = async () => {
      await db.execute(sql`
        update reminder_subscriptions s
           set next_due_at = now() - interval '1 hour' + make_interval(days => p.reminder_lead_days),
               reminded_due_at = null
          from properties p
         where p.tenant_id = s.tenant_id and p.id = s.property_id`);
      await db.execute(sql`vacuum analyze reminder_subscriptions`);
    };
    await fallDue();
    const [counts] = rowsOf<{ total: number; sendable: number }>(
      await db.execute(sql`
        select count(*)::int as total,
               (count(*) filter (where p.enabled and not p.pending and c.enabled and c.unsubscribed_at is null))::int as sendable
          from reminder_subscriptions s
          join properties p on p.tenant_id = s.tenant_id and p.id = s.property_id
          join client_users c on c.tenant_id = p.tenant_id and c.id = p.client_user_id`),
    );
    context.log(
      `${counts!.total} subscriptions due (${counts!.sendable} of active clients) made in ` +
        `${((performance.now() - generateStart) / 1000).toFixed(0)} s`,
    );

    // ── the baseline: the same write in one set-based statement ──
    const email = reminderEmail({
      brand: { name: 'Corporation 1', logoUrl: null, colour: '#1864ab' },
      clientFirstName: '{first}',
      clientLastName: '{last}',
      property: { addressLine: '{address}', city: 'Springfield', state: 'IL', zip: '62701' },
      task: '{task}',
      taskDescription: '{description}',
      taskDetails: [],
      frequencyName: 'Every 3 months',
      dueDateText: 'Monday, November 23, 2026',
      realtor: { name: 'Realtor One', email: 'realtor1@c1.bench.test', phone: '555-0100', photoUrl: null },
      // A signed unsubscribe token is 88 characters long.
      unsubscribeUrl: `https://portal.example/ui/unsubscribe?token={token}`,
      // Each reply link carries a signed token of 118 characters.
      replyUrls: {
        done: 'https://portal.example/ui/answer/done?token={done}',
        later: 'https://portal.example/ui/answer/later?token={later}',
        help: 'https://portal.example/ui/answer/help?token={help}',
      },
      headers: {
        'List-Unsubscribe':
          '<https://portal.example/ui/api/mail/unsubscribe?token={token}>, ' +
          '<mailto:no-reply@portal.example?subject=Unsubscribe&body=https%3A%2F%2Fportal.example%2Fui%2Funsubscribe%3Ftoken%3D{token}>',
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    });
    // A reply token's stand-in: 118 characters of the row's ids in some order, unhashed.
    const replyTokenStandIn = (...tables: string[]) =>
      sql.raw(`left(replace(${tables.map((table) => `${table}.id::text`).join(' || ')}, '-', ''), 118)`);
    const fill = (template: string) => sql`
      replace(replace(replace(replace(replace(replace(replace(replace(replace(${template}::text,
        '{first}', c.first_name), '{last}', c.last_name), '{address}', p.address_line),
        '{task}', r.name), '{description}', r.description),
        '{token}', left(translate(encode(sha512(m.id::text::bytea), 'base64'), E'\\n', ''), 88)),
        '{done}', ${replyTokenStandIn('m', 'p', 'c', 'r')}), '{later}', ${replyTokenStandIn('p', 'c', 'r', 'm')}),
        '{help}', ${replyTokenStandIn('c', 'r', 'm', 'p')})`;
    await db.execute(sql`create table bench_outbox (like email_outbox including all)`);
    const baselineStart = performance.now();
    await db.execute(sql`
      with moved as (
        update reminder_subscriptions s
           set next_due_at = case when s.next_due_at > now() then s.next_due_at
                                  else s.next_due_at + make_interval(months => f.interval_months) end,
               reminded_due_at = case when s.next_due_at > now() then s.next_due_at end,
               last_sent_at = now(), updated_at = now()
          from maintenance_frequencies f
         where f.id = s.maintenance_frequency_id and s.remind_at <= now()
        returning s.tenant_id, s.id, s.property_id, s.reminder_id,
                  coalesce(s.reminded_due_at, s.next_due_at - make_interval(months => f.interval_months)) as due_at)
      insert into bench_outbox
        (tenant_id, kind, to_address, from_name, headers, subject, html, text, subscription_id, due_at)
      select m.tenant_id, 'reminder', c.email, 'Corporation 1', ${fill(JSON.stringify(email.headers))}::jsonb,
             'Reminder: ' || r.name || ' at ' || p.address_line,
             ${fill(email.html)}, ${fill(email.text)}, m.id, m.due_at
        from moved m
        join properties p on p.tenant_id = m.tenant_id and p.id = m.property_id
        join client_users c on c.tenant_id = p.tenant_id and c.id = p.client_user_id
        join reminders r on r.id = m.reminder_id
       where p.enabled and not p.pending and c.enabled and c.unsubscribed_at is null`);
    const baselineSeconds = (performance.now() - baselineStart) / 1000;
    const [sizes] = rowsOf<{ baseline: number }>(
      await db.execute(sql`select avg(length(html) + length(text))::int as baseline from bench_outbox`),
    );
    // Everything falls due again for the product.
    await fallDue();

    // ── the product: two dispatchers at once, as two server processes ──
    const { queued, seconds: dispatchSeconds } = await inTwoProcesses(url, 'reminders');
    const total = queued[0]! + queued[1]!;

    const [check] = rowsOf<{ outbox: number; distinct: number; stillDue: number; bytesPerEmail: number }>(
      await db.execute(sql`select
          (select count(*)::int from email_outbox) as outbox,
          (select count(distinct (tenant_id, subscription_id))::int from email_outbox) as "distinct",
          (select count(*)::int from reminder_subscriptions where remind_at <= now()) as "stillDue",
          (select avg(length(html) + length(text))::int from email_outbox) as "bytesPerEmail"`),
    );
    if (
      total !== counts!.sendable ||
      check!.outbox !== total ||
      check!.distinct !== total ||
      check!.stillDue !== 0
    )
      throw new Error(`dispatch wrote the wrong emails: ${JSON.stringify({ total, ...counts, ...check })}`);
    context.log(
      `${total} reminders queued in ${dispatchSeconds.toFixed(1)} s by two dispatchers ` +
        `(${queued[0]} and ${queued[1]}); baseline in ${baselineSeconds.toFixed(1)} s; ` +
        `${check!.bytesPerEmail} characters of HTML and text per email, ${sizes!.baseline} in the baseline's`,
    );

    context.record({
      metric: `due-reminder dispatch, ${counts!.total} subscriptions (${total} emails), two dispatchers: reminders per second`,
      unit: 'reminders/s',
      value: total / dispatchSeconds,
      baseline: {
        name: `one set-based UPDATE and INSERT ... SELECT of the same ${total} emails`,
        value: total / baselineSeconds,
      },
      higherIsBetter: true,
    });

    // ── the monthly email: each of its clients' tasks overdue, one email per client ──
    const monthlyClients = context.quick ? 5_000 : 100_000;
    const [eligible] = rowsOf<{ n: number }>(
      await db.execute(sql`
        with chosen as (
          update client_users set email_cadence = 'monthly', monthly_sent_for = null
           where (tenant_id, id) in (select tenant_id, id from client_users order by id limit ${monthlyClients})
          returning tenant_id, id, enabled, unsubscribed_at),
        due as (
          update reminder_subscriptions s set passed_due_at = now() - interval '2 days'
            from properties p, chosen c
           where p.tenant_id = s.tenant_id and p.id = s.property_id and c.tenant_id = p.tenant_id
             and c.id = p.client_user_id
          returning p.tenant_id, p.client_user_id, p.enabled, p.pending)
        select count(distinct (c.tenant_id, c.id))::int as n from chosen c
          join due d on d.tenant_id = c.tenant_id and d.client_user_id = c.id
         where c.enabled and c.unsubscribed_at is null and d.enabled and not d.pending`),
    );
    await db.execute(sql`vacuum analyze client_users`);
    const { queued: monthlyQueued, seconds: monthlySeconds } = await inTwoProcesses(url, 'monthly');
    const monthlyTotal = monthlyQueued[0]! + monthlyQueued[1]!;
    const [monthlyCheck] = rowsOf<{ emails: number; clients: number }>(
      await db.execute(sql`select count(*)::int as emails, count(distinct lower(to_address))::int as clients
        from email_outbox where kind = 'reminder-monthly'`),
    );
    if (
      monthlyTotal !== eligible!.n ||
      monthlyCheck!.emails !== monthlyTotal ||
      monthlyCheck!.clients !== monthlyTotal
    )
      throw new Error(
        `the monthly email went wrong: ${JSON.stringify({ monthlyTotal, ...eligible, ...monthlyCheck })}`,
      );
    context.log(
      `${monthlyTotal} monthly emails (of ${monthlyClients} clients choosing it) queued in ${monthlySeconds.toFixed(1)} s ` +
        `by two dispatchers`,
    );
    context.record({
      metric: `monthly email, ${monthlyTotal} clients with ${subscriptionsPerProperty} overdue tasks each, two dispatchers: clients per second`,
      unit: 'clients/s',
      value: monthlyTotal / monthlySeconds,
      baseline: { name: 'single reminders per second of the dispatch above', value: total / dispatchSeconds },
      higherIsBetter: true,
    });
  },
};
export default benchmark;
