/**
 * The reminder service end to end on the real database and a real SMTP server (smtp-server):
 * due reminders become outbox emails once, two dispatchers never send one twice, an outage of
 * the mail server loses nothing, and an unsubscribed client gets nothing more.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { unsubscribeMessages, type UnsubscribePreview } from '@homeminder/shared/contracts/mail';
import { localDateOf, REMINDER_LOCAL_HOUR } from '@homeminder/shared/schedule';
import { ACME_TENANT_ID, BIRCH_TENANT_ID, demoRemindersDueAtStart } from '../../db/demo-data';
import { serverSecret, signer } from '../../lib/signing';
import { headerOf, testSmtpServer, type Received } from '../../test/smtp-server';
import { describeEachDriver, expectErrors } from '../../test/test-app';
import { reminderDispatcher } from './dispatcher';
import { outboxSender, retryPolicy, smtpTransport, type SmtpTransport } from './sender';

const portalUrl = 'http://portal.example/ui/';

const subjectOf = (message: Received) => headerOf(message, 'Subject');

interface DueRow {
  id: string;
  email: string;
  first_name: string;
  address_line: string;
  task: string;
}

describeEachDriver('reminder service', (t) => {
  const smtp = testSmtpServer();
  const setup = () => {
    const db = t.database.db;
    const signing = signer(serverSecret(db));
    return {
      signing,
      dispatcher: (batchSize?: number) =>
        reminderDispatcher({
          db,
          signing,
          portalUrl,
          quietHours: false,
          now: t.clock.now,
          ...(batchSize ? { batchSize } : {}),
        }),
    };
  };
  let sender: ReturnType<typeof outboxSender>;
  let transport: SmtpTransport | undefined;

  beforeAll(async () => {
    await smtp.start();
    transport = await smtpTransport(smtp.url, 'HomeMinder <no-reply@portal.example>');
    sender = outboxSender({ db: t.database.db, transport, quietHours: false, now: t.clock.now });
  });
  afterAll(async () => {
    transport?.close();
    await smtp.stop();
  });

  /** Subscriptions the dispatcher may send now, with what their email must say. */
  const dueNow = () =>
    t.rows<DueRow>(sql`
      select s.id, c.email, c.first_name, p.address_line, r.name as task
        from reminder_subscriptions s
        join properties p on p.tenant_id = s.tenant_id and p.id = s.property_id
        join client_users c on c.tenant_id = p.tenant_id and c.id = p.client_user_id
        join reminders r on r.id = s.reminder_id
       where s.next_due_at <= ${t.clock.now().toISOString()}::timestamptz
         and p.enabled and not p.pending and c.enabled and c.unsubscribed_at is null`);

  const makeDue = (where: ReturnType<typeof sql>) =>
    t.rows(
      sql`update reminder_subscriptions s set next_due_at = ${new Date(
        t.clock.now().getTime() - 60_000,
      ).toISOString()}::timestamptz where ${where}`,
    );

  /** Makes every reminder of a corporation due, and returns what is then due: more than `atLeast`. */
  const allDue = async (tenantId: string, atLeast: number) => {
    await makeDue(sql`s.tenant_id = ${tenantId}`);
    const due = await dueNow();
    expect(due.length).toBeGreaterThan(atLeast);
    return due;
  };

  it('sends the demo reminders due after start-up once, to the right client, with an unsubscribe link', async () => {
    const { dispatcher } = setup();
    expect(await dispatcher().dispatchDue()).toBe(0);
    t.clock.advance(60_000);
    const due = await dueNow();
    expect(due).toHaveLength(demoRemindersDueAtStart);

    expect(await dispatcher().dispatchDue()).toBe(demoRemindersDueAtStart);
    expect(await sender.sendDue()).toMatchObject({ sent: demoRemindersDueAtStart, retrying: 0, failed: 0 });
    expect(smtp.received).toHaveLength(demoRemindersDueAtStart);
    for (const row of due) {
      const mail = smtp.received.filter((message) => message.to.includes(row.email));
      expect(mail, row.email).toHaveLength(1);
      const body = mail[0]!.body;
      expect(subjectOf(mail[0]!)).toBe(`Reminder: ${row.task} at ${row.address_line}`);
      expect(body).toContain(`Hello ${row.first_name},`);
      expect(body).toContain(row.address_line);
      expect(body).toContain('Acme Realty');
      expect(body).toMatch(/Unsubscribe: http:\/\/portal\.example\/ui\/unsubscribe\?token=[\w-]+/);
      expect(body).toContain('Content-Type: text/html');
    }

    // Nothing more: the due dates moved on, to 09:00 local time of a later day.
    expect(await dispatcher().dispatchDue()).toBe(0);
    expect(await sender.sendDue()).toMatchObject({ sent: 0 });
    expect(smtp.received).toHaveLength(demoRemindersDueAtStart);
    const moved = await t.rows<{ next_due_at: Date | string }>(
      sql`select next_due_at from reminder_subscriptions where id in ${sql.raw(`('${due.map((row) => row.id).join("','")}')`)}`,
    );
    for (const row of moved) {
      const next = new Date(row.next_due_at);
      expect(next.getTime()).toBeGreaterThan(t.clock.now().getTime());
      const local = new Intl.DateTimeFormat('en-US', {
        timeZone: 'America/New_York',
        hour: 'numeric',
        hourCycle: 'h23',
      }).format(next);
      expect(Number(local)).toBe(REMINDER_LOCAL_HOUR);
      expect(localDateOf(next, 'America/New_York')).not.toEqual(
        localDateOf(t.clock.now(), 'America/New_York'),
      );
    }
  });

  it("carries the corporation's name, a Message-ID of the sending domain and one-click unsubscribe headers", async () => {
    const acme = smtp.received.filter((message) =>
      headerOf(message, 'From')?.startsWith('Acme Realty Home Care <'),
    );
    expect(acme.length).toBeGreaterThan(1);
    const message = acme.find((one) => one.to[0] !== smtp.received[0]!.to[0])!;
    // The corporation's site name, on the service's own mailbox.
    expect(headerOf(message, 'From')).toBe('Acme Realty Home Care <no-reply@portal.example>');
    expect(headerOf(message, 'Message-ID')).toMatch(/^<[0-9a-f-]{36}@portal\.example>$/);
    expect(headerOf(message, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const listUnsubscribe = headerOf(message, 'List-Unsubscribe')!;
    const [, oneClick, mailto] = /^<(http[^>]+)>, ?<(mailto:[^>]+)>$/.exec(listUnsubscribe)!;
    expect(mailto).toMatch(/^mailto:no-reply@portal\.example\?subject=Unsubscribe&body=http/);
    const url = new URL(oneClick!);
    expect(url.pathname).toBe('/ui/api/mail/unsubscribe');
    expect(message.body).toMatch(/Due (Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day, [A-Z][a-z]+ \d{1,2}, \d{4}/);

    // What a mail program does for its own unsubscribe button: a POST with no page, no sign-in.
    const post = (payload: string, contentType = 'application/x-www-form-urlencoded') =>
      t.app.inject({
        method: 'POST',
        url: `${url.pathname}${url.search}`,
        headers: { 'content-type': contentType },
        payload,
      });
    expectErrors(await post('List-Unsubscribe=Yes'), 400, unsubscribeMessages.oneClickOnly);
    const done = await post('List-Unsubscribe=One-Click');
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ message: unsubscribeMessages.done });
    const [client] = await t.rows<{ unsubscribed_at: unknown }>(
      sql`select unsubscribed_at from client_users where lower(email) = ${message.to[0]!.toLowerCase()}`,
    );
    expect(client!.unsubscribed_at).not.toBeNull();
    // Pressed again: harmless, the same response.
    expect((await post('List-Unsubscribe=One-Click')).statusCode).toBe(200);
    // A person who opens the address is sent to the page, which asks first.
    const opened = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(opened.statusCode).toBe(303);
    expect(new URL(opened.headers.location!, `http://portal.example${url.pathname}`).pathname).toBe(
      '/ui/unsubscribe',
    );
  });

  it('two dispatchers running at once send each reminder exactly once', async () => {
    const { dispatcher } = setup();
    const due = await allDue(ACME_TENANT_ID, 50);
    const before = smtp.received.length;

    const counts = await Promise.all([dispatcher(7).dispatchDue(), dispatcher(7).dispatchDue()]);
    expect(counts[0] + counts[1]).toBe(due.length);
    await sender.sendDue();

    const arrived = smtp.received.slice(before);
    expect(arrived).toHaveLength(due.length);
    const subjects = arrived.map((message) => `${message.to.join()}|${subjectOf(message)}`);
    expect(new Set(subjects).size).toBe(due.length);
    for (const row of due) {
      expect(subjects).toContain(`${row.email}|Reminder: ${row.task} at ${row.address_line}`);
    }
    const [{ n }] = (await t.rows<{ n: number }>(
      sql`select count(*)::int as n from email_outbox where kind = 'reminder' and status = 'sent'`,
    )) as [{ n: number }];
    expect(n).toBe(before + due.length);
  });

  it('keeps every message while the mail server is down and delivers all when it returns', async () => {
    const { dispatcher } = setup();
    const due = await allDue(BIRCH_TENANT_ID, 5);
    const before = smtp.received.length;

    await smtp.stop();
    expect(await dispatcher().dispatchDue()).toBe(due.length);
    expect(await sender.sendDue()).toMatchObject({ sent: 0, retrying: due.length, failed: 0 });
    const waiting = await t.rows<{ status: string; attempts: number; last_error: string | null }>(
      sql`select status, attempts, last_error from email_outbox where tenant_id = ${BIRCH_TENANT_ID} and kind = 'reminder'`,
    );
    expect(waiting).toHaveLength(due.length);
    for (const row of waiting) {
      expect(row).toMatchObject({ status: 'pending', attempts: 1 });
      expect(row.last_error).toBeTruthy();
    }
    // Backing off: not tried again before its time, still down at the next try.
    expect(await sender.sendDue()).toMatchObject({ sent: 0, retrying: 0 });
    t.clock.advance(retryPolicy.firstDelayMs + 1_000);
    expect(await sender.sendDue()).toMatchObject({ sent: 0, retrying: due.length });
    expect(smtp.received.length).toBe(before);

    await smtp.start();
    expect(await sender.sendDue()).toMatchObject({ sent: 0 }); // the second back-off is longer
    t.clock.advance(2 * retryPolicy.firstDelayMs + 1_000);
    expect(await sender.sendDue()).toMatchObject({ sent: due.length, retrying: 0 });
    const arrived = smtp.received.slice(before);
    expect(arrived).toHaveLength(due.length);
    expect(new Set(arrived.flatMap((message) => message.to))).toEqual(new Set(due.map((row) => row.email)));
    const statuses = await t.rows<{ status: string; attempts: number }>(
      sql`select status, attempts from email_outbox where tenant_id = ${BIRCH_TENANT_ID} and kind = 'reminder'`,
    );
    expect(statuses.every((row) => row.status === 'sent' && row.attempts === 3)).toBe(true);
  });

  it('an unsubscribe link stops the client’s reminders; nothing more reaches them', async () => {
    const { dispatcher } = setup();
    const first = smtp.received[0]!;
    const link = /Unsubscribe: (http\S+)/.exec(first.body)![1]!;
    const token = new URL(link).searchParams.get('token')!;
    const address = first.to[0]!;

    const preview = await t.api({ method: 'POST', path: '/auth/unsubscribe/preview', body: { token } });
    expect(preview.statusCode, preview.body).toBe(200);
    const shown = preview.json<UnsubscribePreview>();
    expect(shown).toMatchObject({ corporationName: 'Acme Realty', alreadyUnsubscribed: false });
    expect(shown.emailAddress.endsWith(address.slice(address.indexOf('@')))).toBe(true);

    const done = await t.api({ method: 'POST', path: '/auth/unsubscribe', body: { token } });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ message: unsubscribeMessages.done });
    const [client] = await t.rows<{ id: string; unsubscribed_at: unknown }>(
      sql`select id, unsubscribed_at from client_users where lower(email) = ${address.toLowerCase()}`,
    );
    expect(client!.unsubscribed_at).not.toBeNull();
    const audit = await t.rows<{ action: string }>(
      sql`select action from audit_log where action = 'client.unsubscribed' and record_id = ${client!.id}`,
    );
    expect(audit).toHaveLength(1);
    const again = await t.api({ method: 'POST', path: '/auth/unsubscribe/preview', body: { token } });
    expect(again.json<UnsubscribePreview>().alreadyUnsubscribed).toBe(true);

    // Everything of Acme falls due again: every client gets one, except the one who left.
    await makeDue(sql`s.tenant_id = ${ACME_TENANT_ID}`);
    const before = smtp.received.length;
    const queued = await dispatcher().dispatchDue();
    expect(queued).toBeGreaterThan(0);
    await sender.sendDue();
    const arrived = smtp.received.slice(before);
    expect(arrived).toHaveLength(queued);
    expect(arrived.flatMap((message) => message.to)).not.toContain(address);
  });

  it('refuses a tampered, foreign or expired unsubscribe link with a clear message', async () => {
    const { signing } = setup();
    const first = smtp.received[0]!;
    const token = new URL(/Unsubscribe: (http\S+)/.exec(first.body)![1]!).searchParams.get('token')!;
    const tampered = `${token.slice(0, 10)}${token[10] === 'A' ? 'B' : 'A'}${token.slice(11)}`;
    for (const bad of [tampered, 'not-a-token', token.slice(0, -2)]) {
      const response = await t.api({ method: 'POST', path: '/auth/unsubscribe', body: { token: bad } });
      expectErrors(response, 400, unsubscribeMessages.invalidLink);
    }
    const { mintUnsubscribeToken } = await import('../../lib/signing');
    const [client] = await t.rows<{ id: string }>(
      sql`select id from client_users where tenant_id = ${BIRCH_TENANT_ID} limit 1`,
    );
    const expired = await mintUnsubscribeToken(signing, {
      tenantId: BIRCH_TENANT_ID,
      clientUserId: client!.id,
      expiresAt: new Date(t.clock.now().getTime() - 1_000),
    });
    expectErrors(
      await t.api({ method: 'POST', path: '/auth/unsubscribe/preview', body: { token: expired } }),
      400,
      unsubscribeMessages.invalidLink,
    );
  });

  it('pauses a disabled property and resumes it from its next future date, with no burst', async () => {
    const { dispatcher } = setup();
    const admin = await t.login('admin@birch.test');
    const [property] = await t.rows<{ id: string }>(sql`
      select p.id from properties p join client_users c on c.tenant_id = p.tenant_id and c.id = p.client_user_id
       where p.tenant_id = ${BIRCH_TENANT_ID} and p.enabled and not p.pending and c.enabled
       order by p.id limit 1`);
    const toggle = (action: 'enable' | 'disable') =>
      t.api({
        method: 'POST',
        path: `/clients/${action}`,
        token: admin,
        body: { propertyId: property!.id, tenantId: BIRCH_TENANT_ID },
      });
    expect((await toggle('disable')).statusCode).toBe(200);
    // Months pass while it is paused.
    await t.rows(
      sql`update reminder_subscriptions set next_due_at = ${new Date(
        t.clock.now().getTime() - 100 * 86_400_000,
      ).toISOString()}::timestamptz where property_id = ${property!.id}`,
    );
    expect(await dispatcher().dispatchDue()).toBe(0);

    expect((await toggle('enable')).statusCode).toBe(200);
    const dates = await t.rows<{ next_due_at: string | Date }>(
      sql`select next_due_at from reminder_subscriptions where property_id = ${property!.id}`,
    );
    expect(dates.length).toBeGreaterThan(0);
    for (const row of dates)
      expect(new Date(row.next_due_at).getTime()).toBeGreaterThan(t.clock.now().getTime());
    expect(await dispatcher().dispatchDue()).toBe(0);
  });

  it("claims a home's reminders due at one moment in the same batch", async () => {
    const { dispatcher } = setup();
    await dispatcher().dispatchDue();
    const homes = await t.rows<{ id: string; client_user_id: string }>(sql`
      select p.id, p.client_user_id from properties p
        join client_users c on c.tenant_id = p.tenant_id and c.id = p.client_user_id
       where p.tenant_id = ${BIRCH_TENANT_ID} and p.enabled and not p.pending and c.enabled
         and c.unsubscribed_at is null
       order by p.id limit 3`);
    const tasks = await t.rows<{ id: string; default_frequency_id: number }>(
      sql`select id, default_frequency_id from reminders order by name limit 3`,
    );
    await t.rows(
      sql`delete from reminder_subscriptions where property_id in ${homes.map((home) => home.id)}`,
    );
    // Written task by task, so that a home's rows lie apart and only the claim's order joins them.
    const dueAt = new Date(t.clock.nowMs() - 60_000).toISOString();
    for (const task of tasks)
      for (const home of homes)
        await t.rows(sql`insert into reminder_subscriptions
            (tenant_id, property_id, reminder_id, maintenance_frequency_id, next_due_at, anchor_on)
          values (${BIRCH_TENANT_ID}, ${home.id}, ${task.id}, ${task.default_frequency_id},
                  ${dueAt}::timestamptz, ${dueAt}::date)`);
    await t.rows(sql`update client_users set unanswered_reminders = 0
      where id in ${homes.map((home) => home.client_user_id)}`);

    // A batch the size of a home's reminders: each batch moves one home's reminders on, at its own moment.
    const batches = dispatcher(tasks.length);
    while ((await batches.dispatchBatch()).claimed > 0) t.clock.advance(1_000);
    const moments = await t.rows<{ moments: number }>(sql`
      select count(distinct updated_at)::int as moments from reminder_subscriptions
       where property_id in ${homes.map((home) => home.id)} group by property_id`);
    expect(moments).toEqual(homes.map(() => ({ moments: 1 })));
  });
});
