import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import type { ReplyPreview, ReplyResult, ClientTimeline } from '@homeminder/shared/contracts/replies';
import { replyMessages, type ReplyKind } from '@homeminder/shared/reply-words';
import { formatDueDateInWords } from '@homeminder/shared/due-date';
import { localDateOf, localDateText, occurrenceAt, zonedInstant } from '@homeminder/shared/schedule';
import { ACME_TENANT_ID, BIRCH_TENANT_ID } from '../../db/demo-data';
import { replyTokenLifetimeMs, mintReplyToken } from '../../lib/reply-token';
import { serverSecret, signer } from '../../lib/signing';
import { homeownerPassword, registeredHomeowner } from '../../test/homeowners';
import { describeEachDriver, expectErrors, signInBeforeAll } from '../../test/test-app';
import { careRecordRepository, homeHealthRepository } from '../home-record';
import { reminderDispatcher } from '../mail';
import { repliesRepository } from './replies.repository';
import { timelineRepository } from './timeline.repository';
import { repliesService } from './replies.service';

const zone = 'America/New_York';
const dayMs = 86_400_000;
/** Where the test app's emails link: PUBLIC_URL unset, port 8080, base path /ui/. */
const portalUrl = 'http://localhost:8080/ui/';

interface Subscription {
  id: string;
  client_id: string;
  interval_months: number;
  realtor_email: string;
}

describeEachDriver('reminder replies from the links of an email', (t) => {
  const token = signInBeforeAll(t, ['admin@acme.test', 'realtor@acme.test', 'realtor2@acme.test']);
  let subscriptions: Subscription[];
  const signing = () => signer(serverSecret(t.database.db));

  beforeAll(async () => {
    subscriptions = await t.rows<Subscription>(sql`
      select s.id::text as id, c.id::text as client_id, f.interval_months, r.email as realtor_email
        from reminder_subscriptions s
        join properties p on p.tenant_id = s.tenant_id and p.id = s.property_id
        join client_users c on c.tenant_id = p.tenant_id and c.id = p.client_user_id
        join tenant_users r on r.tenant_id = c.tenant_id and r.id = c.realtor_id
        join maintenance_frequencies f on f.id = s.maintenance_frequency_id
       where s.tenant_id = ${ACME_TENANT_ID} and r.email = 'realtor@acme.test'
         and c.enabled and p.enabled and not p.pending
         -- A seasonal task's next date waits for its season; these tests count whole intervals.
         and s.season is null
       order by c.last_name, c.id, s.id`);
    // One subscription per client, so no test's reply moves another's.
    const seen = new Set<string>();
    subscriptions = subscriptions.filter((one) => !seen.has(one.client_id) && seen.add(one.client_id));
    expect(subscriptions.length).toBeGreaterThanOrEqual(7);
  });

  /** Makes the subscription fall due now, sends its reminder and returns the links of the email. */
  async function sendReminder(subscriptionId: string) {
    const dueAt = new Date(t.clock.nowMs() - 1000);
    await t.rows(sql`update reminder_subscriptions set next_due_at = ${dueAt.toISOString()}::timestamptz
      where tenant_id = ${ACME_TENANT_ID} and id = ${subscriptionId}`);
    return linksOfSent(subscriptionId, dueAt);
  }

  async function linksOfSent(subscriptionId: string, dueAt: Date) {
    const db = t.database.db;
    await reminderDispatcher({
      db,
      quietHours: false,
      signing: signing(),
      portalUrl,
      now: t.clock.now,
    }).dispatchDue();
    const [email] = await t.rows<{ text: string; html: string }>(sql`select text, html from email_outbox
      where tenant_id = ${ACME_TENANT_ID} and subscription_id = ${subscriptionId}
        and due_at = ${dueAt.toISOString()}::timestamptz`);
    expect(email, 'the reminder was sent').toBeDefined();
    const tokenOf = (kind: ReplyKind) => {
      const match = new RegExp(`/ui/answer/${kind}\\?token=([\\w%-]+)`).exec(email!.text);
      expect(email!.html).toContain(`/ui/answer/${kind}?token=${match![1]}`);
      return decodeURIComponent(match![1]!);
    };
    return { dueAt, done: tokenOf('done'), later: tokenOf('later'), help: tokenOf('help') };
  }

  // The link's token is the proof; `session` is a sign-in the browser may also send.
  const preview = (kind: string, value: string, session?: string) =>
    t.api({ method: 'POST', path: `/answers/${kind}/preview`, body: { token: value }, token: session });
  const reply = (kind: string, value: string, extra: object = {}, session?: string) =>
    t.api({ method: 'POST', path: `/answers/${kind}`, body: { token: value, ...extra }, token: session });

  const scheduleOf = async (id: string) =>
    (
      await t.rows<{
        next_due_at: Date | string;
        anchor_on: string;
      }>(sql`select next_due_at, anchor_on::text as anchor_on
        from reminder_subscriptions where tenant_id = ${ACME_TENANT_ID} and id = ${id}`)
    )[0]!;
  const nextDue = async (id: string) => new Date((await scheduleOf(id)).next_due_at).toISOString();
  /** Everything a reply may change, as one string. */
  const fingerprint = async () =>
    (
      await t.rows<{ f: string }>(sql`select md5(
        coalesce((select string_agg(row_to_json(a)::text, '|' order by a.id) from reminder_answers a), '')
        || coalesce((select string_agg(s.id || s.next_due_at::text || s.anchor_on::text, '|' order by s.id) from reminder_subscriptions s), '')
        || (select count(*)::text from email_outbox)) as f`)
    )[0]!.f;

  it('shows what a link will do, and a GET or a preview changes nothing', async () => {
    const [subscription] = subscriptions;
    const links = await sendReminder(subscription!.id);
    const before = await fingerprint();
    const shown = await preview('done', links.done);
    expect(shown.statusCode, shown.body).toBe(200);
    const body = shown.json<ReplyPreview>();
    expect(body).toMatchObject({
      action: 'done',
      brand: { name: 'Acme Realty Home Care' },
      alreadyRecorded: null,
      refusal: null,
    });
    expect(body.dueDateText).toMatch(/^\w+day, \w+ \d{1,2}, \d{4}$/);
    expect(body.today).toBe(localDateText(localDateOf(t.clock.now(), zone)));
    for (const path of [
      `/answers/done?token=${links.done}`,
      `/answers/done`,
      `/answers/done/preview?token=${links.done}`,
    ]) {
      expect((await t.api({ path })).statusCode).toBeGreaterThanOrEqual(400);
    }
    expect(
      (await t.api({ path: `//ui/answer/done?token=${encodeURIComponent(links.done)}` })).statusCode,
    ).toBeLessThan(500);
    expect(await fingerprint()).toBe(before);
  });

  it('"done" moves the next due date one interval from the day it was done; twice is harmless', async () => {
    const subscription = subscriptions[0]!;
    const links = await sendReminder(subscription.id);
    const first = await reply('done', links.done, { note: 'New filter, the 20x25 kind.' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<ReplyResult>()).toMatchObject({ message: replyMessages.done, recorded: true });
    const today = localDateOf(t.clock.now(), zone);
    expect(await scheduleOf(subscription.id)).toMatchObject({ anchor_on: localDateText(today) });
    const expectedNext = occurrenceAt(today, 1, subscription.interval_months, zone);
    expect(await nextDue(subscription.id)).toBe(expectedNext.toISOString());
    expect(first.json<ReplyResult>().nextDueText).toBe(formatDueDateInWords(expectedNext, zone));
    const [row] = await t.rows<
      Record<string, unknown>
    >(sql`select kind, source, note, done_on::text as done_on
      from reminder_answers where subscription_id = ${subscription.id}`);
    expect(row).toEqual({
      kind: 'done',
      source: 'email',
      note: 'New filter, the 20x25 kind.',
      done_on: localDateText(today),
    });

    const before = await fingerprint();
    const again = await reply('done', links.done);
    expect(again.statusCode).toBe(200);
    expect(again.json<ReplyResult>().recorded).toBe(false);
    expect(again.json<ReplyResult>().message).toMatch(/^Already recorded on \w+day, /);
    expect((await preview('done', links.done)).json<ReplyPreview>().alreadyRecorded).not.toBeNull();
    // Put off after done: refused, nothing changes.
    expectErrors(await reply('later', links.later), 409, replyMessages.alreadyDone);
    expect(await fingerprint()).toBe(before);
  });

  it('"done" on a day given counts from that day; a day in the future or a long note is refused', async () => {
    const subscription = subscriptions[1]!;
    const links = await sendReminder(subscription.id);
    const before = await fingerprint();
    const tomorrow = localDateText(localDateOf(new Date(t.clock.nowMs() + dayMs), zone));
    expectErrors(await reply('done', links.done, { doneOn: tomorrow }), 400, replyMessages.doneOnInFuture);
    expectErrors(await reply('done', links.done, { doneOn: '2026-02-30' }), 400, replyMessages.doneOnInvalid);
    expectErrors(await reply('done', links.done, { note: 'x'.repeat(1001) }), 400, replyMessages.noteTooLong);
    expect(await fingerprint()).toBe(before);
    const fiveDaysAgo = localDateOf(new Date(t.clock.nowMs() - 5 * dayMs), zone);
    expect((await reply('done', links.done, { doneOn: localDateText(fiveDaysAgo) })).statusCode).toBe(200);
    expect(await nextDue(subscription.id)).toBe(
      occurrenceAt(fiveDaysAgo, 1, subscription.interval_months, zone).toISOString(),
    );
  });

  it('"help" emails the realtor at once with the details, escaped; without a realtor the administrators', async () => {
    const subscription = subscriptions[2]!;
    const links = await sendReminder(subscription.id);
    const note = 'Water on the <b>floor</b> & "a smell"';
    const first = await reply('help', links.help, { note });
    expect(first.json<ReplyResult>()).toEqual({
      message: replyMessages.help,
      nextDueText: null,
      recorded: true,
    });
    const [client] = await t.rows<{ first_name: string; last_name: string; email: string }>(
      sql`select first_name, last_name, email from client_users where id = ${subscription.client_id}`,
    );
    const sent = await t.rows<{
      to_address: string;
      subject: string;
      html: string;
      text: string;
      status: string;
      headers: Record<string, string> | null;
    }>(
      sql`select to_address, subject, html, text, status, headers from email_outbox where kind = 'help-request'`,
    );
    expect(sent).toHaveLength(1);
    expect(sent[0]!.to_address).toBe('realtor@acme.test');
    // The realtor's reply goes straight to the client.
    expect(sent[0]!.headers).toEqual({ 'Reply-To': client!.email });
    expect(sent[0]!.status).toBe('pending');
    expect(sent[0]!.subject).toMatch(/^Help asked: /);
    expect(sent[0]!.text).toContain(`${client!.first_name} ${client!.last_name}`);
    expect(sent[0]!.text).toContain(`Email: ${client!.email}`);
    expect(sent[0]!.text).toMatch(/Phone: \(555\) 020-\d{4}/);
    expect(sent[0]!.text).toContain(`Their note: "${note}"`);
    expect(sent[0]!.html).toContain('Water on the &#60;b&#62;floor&#60;/b&#62; &#38; &#34;a smell&#34;');
    expect(sent[0]!.html).not.toContain('<b>floor');
    expect(sent[0]!.html).toContain('Acme Realty');
    // A link to the client's details, for the realtor to open and act on.
    const clientUrl = `${portalUrl}clients?open=${subscription.client_id}`;
    expect(sent[0]!.text).toContain(
      `Open ${client!.first_name} ${client!.last_name}'s details: ${clientUrl}`,
    );
    expect(sent[0]!.html).toContain(`href="${clientUrl}"`);
    // Twice: nothing more is sent.
    expect((await reply('help', links.help)).json<ReplyResult>().recorded).toBe(false);
    expect(await t.rows(sql`select 1 from email_outbox where kind = 'help-request'`)).toHaveLength(1);

    const orphan = subscriptions[3]!;
    await t.rows(sql`update client_users set realtor_id = null where id = ${orphan.client_id}`);
    const orphanLinks = await sendReminder(orphan.id);
    expect((await reply('help', orphanLinks.help)).statusCode).toBe(200);
    const toAdmins = await t.rows<{ to_address: string }>(
      sql`select to_address from email_outbox where kind = 'help-request' and to_address <> 'realtor@acme.test'`,
    );
    expect(toAdmins.map((row) => row.to_address)).toEqual(['admin@acme.test']);
  });

  it('refuses an altered, expired, foreign or other-action token, and changes nothing', async () => {
    const subscription = subscriptions[4]!;
    const links = await sendReminder(subscription.id);
    const other = subscriptions[5]!;
    const mint = (claim: Partial<Parameters<typeof mintReplyToken>[1]>) =>
      mintReplyToken(signing(), {
        kind: 'done',
        tenantId: ACME_TENANT_ID,
        clientUserId: subscription.client_id,
        subscriptionId: subscription.id,
        dueAt: links.dueAt,
        expiresAt: new Date(t.clock.nowMs() + replyTokenLifetimeMs),
        ...claim,
      });
    const flip = (value: string, at: number) =>
      `${value.slice(0, at)}${value[at] === 'A' ? 'B' : 'A'}${value.slice(at + 1)}`;
    const refused: Array<[string, string]> = [
      ['done', flip(links.done, 10)],
      ['done', flip(links.done, links.done.length - 3)],
      ['done', links.done.slice(0, -1)],
      ['done', 'not-a-token'],
      ['done', await mint({ expiresAt: new Date(t.clock.nowMs() - 1000) })],
      // Another client's subscription under this client, and another corporation's.
      ['done', await mint({ subscriptionId: other.id })],
      ['done', await mint({ tenantId: BIRCH_TENANT_ID })],
      // A link of one reply replayed for another.
      ['later', links.done],
      ['help', links.done],
      ['done', links.later],
      ['done', links.help],
    ];
    const before = await fingerprint();
    for (const [kind, value] of refused) {
      expectErrors(await preview(kind, value), 400, replyMessages.invalidLink);
      expectErrors(await reply(kind, value), 400, replyMessages.invalidLink);
    }
    expectErrors(await reply('unknown', links.done), 400);
    expectErrors(await reply('done', ''), 400);
    expect(await fingerprint()).toBe(before);
  });

  it('shows staff a client’s replies, newest first, only to those who may see the client', async () => {
    const subscription = subscriptions[0]!;
    const path = `/clients/client/${subscription.client_id}/activity`;
    const response = await t.api({ path, token: token('realtor@acme.test') });
    expect(response.statusCode, response.body).toBe(200);
    const replied = (timeline: ClientTimeline) =>
      timeline.items.filter((item) => item.kind !== 'reminder-sent');
    const items = replied(response.json<ClientTimeline>());
    expect(items.map((item) => item.kind)).toEqual(['done']);
    expect(items[0]).toMatchObject({
      actor: { kind: 'homeowner-email', name: null },
      note: 'New filter, the 20x25 kind.',
    });
    expect(
      replied((await t.api({ path, token: token('admin@acme.test') })).json<ClientTimeline>()),
    ).toHaveLength(1);
    expectErrors(await t.api({ path, token: token('realtor2@acme.test') }), 404);
    expectErrors(await t.api({ path }), 401);

    // The export counts them per client: one "done", no put-off, no help.
    const [client] = await t.rows<{ email: string }>(
      sql`select email from client_users where id = ${subscription.client_id}`,
    );
    const exported = await t.api({
      method: 'POST',
      path: '/clients/export',
      token: token('realtor@acme.test'),
      body: { search: client!.email, status: 'all' },
    });
    const lines = exported.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toMatch(/,Done,Put off,Help asked,Last activity,Needs attention$/);
    // The reply is the client's last activity, dated in the corporation's zone.
    expect(lines.slice(1).every((line) => /,1,0,0,\d{2}[A-Z]{3}\d{4},[^,]*$/.test(line))).toBe(true);
  });

  it('"later" moves the occurrence a week, sends it again then, at most three times', async () => {
    const subscription = subscriptions[5]!;
    let links = await sendReminder(subscription.id);
    const regularNext = await nextDue(subscription.id);
    const anchor = (await scheduleOf(subscription.id)).anchor_on;
    for (let time = 1; time <= 3; time += 1) {
      const shown = (await preview('later', links.later)).json<ReplyPreview>();
      expect(shown.putOffsLeft).toBe(4 - time);
      const moved = await reply('later', links.later);
      expect(moved.json<ReplyResult>(), moved.body).toMatchObject({
        message: replyMessages.later,
        nextDueText: shown.movedToText,
        recorded: true,
      });
      const expected = zonedInstant(localDateOf(new Date(links.dueAt.getTime() + 7 * dayMs), zone), 9, zone);
      expect(await nextDue(subscription.id)).toBe(expected.toISOString());
      expect(shown.movedToText).toBeTruthy();
      // Replying to the same email again moves nothing.
      const again = await reply('later', links.later);
      expect(again.json<ReplyResult>().recorded).toBe(false);
      expect(await nextDue(subscription.id)).toBe(expected.toISOString());
      // On the new date the dispatcher sends the occurrence again, once, and the schedule goes on as before.
      t.clock.advance(expected.getTime() - t.clock.nowMs() + 60_000);
      links = await linksOfSent(subscription.id, expected);
      expect(await nextDue(subscription.id)).toBe(regularNext);
      expect((await scheduleOf(subscription.id)).anchor_on).toBe(anchor);
    }
    const before = await fingerprint();
    expect((await preview('later', links.later)).json<ReplyPreview>()).toMatchObject({
      putOffsLeft: 0,
      refusal: replyMessages.tooManyPutOffs,
    });
    expectErrors(await reply('later', links.later), 409, replyMessages.tooManyPutOffs);
    expect(await fingerprint()).toBe(before);
    const rows = await t.rows<{ n: number; occurrences: number }>(sql`select count(*)::int as n,
      count(distinct due_at)::int as occurrences from reminder_answers where subscription_id = ${subscription.id}`);
    expect(rows[0]).toEqual({ n: 3, occurrences: 1 });
  });

  it('records a signed-in reply through the same service, for a reminder not sent yet', async () => {
    const subscription = subscriptions[6]!;
    // Not sent yet, and due within the month in which "remind me later" is offered.
    const soon = new Date(t.clock.nowMs() + 10 * dayMs).toISOString();
    await t.rows(
      sql`update reminder_subscriptions set next_due_at = ${soon}::timestamptz where id = ${subscription.id}`,
    );
    const dueAt = new Date(await nextDue(subscription.id));
    const service = repliesService({
      replies: repliesRepository(t.database.db),
      careRecord: careRecordRepository(t.database.db),
      health: homeHealthRepository(t.database.db),
      timeline: timelineRepository(t.database.db),
      signing: signing(),
      portalUrl,
      now: t.clock.now,
    });
    const input = {
      tenantId: ACME_TENANT_ID,
      clientUserId: subscription.client_id,
      subscriptionId: subscription.id,
      dueAt,
      kind: 'later' as const,
      source: 'signed-in' as const,
    };
    expect(await service.recordReply(input)).toMatchObject({ recorded: true });
    const from = dueAt.getTime() > t.clock.nowMs() ? dueAt : t.clock.now();
    const expected = zonedInstant(localDateOf(new Date(from.getTime() + 7 * dayMs), zone), 9, zone);
    expect(await nextDue(subscription.id)).toBe(expected.toISOString());
    expect(await service.recordReply(input)).toMatchObject({ recorded: false });
    const [row] = await t.rows<{ source: string }>(
      sql`select source from reminder_answers where subscription_id = ${subscription.id}`,
    );
    expect(row!.source).toBe('signed-in');
    // Another client's subscription is not found.
    await expect(
      service.recordReply({ ...input, clientUserId: subscriptions[0]!.client_id }),
    ).rejects.toThrow(replyMessages.unknownSubscription);
  });

  it('works in a browser where the homeowner or a staff member is signed in', async () => {
    // The link is the proof: a session the browser also sends neither helps nor hinders.
    const homeowner = await registeredHomeowner(t, 'realtor2@acme.test');
    const [own] = await t.rows<{ id: string }>(sql`select s.id::text as id from reminder_subscriptions s
      join properties p on p.tenant_id = s.tenant_id and p.id = s.property_id
      where s.tenant_id = ${ACME_TENANT_ID} and p.client_user_id = ${homeowner.id} order by s.id limit 1`);
    const links = await sendReminder(own!.id);
    const signedIn = await t.login(homeowner.email, homeownerPassword);
    for (const session of [signedIn, token('realtor@acme.test')]) {
      const shown = await preview('done', links.done, session);
      expect(shown.statusCode, shown.body).toBe(200);
    }
    const done = await reply('done', links.done, {}, signedIn);
    expect(done.statusCode, done.body).toBe(200);
    const recorded = await t.rows<{ kind: string }>(
      sql`select kind from reminder_answers where tenant_id = ${ACME_TENANT_ID} and subscription_id = ${own!.id}`,
    );
    expect(recorded.map((row) => row.kind)).toEqual(['done']);
  });
});
