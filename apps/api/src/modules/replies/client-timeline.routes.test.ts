import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import type { ClientTimeline, ClientTimelineEvent } from '@homeminder/shared/contracts/replies';
import { ACME_TENANT_ID } from '../../db/demo-data';
import { testDispatcher } from '../../test/dispatch';
import { homeownerPassword, registeredHomeowner, type TestHomeowner } from '../../test/homeowners';
import { describeEachDriver, expectErrors, signInBeforeAll } from '../../test/test-app';

const minuteMs = 60_000;

describeEachDriver("a client's timeline on the client panel", (t) => {
  const token = signInBeforeAll(t, [
    'admin@acme.test',
    'realtor@acme.test',
    'realtor2@acme.test',
    'admin@birch.test',
  ]);
  let owner: TestHomeowner;
  let subscriptionId: string;
  let full: ClientTimelineEvent[];

  const timeline = (query = '', as = 'realtor@acme.test') =>
    t.api({ path: `/clients/client/${owner.id}/activity${query}`, token: token(as) });

  beforeAll(async () => {
    // Invited by the realtor and registered through the invitation's link.
    owner = await registeredHomeowner(t, 'realtor@acme.test');
    t.clock.advance(minuteMs);
    const [subscription] = await t.rows<{ id: string }>(sql`
      select s.id from reminder_subscriptions s
        join properties p on p.tenant_id = s.tenant_id and p.id = s.property_id
       where p.client_user_id = ${owner.id} order by s.id limit 1`);
    subscriptionId = subscription!.id;
    // A reminder sent by the portal, replied to with "help" from the signed-in page.
    await t.rows(sql`update reminder_subscriptions set next_due_at = ${new Date(t.clock.nowMs() - 1000).toISOString()}::timestamptz
      where tenant_id = ${ACME_TENANT_ID} and id = ${subscriptionId}`);
    await testDispatcher(t).dispatchDue();
    await t.rows(sql`update email_outbox set status = 'sent', sent_at = ${t.clock.now().toISOString()}::timestamptz
      where subscription_id = ${subscriptionId}`);
    t.clock.advance(minuteMs);
    const homeowner = await t.login(owner.email, homeownerPassword);
    const replied = await t.api({
      method: 'POST',
      path: `/homeowner/reminders/${subscriptionId}/answer`,
      token: homeowner,
      body: { kind: 'help', note: 'The filter will not come out.' },
    });
    expect(replied.statusCode, replied.body).toBe(200);
    // The realtor handles it (the columns the "mark handled" action writes).
    t.clock.advance(minuteMs);
    await t.rows(sql`update reminder_answers set handled_at = ${t.clock.now().toISOString()}::timestamptz,
      handled_by_name = 'Rita Realtor', handled_note = 'Called; a plumber is booked.'
      where client_user_id = ${owner.id} and kind = 'help'`);
    // Unsubscribed by the homeowner signed in, then subscribed again by the realtor.
    t.clock.advance(minuteMs);
    expect(
      (await t.api({ method: 'POST', path: '/homeowner/unsubscribe', token: homeowner })).statusCode,
    ).toBe(200);
    t.clock.advance(minuteMs);
    const again = await t.api({
      method: 'POST',
      path: `/clients/resubscribe/${owner.id}`,
      token: token('realtor@acme.test'),
    });
    expect(again.statusCode, again.body).toBe(200);
    const response = await timeline();
    expect(response.statusCode, response.body).toBe(200);
    full = response.json<ClientTimeline>().items;
  });

  it('lists every kind of event, newest first, each with who did it', async () => {
    const realtorName = await t.rows<{ name: string }>(
      sql`select first_name || ' ' || last_name as name from tenant_users where email = 'realtor@acme.test'`,
    );
    const staff = { kind: 'staff', name: realtorName[0]!.name };
    // The audit log stamps the database's time and the replies the test's clock: the order is
    // checked by the times, and which events came with whom as a set.
    const byKind = (a: [string, unknown], b: [string, unknown]) => a[0].localeCompare(b[0]);
    expect(full.map((item): [string, unknown] => [item.kind, item.actor]).sort(byKind)).toEqual(
      (
        [
          ['resubscribed', staff],
          ['unsubscribed', { kind: 'homeowner-signed-in', name: null }],
          ['help-handled', { kind: 'staff', name: 'Rita Realtor' }],
          ['help', { kind: 'homeowner-signed-in', name: null }],
          ['reminder-sent', { kind: 'system', name: null }],
          ['registered', { kind: 'homeowner-email', name: null }],
          ['invited', staff],
        ] as Array<[string, unknown]>
      ).sort(byKind),
    );
    const replyKinds = full
      .map((item) => item.kind)
      .filter((kind) => kind === 'help' || kind === 'help-handled');
    expect(replyKinds).toEqual(['help-handled', 'help']);
    const times = full.map((item) => Date.parse(item.at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const help = full.find((item) => item.kind === 'help')!;
    expect(help.note).toBe('The filter will not come out.');
    expect(help.task).toBeTruthy();
    expect(help.propertyAddress).toMatch(/, [A-Z]{2} \d{5}/);
    expect(full.find((item) => item.kind === 'help-handled')!.note).toBe('Called; a plumber is booked.');
  });

  it('pages with the cursor, losing and repeating nothing', async () => {
    const seen: ClientTimelineEvent[] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const response = await timeline(`?limit=2${cursor ? `&before=${encodeURIComponent(cursor)}` : ''}`);
      expect(response.statusCode, response.body).toBe(200);
      const page: ClientTimeline = response.json<ClientTimeline>();
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items);
      cursor = page.nextCursor;
    }
    expect(seen).toEqual(full);
    expectErrors(await timeline('?before=not-a-cursor'), 400);
    expectErrors(await timeline('?limit=500'), 400);
  });

  it('shows the client to those who may see them only', async () => {
    expect((await timeline('', 'admin@acme.test')).json<ClientTimeline>().items).toEqual(full);
    expectErrors(await timeline('', 'realtor2@acme.test'), 404);
    expectErrors(await timeline('', 'admin@birch.test'), 404);
    expectErrors(await t.api({ path: `/clients/client/${owner.id}/activity` }), 401);
  });

  it("keeps the client's last activity: the time of their latest reply", async () => {
    const [row] = await t.rows<{ last: string | Date | null; answered: string | Date }>(sql`
      select c.last_activity_at as last, (select max(created_at) from reminder_answers a
        where a.tenant_id = c.tenant_id and a.client_user_id = c.id) as answered
      from client_users c where c.id = ${owner.id}`);
    expect(row!.last).not.toBeNull();
    expect(new Date(row!.last!).getTime()).toBe(new Date(row!.answered).getTime());
  });
});
