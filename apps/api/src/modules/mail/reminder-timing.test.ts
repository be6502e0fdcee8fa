/**
 * When reminders go (docs/decisions/102): a home that chose "1 week before" gets its reminder a
 * week ahead and nothing more on the day; with no reply, one nudge a week after the due date;
 * a reply keeps the nudge; and nothing leaves in the night of the home's time zone.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, beforeEach, expect, it } from 'vitest';
import { homeProfileMessages } from '@homeminder/shared/contracts/home-profile';
import { dueInWords, reminderTimingWords } from '@homeminder/shared/reminder-timing';
import { localDateOf, zonedInstant } from '@homeminder/shared/schedule';
import { ACME_TENANT_ID, BIRCH_TENANT_ID } from '../../db/demo-data';
import { serverSecret, signer } from '../../lib/signing';
import { setUpClient } from '../../test/clients';
import { testDispatcher } from '../../test/dispatch';
import {
  homeownerOverview,
  homeownerPassword,
  twoHomeowners,
  type TestHomeowner,
} from '../../test/homeowners';
import { describeEachDriver, expectErrors } from '../../test/test-app';
import { reminderDispatcher } from './dispatcher';
import { outboxSender } from './sender';

const dayMs = 86_400_000;

interface Sent {
  id: string;
  kind: string;
  subject: string;
  text: string;
  due_at: Date | string;
  next_attempt_at: Date | string;
  status: string;
}

describeEachDriver('when reminders go', (t) => {
  let owner: TestHomeowner;
  let other: TestHomeowner;
  let token: string;
  beforeAll(async () => {
    ({ owner, other } = await twoHomeowners(t));
  });
  // Each test moves the clock by days: it signs in again first.
  beforeEach(async () => {
    token = await t.login(owner.email, homeownerPassword);
  });

  const firstHome = async (as = token) => (await homeownerOverview(t, as)).homes[0]!;
  const choose = (homeId: string, leadDays: unknown, as = token, base = '/homeowner/homes') =>
    t.api({ method: 'PUT', path: `${base}/${homeId}/reminder-timing`, body: { leadDays }, token: as });
  /** The emails of a reminder for one due date, oldest first. */
  const sentFor = (subscriptionId: string, due: Date) =>
    t.rows<Sent>(sql`select id, kind, subject, text, due_at, next_attempt_at, status from email_outbox
      where subscription_id = ${subscriptionId} and due_at = ${due.toISOString()}::timestamptz
      order by created_at, kind`);
  const datesOf = async (subscriptionId: string) =>
    (
      await t.rows<Record<'next_due_at' | 'remind_at', string>>(sql`
        select next_due_at, remind_at, reminded_due_at, nudge_at, nudge_due_at from reminder_subscriptions
         where id = ${subscriptionId}`)
    )[0]!;
  const iso = (value: Date | string | null | undefined) => (value ? new Date(value).toISOString() : null);
  /** Sets a reminder's due date; the trigger moves its claim time by the home's lead time. */
  const dueAt = (subscriptionId: string, at: Date) =>
    t.rows(sql`update reminder_subscriptions set next_due_at = ${at.toISOString()}::timestamptz
      where id = ${subscriptionId}`);

  it('lets the homeowner and the staff within reach choose for a home, and nobody else', async () => {
    const home = await firstHome();
    expect(home.leadDays).toBe(0);

    const chosen = await choose(home.id, 7);
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json()).toEqual({ message: reminderTimingWords.changed('1 week before') });
    expect((await firstHome()).leadDays).toBe(7);
    // Every reminder of the home is now looked at a week before it is due.
    for (const reminder of home.reminders) {
      const dates = await datesOf(reminder.id);
      expect(new Date(dates.remind_at).getTime()).toBe(new Date(dates.next_due_at).getTime() - 7 * dayMs);
    }
    const [audit] = await t.rows<{ details: object }>(sql`select details from audit_log
      where action = 'property.reminder-timing-changed' and record_id = ${owner.id}`);
    expect(audit?.details).toEqual({
      propertyId: home.id,
      changes: [{ field: 'leadDays', before: 0, after: 7 }],
    });

    expectErrors(await choose(home.id, 5), 400, reminderTimingWords.leadDaysInvalid);
    expectErrors(await choose(home.id, '7'), 400, reminderTimingWords.leadDaysInvalid);
    const othersHome = await firstHome(await t.login(other.email, homeownerPassword));
    expectErrors(await choose(othersHome.id, 3), 404, homeProfileMessages.homeNotFound);
    expect((await firstHome(await t.login(other.email, homeownerPassword))).leadDays).toBe(0);

    // Staff choose under /clients/properties, within their reach; not under the homeowner's path.
    const realtor = await t.login('realtor@acme.test');
    expect((await choose(home.id, 3, realtor)).statusCode).toBe(403);
    const staff = '/clients/properties';
    expectErrors(
      await choose(home.id, 3, await t.login('realtor2@acme.test'), staff),
      404,
      homeProfileMessages.homeNotFound,
    );
    expect((await firstHome()).leadDays).toBe(7);
    const byRealtor = await choose(home.id, 14, realtor, staff);
    expect(byRealtor.statusCode, byRealtor.body).toBe(200);
    expect((await firstHome()).leadDays).toBe(14);
    expect((await choose(home.id, 7)).statusCode).toBe(200);
  });

  it("starts a new home with its corporation's choice, which only the corporation's administrators change", async () => {
    const admin = await t.login('admin@acme.test');
    const realtor = await t.login('realtor@acme.test');
    const path = `/corporation/settings/reminderTiming/${ACME_TENANT_ID}`;
    const read = async (as: string) => {
      const response = await t.api({ path, token: as });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ leadDays: number }>().leadDays;
    };
    expect(await read(realtor)).toBe(0);
    expect((await t.api({ method: 'PUT', path, token: realtor, body: { leadDays: 3 } })).statusCode).toBe(
      403,
    );
    expectErrors(
      await t.api({ method: 'PUT', path, token: admin, body: { leadDays: 1 } }),
      400,
      reminderTimingWords.leadDaysInvalid,
    );
    const chosen = await t.api({ method: 'PUT', path, token: admin, body: { leadDays: 14 } });
    expect(chosen.json()).toEqual({ message: reminderTimingWords.defaultChanged('2 weeks before') });
    expect(await read(admin)).toBe(14);
    const other = await t.api({
      path: `/corporation/settings/reminderTiming/${BIRCH_TENANT_ID}`,
      token: admin,
    });
    expect(other.statusCode).toBe(404);

    const { client } = await setUpClient(t, realtor);
    expect(client.properties[0]!.leadDays).toBe(14);
    // Homes that were there keep theirs.
    expect((await firstHome()).leadDays).toBe(7);
    await t.api({ method: 'PUT', path, token: admin, body: { leadDays: 0 } });
  });

  it('sends a week ahead, nothing on the day, and one nudge a week after when nobody replied', async () => {
    const home = await firstHome();
    expect(home.leadDays).toBe(7);
    const reminder = home.reminders[0]!;
    const due = new Date(t.clock.nowMs() + 7 * dayMs - 60_000);
    await dueAt(reminder.id, due);
    const dispatcher = testDispatcher(t);

    await dispatcher.dispatchDue();
    let sent = await sentFor(reminder.id, due);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.kind).toBe('reminder');
    expect(sent[0]!.subject).toMatch(/^Coming up: /);
    expect(iso(sent[0]!.due_at)).toBe(due.toISOString());
    expect(sent[0]!.text).toContain(`Due ${dueInWords(due, t.clock.now(), 'America/New_York')}`);
    expect(sent[0]!.text).toMatch(/Due next \w+day, \w+ \d+ /);
    let dates = await datesOf(reminder.id);
    expect(iso(dates.next_due_at)).toBe(due.toISOString());
    expect(iso(dates.remind_at)).toBe(due.toISOString());

    // On the due day the schedule moves on without a second email.
    t.clock.advance(due.getTime() + 60_000 - t.clock.nowMs());
    await dispatcher.dispatchDue();
    expect(await sentFor(reminder.id, due)).toHaveLength(1);
    dates = await datesOf(reminder.id);
    expect(new Date(dates.next_due_at).getTime()).toBeGreaterThan(due.getTime() + 20 * dayMs);

    // A week after the due date, nobody having replied: one nudge, whose links answer that date.
    t.clock.advance(7 * dayMs);
    await dispatcher.dispatchDue();
    await dispatcher.dispatchDue();
    sent = await sentFor(reminder.id, due);
    expect(sent.map((one) => one.kind)).toEqual(['reminder', 'reminder-nudge']);
    expect(sent[1]!.subject).toMatch(/^Still to do: /);
    expect(iso(sent[1]!.due_at)).toBe(due.toISOString());
    expect(sent[1]!.text).toMatch(/\/ui\/answer\/done\?token=/);
    t.clock.advance(7 * dayMs);
    await dispatcher.dispatchDue();
    expect(await sentFor(reminder.id, due)).toHaveLength(2);
  });

  it('sends no nudge once the homeowner has replied to the reminder', async () => {
    const home = await firstHome();
    expect((await choose(home.id, 0)).statusCode).toBe(200);
    const reminder = home.reminders[1]!;
    const due = new Date(t.clock.nowMs() - 60_000);
    await dueAt(reminder.id, due);
    const dispatcher = testDispatcher(t);
    await dispatcher.dispatchDue();
    const [email] = await sentFor(reminder.id, due);
    expect(email?.subject).toMatch(/^Reminder: /);
    const link = /\/ui\/answer\/done\?token=([\w%-]+)/.exec(email!.text);
    const replied = await t.api({
      method: 'POST',
      path: '/answers/done',
      body: { token: decodeURIComponent(link![1]!) },
    });
    expect(replied.statusCode, replied.body).toBe(200);

    t.clock.advance(7 * dayMs + 60_000);
    await dispatcher.dispatchDue();
    expect((await sentFor(reminder.id, due)).map((one) => one.kind)).toEqual(['reminder']);
    expect(
      await t.rows(
        sql`select 1 from reminder_subscriptions where id = ${reminder.id} and nudge_at is not null`,
      ),
    ).toHaveLength(0);
  });

  it("holds a reminder due in the night of the home's zone until 8 in the morning there", async () => {
    const home = await firstHome();
    const reminder = home.reminders[2]!;
    // The home is in Los Angeles; its corporation in New York.
    const zone = 'America/Los_Angeles';
    await t.rows(sql`update properties set time_zone = ${zone} where id = ${home.id}`);
    const today = localDateOf(t.clock.now(), zone);
    let evening = zonedInstant(today, 22, zone);
    if (evening.getTime() <= t.clock.nowMs()) evening = new Date(evening.getTime() + dayMs);
    t.clock.advance(evening.getTime() - t.clock.nowMs());
    const morning = zonedInstant(localDateOf(new Date(evening.getTime() + 12 * 3_600_000), zone), 8, zone);
    const due = new Date(t.clock.nowMs() - 60_000);
    await dueAt(reminder.id, due);

    const db = t.database.db;
    const night = reminderDispatcher({
      db,
      signing: signer(serverSecret(db)),
      portalUrl: 'http://portal.example/ui/',
      quietHours: true,
      now: t.clock.now,
    });
    await night.dispatchDue();
    const [queued] = await sentFor(reminder.id, due);
    expect(iso(queued?.next_attempt_at)).toBe(morning.toISOString());

    const tried: string[] = [];
    const sender = outboxSender({
      db,
      quietHours: true,
      now: t.clock.now,
      // Refuses this reminder for now; the outbox's other messages go.
      transport: async (mail) => {
        if (mail.id !== queued!.id) return;
        tried.push(mail.id);
        throw Object.assign(new Error('Mailbox busy, try later'), { responseCode: 451 });
      },
    });
    await sender.sendDue();
    expect(tried).toHaveLength(0);
    expect((await sentFor(reminder.id, due))[0]?.status).toBe('pending');

    // At 8 it goes; refused for now at 20:59:45, its retry waits for the next morning.
    t.clock.advance(morning.getTime() + 1_000 - t.clock.nowMs());
    await sender.sendDue();
    expect(tried).toHaveLength(1);
    t.clock.advance(zonedInstant(localDateOf(morning, zone), 21, zone).getTime() - 15_000 - t.clock.nowMs());
    await sender.sendDue();
    expect(tried).toHaveLength(2);
    const [retrying] = await sentFor(reminder.id, due);
    expect(retrying?.status).toBe('pending');
    expect(iso(retrying?.next_attempt_at)).toBe(
      zonedInstant(localDateOf(new Date(morning.getTime() + dayMs), zone), 8, zone).toISOString(),
    );
  });
});
