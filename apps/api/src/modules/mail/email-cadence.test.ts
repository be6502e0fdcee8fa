/**
 * How often a homeowner hears (docs/decisions/103): one email a month with the month's tasks,
 * overdue first, each with links that work; chosen by the homeowner, staff or the corporation's
 * default; and a client who answers none of their last reminders hears monthly, is shown to their
 * realtor as quiet, and is restored by a click.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, beforeEach, expect, it } from 'vitest';
import type { AttentionList } from '@homeminder/shared/contracts/attention';
import { homeProfileMessages } from '@homeminder/shared/contracts/home-profile';
import { emailCadenceWords, monthlyEmailDue, quietAfter } from '@homeminder/shared/email-cadence';
import { ACME_TENANT_ID } from '../../db/demo-data';
import { serverSecret, signer } from '../../lib/signing';
import { setUpClient } from '../../test/clients';
import { testDispatcher } from '../../test/dispatch';
import {
  homeownerOverview,
  homeownerPassword,
  twoHomeowners,
  type TestHomeowner,
} from '../../test/homeowners';
import { describeEachDriver, expectErrors, type TestApp } from '../../test/test-app';
import { monthlyDispatcher } from './monthly-dispatch';

const dayMs = 86_400_000;
const zone = 'America/New_York';

function testMonthly(t: TestApp) {
  const db = t.database.db;
  return monthlyDispatcher({
    db,
    signing: signer(serverSecret(db)),
    portalUrl: 'http://portal.example/ui/',
    mailFrom: 'HomeMinder <reminders@portal.example>',
    quietHours: false,
    now: t.clock.now,
  });
}

interface Sent {
  id: string;
  kind: string;
  subject: string;
  text: string;
  status: string;
}

describeEachDriver('how often homeowners hear', (t) => {
  let owner: TestHomeowner;
  let other: TestHomeowner;
  let token: string;
  beforeAll(async () => {
    ({ owner, other } = await twoHomeowners(t));
  });
  beforeEach(async () => {
    token = await t.login(owner.email, homeownerPassword);
  });

  const firstHome = async (as = token) => (await homeownerOverview(t, as)).homes[0]!;
  const choose = (homeId: string, emailCadence: unknown, as = token, base = '/homeowner/homes') =>
    t.api({ method: 'PUT', path: `${base}/${homeId}/email-cadence`, body: { emailCadence }, token: as });
  const mailTo = (email: string) =>
    t.rows<Sent>(sql`select id, kind, subject, text, status from email_outbox
      where lower(to_address) = lower(${email}) and kind like 'reminder%' order by created_at, kind`);
  const counts = async (clientId: string) =>
    (
      await t.rows<{ unanswered_reminders: number; quiet: boolean }>(sql`
        select unanswered_reminders, exists (select 1 from client_attention k
          where k.client_user_id = c.id and k.reason = 'quiet') as quiet
        from client_users c where c.id = ${clientId}`)
    )[0]!;
  const linkOf = (text: string, kind: string) =>
    decodeURIComponent(new RegExp(`/ui/answer/${kind}\\?token=([\\w%-]+)`).exec(text)![1]!);

  it('lets the homeowner, the staff within reach and the corporation choose, and nobody else', async () => {
    const home = await firstHome();
    expect(home.emailCadence).toBe('each');
    const chosen = await choose(home.id, 'monthly');
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json()).toEqual({ message: emailCadenceWords.changed('One email a month') });
    expect((await firstHome()).emailCadence).toBe('monthly');
    const [audit] = await t.rows<{ details: object }>(sql`select details from audit_log
      where action = 'client.email-cadence-changed' and record_id = ${owner.id}`);
    expect(audit?.details).toEqual({
      changes: [{ field: 'emailCadence', before: 'each', after: 'monthly' }],
    });

    expectErrors(await choose(home.id, 'weekly'), 400, emailCadenceWords.cadenceInvalid);
    const othersHome = await firstHome(await t.login(other.email, homeownerPassword));
    expectErrors(await choose(othersHome.id, 'monthly'), 404, homeProfileMessages.homeNotFound);
    const staff = '/clients/properties';
    expectErrors(
      await choose(home.id, 'each', await t.login('realtor2@acme.test'), staff),
      404,
      homeProfileMessages.homeNotFound,
    );
    const realtor = await t.login('realtor@acme.test');
    expect((await choose(home.id, 'each', realtor)).statusCode).toBe(403);
    expect((await choose(home.id, 'each', realtor, staff)).statusCode).toBe(200);
    expect((await firstHome()).emailCadence).toBe('each');

    // The corporation's default is every new client's start.
    const admin = await t.login('admin@acme.test');
    const path = `/corporation/settings/reminderTiming/${ACME_TENANT_ID}`;
    expect(
      (await t.api({ method: 'PUT', path, token: realtor, body: { emailCadence: 'monthly' } })).statusCode,
    ).toBe(403);
    expectErrors(
      await t.api({ method: 'PUT', path, token: admin, body: {} }),
      400,
      emailCadenceWords.nothingChosen,
    );
    const set = await t.api({ method: 'PUT', path, token: admin, body: { emailCadence: 'monthly' } });
    expect(set.json()).toEqual({ message: emailCadenceWords.defaultChanged('One email a month') });
    expect((await t.api({ path, token: admin })).json()).toEqual({ leadDays: 0, emailCadence: 'monthly' });
    const { client } = await setUpClient(t, realtor);
    expect(client.properties[0]!.emailCadence).toBe('monthly');
    expect((await firstHome()).emailCadence).toBe('each');
    await t.api({ method: 'PUT', path, token: admin, body: { emailCadence: 'each' } });
  });

  it("sends a monthly homeowner one email with the month's tasks, overdue first, whose links work, once", async () => {
    const home = await firstHome();
    expect((await choose(home.id, 'monthly')).statusCode).toBe(200);
    const [overdue, soon, later, ...rest] = home.reminders;
    // The first Saturday's morning of next month in the corporation's zone, and a minute after it.
    const sendsAt = monthlyEmailDue(t.clock.now(), zone).coversUntil;
    t.clock.advance(sendsAt.getTime() + 60_000 - t.clock.nowMs());
    const at = (days: number) => new Date(sendsAt.getTime() + days * dayMs).toISOString();
    for (const reminder of rest)
      await t.rows(
        sql`update reminder_subscriptions set next_due_at = ${at(200)}::timestamptz where id = ${reminder.id}`,
      );
    await t.rows(sql`update reminder_subscriptions set next_due_at = ${at(90)}::timestamptz,
      passed_due_at = ${at(-5)}::timestamptz where id = ${overdue!.id}`);
    await t.rows(
      sql`update reminder_subscriptions set next_due_at = ${at(3)}::timestamptz where id = ${soon!.id}`,
    );
    await t.rows(
      sql`update reminder_subscriptions set next_due_at = ${at(10)}::timestamptz where id = ${later!.id}`,
    );
    const before = (await mailTo(owner.email)).length;

    // The dispatcher sends a monthly homeowner nothing of their own.
    await testDispatcher(t).dispatchDue();
    const monthly = testMonthly(t);
    await monthly.dispatchDue();
    await monthly.dispatchDue();
    const sent = (await mailTo(owner.email)).slice(before);
    expect(sent.map((one) => one.kind)).toEqual(['reminder-monthly']);
    const email = sent[0]!;
    expect(email.subject).toMatch(/^Your \w+ home maintenance: 3 tasks, 1 overdue$/);
    const order = [overdue, soon, later].map((one) => email.text.indexOf(one!.task));
    expect(order.every((position) => position >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(email.text).toContain(`OVERDUE: ${overdue!.task}`);
    expect(email.text.match(/\/ui\/answer\/done\?token=/g)).toHaveLength(3);
    expect((await counts(owner.id)).unanswered_reminders).toBe(1);

    // Each task's Done answers that task: the later one's, here.
    const laterPart = email.text.slice(email.text.indexOf(later!.task));
    const done = await t.api({
      method: 'POST',
      path: '/answers/done',
      body: { token: linkOf(laterPart, 'done') },
    });
    expect(done.statusCode, done.body).toBe(200);
    const [answer] = await t.rows<{
      subscription_id: string;
    }>(sql`select subscription_id from reminder_answers
      where client_user_id = ${owner.id} and kind = 'done' order by created_at desc limit 1`);
    expect(answer?.subscription_id).toBe(later!.id);
    expect((await counts(owner.id)).unanswered_reminders).toBe(0);

    // Due days pass without a second email; next month, what was not done is overdue.
    t.clock.advance(12 * dayMs);
    await testDispatcher(t).dispatchDue();
    expect((await mailTo(owner.email)).length).toBe(before + 1);
    const nextMonth = monthlyEmailDue(t.clock.now(), zone).coversUntil;
    t.clock.advance(nextMonth.getTime() + 60_000 - t.clock.nowMs());
    await monthly.dispatchDue();
    const second = (await mailTo(owner.email)).slice(before + 1);
    expect(second.map((one) => one.kind)).toEqual(['reminder-monthly']);
    expect(second[0]!.subject).toMatch(/, 2 overdue$/);
    expect(second[0]!.text).toContain(`OVERDUE: ${overdue!.task}`);
    expect(second[0]!.text).toContain(`OVERDUE: ${soon!.task}`);
    expect(second[0]!.text).not.toContain(`OVERDUE: ${later!.task}`);
    expect((await choose(home.id, 'each', await t.login(owner.email, homeownerPassword))).statusCode).toBe(
      200,
    );
  });

  it('slows down for a client who answers nothing, shows them to the realtor, and a click restores them', async () => {
    const reminder = (await firstHome(await t.login(other.email, homeownerPassword))).reminders[0]!;
    const dispatcher = testDispatcher(t);
    const dueNow = () =>
      t.rows(sql`update reminder_subscriptions set next_due_at = ${new Date(t.clock.nowMs() - 60_000).toISOString()}::timestamptz
        where id = ${reminder.id}`);
    // Only this reminder falls due meanwhile, and the client starts with none unanswered, on
    // whatever date the test runs and after whatever the tests before it sent.
    await t.rows(sql`update reminder_subscriptions
      set next_due_at = ${new Date(t.clock.nowMs() + 3650 * dayMs).toISOString()}::timestamptz
      where property_id in (select id from properties where client_user_id = ${other.id}) and id <> ${reminder.id}`);
    await t.rows(sql`update client_users set unanswered_reminders = 0, unanswered_since = null, monthly_sent_for = null
      where id = ${other.id}`);
    const before = (await mailTo(other.email)).length;
    for (let sent = 0; sent < quietAfter.monthly; sent += 1) {
      await dueNow();
      await dispatcher.dispatchDue();
      t.clock.advance(dayMs);
    }
    const emails = (await mailTo(other.email)).slice(before);
    expect(emails.filter((one) => one.kind === 'reminder')).toHaveLength(quietAfter.monthly);
    expect(await counts(other.id)).toEqual({ unanswered_reminders: quietAfter.monthly, quiet: true });

    // Their realtor sees it on Home.
    const attention = await t.api({ path: '/home/attention', token: await t.login('realtor2@acme.test') });
    const row = attention
      .json<AttentionList>()
      .items.find((item) => item.clientId === other.id && item.reason === 'quiet');
    expect(row, attention.body).toBeDefined();

    // Quiet, they get no email for the next due date, nor a monthly one before next month's.
    await dueNow();
    await dispatcher.dispatchDue();
    await testMonthly(t).dispatchDue();
    expect((await mailTo(other.email)).length).toBe(before + emails.length);
    const [marked] = await t.rows<{ month: string }>(
      sql`select monthly_sent_for::text as month from client_users where id = ${other.id}`,
    );
    expect(marked?.month).toBe(monthlyEmailDue(t.clock.now(), zone).month);

    // Opening a link of the last reminder answers it: they hear as they chose again.
    const opened = await t.api({
      method: 'POST',
      path: '/answers/later/preview',
      body: { token: linkOf(emails.at(-1)!.text, 'later') },
    });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(await counts(other.id)).toEqual({ unanswered_reminders: 0, quiet: false });
    t.clock.advance(dayMs);
    await dueNow();
    await dispatcher.dispatchDue();
    expect((await mailTo(other.email)).at(-1)?.kind).toBe('reminder');

    // After 12 unanswered, not even the monthly email goes.
    await t.rows(sql`update client_users set unanswered_reminders = ${quietAfter.none}, monthly_sent_for = null
      where id = ${other.id}`);
    const count = (await mailTo(other.email)).length;
    await testMonthly(t).dispatchDue();
    expect((await mailTo(other.email)).length).toBe(count);
    await t.rows(sql`update client_users set unanswered_reminders = 0 where id = ${other.id}`);
  });
});
