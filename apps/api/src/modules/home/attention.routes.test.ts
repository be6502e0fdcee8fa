import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import {
  attentionMessages,
  attentionRules,
  type AttentionList,
  type HelpHandledResult,
} from '@homeminder/shared/contracts/attention';
import type { ClientActivity, ClientTimeline } from '@homeminder/shared/contracts/replies';
import { ACME_TENANT_ID, BIRCH_TENANT_ID } from '../../db/demo-data';
import { askedHelp, attentionClientsOf, type AttentionClient } from '../../test/attention';
import { auditActions } from '../../test/audit';
import { homeownerPassword, registeredHomeowner } from '../../test/homeowners';
import { withTenant } from '../../db/data-scope';
import { attentionRepository } from './attention.repository';
import { describeEachDriver, expectErrors, signInBeforeAll } from '../../test/test-app';

const dayMs = 86_400_000;

type Client = AttentionClient;
const clientsOf = attentionClientsOf;

describeEachDriver('who needs attention, and help requests marked handled', (t) => {
  const token = signInBeforeAll(t);
  const ago = (days: number) => new Date(t.clock.nowMs() - days * dayMs).toISOString();
  let rita: Client[];
  let other: Client[];
  let birch: Client[];
  const helpIds: Record<string, string> = {};

  const help = (client: Client, daysAgo: number, note: string, tenantId = ACME_TENANT_ID) =>
    askedHelp(t, client, daysAgo, note, tenantId);
  async function emailed(client: Client, dueDaysAgo: number, status = 'sent') {
    await t.rows(sql`insert into email_outbox
        (tenant_id, kind, to_address, subject, html, text, subscription_id, due_at, status, created_at)
      values (${ACME_TENANT_ID}, 'reminder', ${client.email}, 'Reminder', '', '', ${client.subscription},
        ${ago(dueDaysAgo)}::timestamptz, ${status}, ${ago(dueDaysAgo)}::timestamptz)`);
  }
  async function done(client: Client, dueDaysAgo: number, repliedDaysAgo: number) {
    await t.rows(sql`insert into reminder_answers
        (tenant_id, kind, client_user_id, property_id, subscription_id, reminder_id, due_at, done_on, source, created_at)
      values (${ACME_TENANT_ID}, 'done', ${client.id}, ${client.property}, ${client.subscription}, ${client.reminder},
        ${ago(dueDaysAgo)}::timestamptz, ${ago(repliedDaysAgo).slice(0, 10)}, 'email', ${ago(repliedDaysAgo)}::timestamptz)`);
  }

  beforeAll(async () => {
    rita = await clientsOf(t, ACME_TENANT_ID, 'realtor@acme.test');
    other = await clientsOf(t, ACME_TENANT_ID, 'realtor2@acme.test');
    birch = await clientsOf(t, BIRCH_TENANT_ID, 'realtor@birch.test');
    expect(rita.length).toBeGreaterThanOrEqual(10);

    helpIds.rita = await help(rita[0]!, 2, 'The gutter is loose');
    helpIds.other = await help(other[0]!, 1, 'Who can fix the furnace?');
    helpIds.birch = await help(birch[0]!, 1, 'Birch Homes question', BIRCH_TENANT_ID);

    // Overdue: replied once, then a reminder 40 days ago with no "done" since.
    await emailed(rita[1]!, 190);
    await done(rita[1]!, 190, 185);
    await emailed(rita[1]!, 40);
    // Not overdue: its reminder of 40 days ago was done 35 days ago.
    await done(rita[2]!, 40, 35);
    await emailed(rita[2]!, 40);
    // Not overdue: never replied to a reminder, so no "done" is expected of them.
    await emailed(rita[3]!, 60);
    // Not yet: emailed 20 days ago.
    await done(rita[4]!, 200, 199);
    await emailed(rita[4]!, 20);

    // An email that failed for good, to the client's address in another case.
    await t.rows(sql`insert into email_outbox (tenant_id, kind, to_address, subject, html, text, status, created_at)
      values (${ACME_TENANT_ID}, 'client-invitation', ${rita[5]!.email.toUpperCase()}, 'Your invitation', '', '',
        'failed', ${ago(3)}::timestamptz)`);

    // Unsubscribed 5 days ago (listed) and 40 days ago (not).
    await t.rows(
      sql`update client_users set unsubscribed_at = ${ago(5)}::timestamptz where id = ${rita[6]!.id}`,
    );
    await t.rows(
      sql`update client_users set unsubscribed_at = ${ago(40)}::timestamptz where id = ${rita[7]!.id}`,
    );

    // Invited 15 days ago (listed: expired a week later) and 3 days ago (not yet).
    await t.rows(sql`update client_users set invitation_code = 'code-8',
      invitation_expires_at = ${ago(8)}::timestamptz where id = ${rita[8]!.id}`);
    await t.rows(sql`update client_users set invitation_code = 'code-9',
      invitation_expires_at = ${ago(-4)}::timestamptz where id = ${rita[9]!.id}`);
  });

  async function attention(email: string, query = ''): Promise<AttentionList> {
    const response = await t.api({ path: `/home/attention${query}`, token: token(email) });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<AttentionList>();
  }
  const reasonsOf = (list: AttentionList) => list.items.map((item) => `${item.reason} ${item.clientId}`);

  it("lists a realtor's own clients for each reason, newest first", async () => {
    const list = await attention('realtor@acme.test');
    expect(reasonsOf(list)).toEqual([
      `help ${rita[0]!.id}`,
      `failedEmail ${rita[5]!.id}`,
      `unsubscribed ${rita[6]!.id}`,
      `invitation ${rita[8]!.id}`,
      `overdue ${rita[1]!.id}`,
    ]);
    expect(list.counts).toEqual({
      help: 1,
      overdue: 1,
      failedEmail: 1,
      bounced: 0,
      markedSpam: 0,
      unsubscribed: 1,
      invitation: 1,
      replacement: 0,
      warranty: 0,
      quiet: 0,
      failedText: 0,
    });
    expect(list.total).toBe(5);
    const [helpRow, failed, , invitation, overdue] = list.items;
    expect(helpRow).toMatchObject({
      answerId: helpIds.rita,
      detail: 'The gutter is loose',
      propertyId: rita[0]!.property,
      email: rita[0]!.email,
      since: ago(2),
    });
    expect(helpRow!.realtorName).toBeTruthy();
    expect(helpRow!.task).toBeTruthy();
    expect(failed).toMatchObject({ detail: 'Your invitation', since: ago(3) });
    expect(invitation!.since).toBe(ago(15));
    // Overdue since the first reminder emailed after the last "done".
    expect(overdue).toMatchObject({ since: ago(40), answerId: null, propertyId: rita[1]!.property });
    // A manager's realtor filter cannot widen a realtor's scope.
    expect(reasonsOf(await attention('realtor@acme.test', `?realtorId=${other[0]!.id}`))).toEqual(
      reasonsOf(list),
    );
  });

  it('lists the whole corporation for a manager, one realtor when chosen, and pages', async () => {
    const list = await attention('manager@acme.test');
    expect(reasonsOf(list)).toEqual([
      `help ${other[0]!.id}`,
      ...reasonsOf(await attention('realtor@acme.test')),
    ]);
    expect(list.counts.help).toBe(2);
    expect(JSON.stringify(list)).not.toContain('Birch');
    const [realtor2] = await t.rows<{ id: string }>(
      sql`select id::text as id from tenant_users where email = 'realtor2@acme.test'`,
    );
    const filtered = await attention('admin@acme.test', `?realtorId=${realtor2!.id}`);
    expect(reasonsOf(filtered)).toEqual([`help ${other[0]!.id}`]);
    const second = await attention('manager@acme.test', '?page=2');
    expect(second.items).toEqual([]);
    expect(second.total).toBe(6);
    expect(attentionRules.pageSize).toBeGreaterThanOrEqual(6);
    expectErrors(await t.api({ path: '/home/attention?page=0', token: token('manager@acme.test') }), 400);
    expectErrors(
      await t.api({ path: '/home/attention?realtorId=nope', token: token('manager@acme.test') }),
      400,
    );
  });

  it("keeps another corporation's list to itself, and needs the right to manage clients", async () => {
    const birchList = await attention('admin@birch.test');
    expect(reasonsOf(birchList)).toEqual([`help ${birch[0]!.id}`]);
    expectErrors(await t.api({ path: '/home/attention' }), 401);
  });

  it('marks a help request handled: off the list, in the activity and the audit log', async () => {
    const path = (id: string) => `/clients/help/${id}/handled`;
    const post = (email: string, id: string, body: unknown) =>
      t.api({ method: 'POST', path: path(id), token: token(email), body });

    // Bad notes are refused with the rules' words.
    expectErrors(await post('realtor@acme.test', helpIds.rita!, {}), 400, attentionMessages.noteRequired);
    expectErrors(
      await post('realtor@acme.test', helpIds.rita!, { note: '   ' }),
      400,
      attentionMessages.noteRequired,
    );
    expectErrors(
      await post('realtor@acme.test', helpIds.rita!, {
        note: 'x'.repeat(attentionRules.handledNoteMaxLength + 1),
      }),
      400,
      attentionMessages.noteTooLong,
    );
    expectErrors(await post('realtor@acme.test', 'not-an-id', { note: 'Called' }), 400);
    // Another realtor's, another corporation's, and a reply that is not a help request: not found.
    expectErrors(await post('realtor@acme.test', helpIds.other!, { note: 'Called' }), 404);
    expectErrors(await post('admin@acme.test', helpIds.birch!, { note: 'Called' }), 404);
    const [doneReply] = await t.rows<{ id: string }>(
      sql`select id::text as id from reminder_answers where kind = 'done' limit 1`,
    );
    expectErrors(await post('admin@acme.test', doneReply!.id, { note: 'Called' }), 404);

    const handled = await post('realtor@acme.test', helpIds.rita!, { note: '  Called her; roofer booked  ' });
    expect(handled.statusCode, handled.body).toBe(200);
    const result = handled.json<HelpHandledResult>();
    expect(result.message).toMatch(/^Marked handled\./);
    expect(result.handledAt).toBe(t.clock.now().toISOString());

    const list = await attention('realtor@acme.test');
    expect(list.counts.help).toBe(0);
    expect(reasonsOf(list)).not.toContain(`help ${rita[0]!.id}`);
    expect((await attention('manager@acme.test')).counts.help).toBe(1);

    // Twice is refused, saying who did it.
    expectErrors(await post('manager@acme.test', helpIds.rita!, { note: 'Again' }), 409);

    const activity = await t.api({
      path: `/clients/client/${rita[0]!.id}/activity`,
      token: token('manager@acme.test'),
    });
    const item = activity.json<ClientTimeline>().items.find((one) => one.id === `handled:${helpIds.rita}`);
    expect(item).toMatchObject({
      kind: 'help-handled',
      at: result.handledAt,
      actor: { kind: 'staff', name: result.handledByName },
      note: 'Called her; roofer booked',
    });
    expect(await auditActions(t, rita[0]!.id)).toContain('client.help-handled');
    // The other corporation's request is untouched.
    const [birchRow] = await t.rows<{ handled_at: string | null }>(
      sql`select handled_at from reminder_answers where id = ${helpIds.birch}`,
    );
    expect(birchRow!.handled_at).toBeNull();
  });

  it("tells the homeowner their request is in hand, without the staff's note", async () => {
    const homeowner = await registeredHomeowner(t, 'realtor@acme.test', 3);
    const [subscription] = await t.rows<Client>(sql`
      select c.id::text as id, c.email, s.id::text as subscription, s.reminder_id::text as reminder,
             p.id::text as property
        from client_users c
        join properties p on p.tenant_id = c.tenant_id and p.client_user_id = c.id
        join reminder_subscriptions s on s.tenant_id = p.tenant_id and s.property_id = p.id
       where c.id = ${homeowner.id} order by s.id limit 1`);
    const replyId = await help(subscription!, 0, 'Which filter size?');
    const own = await t.login(homeowner.email, homeownerPassword);
    const before = (await t.api({ path: '/homeowner/history', token: own })).json<ClientActivity>();
    expect(before.items.find((item) => item.id === replyId)).toMatchObject({ handledAt: null });

    const handled = await t.api({
      method: 'POST',
      path: `/clients/help/${replyId}/handled`,
      token: await t.login('manager@acme.test'),
      body: { note: 'Internal: offered the 20x25 at cost' },
    });
    expect(handled.statusCode, handled.body).toBe(200);
    const after = await t.api({ path: '/homeowner/history', token: own });
    expect(after.json<ClientActivity>().items.find((item) => item.id === replyId)).toMatchObject({
      handledAt: handled.json<HelpHandledResult>().handledAt,
      handledByName: null,
      handledNote: null,
    });
    expect(after.body).not.toContain('Internal');
  });

  it("gives the morning digest a realtor's list in words", async () => {
    const [realtor] = await t.rows<{ id: string }>(
      sql`select id::text as id from tenant_users where email = 'realtor2@acme.test'`,
    );
    // As the digest asks: inside the corporation's transaction.
    const items = await withTenant(t.database.db, ACME_TENANT_ID, () =>
      attentionRepository(t.database.db).digestItems(ACME_TENANT_ID, realtor!.id, t.clock.now()),
    );
    expect(items).toHaveLength(1);
    expect(items[0]!.reason).toMatch(/^Asked for help with “.+”\.$/);
    expect(items[0]!.since).toEqual(new Date(ago(1)));
    expect(items[0]!.email).toBe(other[0]!.email);
    expect(items[0]!.clientName).toBeTruthy();
    // The digest links each line to the client.
    expect(items[0]!.clientId).toBe(other[0]!.id);
  });

  it('follows the clock: an unsubscribe leaves the list after 30 days', async () => {
    t.clock.advance(26 * dayMs);
    const response = await t.api({ path: '/home/attention', token: await t.login('realtor@acme.test') });
    const list = response.json<AttentionList>();
    expect(list.counts.unsubscribed).toBe(0);
    // The reminder rita[4] was sent 46 days ago is now overdue.
    expect(reasonsOf(list)).toContain(`overdue ${rita[4]!.id}`);
  });
});
