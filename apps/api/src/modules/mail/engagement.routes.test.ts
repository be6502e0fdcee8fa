import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import type { EngagementMonth, ReminderActivity } from '@homeminder/shared/contracts/mail';
import { ACME_TENANT_ID } from '../../db/demo-data';
import { describeEachDriver, expectErrors, signInBeforeAll } from '../../test/test-app';

const dayMs = 86_400_000;

interface Subscription {
  id: string;
  property_id: string;
  client_user_id: string;
  reminder_id: string;
}

describeEachDriver('engagement by month on Home and the reminder activity', (t) => {
  const token = signInBeforeAll(t, ['manager@acme.test', 'realtor@acme.test', 'realtor2@acme.test']);
  let realtor2Id: string;
  let timeZone: string;
  const baseline = new Map<string, ReminderActivity['engagement']>();

  const engagement = async (as: string, realtorId?: string) => {
    const response = await t.api({
      path: `/home/reminder-activity${realtorId ? `?realtorId=${realtorId}` : ''}`,
      token: token(as),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ReminderActivity>().engagement;
  };
  /** 'YYYY-MM' of an instant in the corporation's zone. */
  const monthOf = (at: Date) =>
    new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit' }).format(at).slice(0, 7);
  /** Noon UTC on `day` of the month `back` months before now: the same day in every American zone. */
  const dayOfMonthBack = (back: number, day: number) => {
    const now = t.clock.now();
    return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, day, 12));
  };
  const subscriptionOf = async (realtorEmail: string) => {
    const [row] = await t.rows<Subscription>(sql`
      select s.id, s.property_id, p.client_user_id, s.reminder_id from reminder_subscriptions s
        join properties p on p.tenant_id = s.tenant_id and p.id = s.property_id
        join client_users c on c.tenant_id = p.tenant_id and c.id = p.client_user_id
        join tenant_users r on r.tenant_id = c.tenant_id and r.id = c.realtor_id
       where s.tenant_id = ${ACME_TENANT_ID} and r.email = ${realtorEmail} order by s.id limit 1`);
    return row!;
  };
  const sent = (one: Subscription, dueAt: Date, sentAt = dueAt) =>
    t.rows(sql`insert into email_outbox (tenant_id, kind, to_address, subject, html, text, subscription_id,
      due_at, status, sent_at, created_at) values (${ACME_TENANT_ID}, 'reminder', 'x@example.test', 'Reminder',
      '', '', ${one.id}, ${dueAt.toISOString()}::timestamptz, 'sent', ${sentAt.toISOString()}::timestamptz,
      ${sentAt.toISOString()}::timestamptz)`);
  const replied = (
    one: Subscription,
    kind: 'done' | 'later' | 'help',
    dueAt: Date,
    at: Date,
    extra: { doneOn?: string; movedTo?: Date } = {},
  ) =>
    t.rows(sql`insert into reminder_answers (tenant_id, kind, client_user_id, property_id, subscription_id,
      reminder_id, due_at, moved_from, moved_to, done_on, source, created_at) values (${ACME_TENANT_ID}, ${kind},
      ${one.client_user_id}, ${one.property_id}, ${one.id}, ${one.reminder_id}, ${dueAt.toISOString()}::timestamptz,
      ${extra.movedTo ? dueAt.toISOString() : null}::timestamptz, ${extra.movedTo?.toISOString() ?? null}::timestamptz,
      ${extra.doneOn ?? null}::date, 'email', ${at.toISOString()}::timestamptz)`);

  beforeAll(async () => {
    const [corporation] = await t.rows<{ time_zone: string }>(
      sql`select time_zone from corporations where id = ${ACME_TENANT_ID}`,
    );
    timeZone = corporation!.time_zone;
    const [other] = await t.rows<{ id: string }>(
      sql`select id from tenant_users where email = 'realtor2@acme.test'`,
    );
    realtor2Id = other!.id;
    for (const as of ['manager@acme.test', 'realtor@acme.test']) baseline.set(as, await engagement(as));
    baseline.set('realtor2', await engagement('manager@acme.test', realtor2Id));

    const mine = await subscriptionOf('realtor@acme.test');
    const theirs = await subscriptionOf('realtor2@acme.test');
    // Two months back: one occurrence done in 3 days, one put off and never done (its put-off's
    // email is the same occurrence), and another realtor's client asking for help.
    const onTime = dayOfMonthBack(2, 15);
    const late = dayOfMonthBack(2, 20);
    const movedTo = new Date(late.getTime() + 7 * dayMs);
    await sent(mine, onTime);
    await replied(mine, 'done', onTime, new Date(onTime.getTime() + 3 * dayMs), {
      doneOn: new Date(onTime.getTime() + 3 * dayMs).toISOString().slice(0, 10),
    });
    await sent(mine, late);
    await replied(mine, 'later', late, new Date(late.getTime() + dayMs), { movedTo });
    await sent(mine, movedTo);
    await sent(theirs, onTime);
    await replied(theirs, 'help', onTime, new Date(onTime.getTime() + dayMs));
    // Sent an hour ago: its 30 days are still running, so it counts in no share yet.
    await sent(mine, new Date(t.clock.nowMs() - 3_600_000));
  });

  /** What each month gained since the baseline. */
  const gained = (after: ReminderActivity['engagement'], before: ReminderActivity['engagement']) =>
    new Map(
      after.months.map((month, index) => {
        const was = before.months[index]!;
        const delta = Object.fromEntries(
          Object.entries(month)
            .filter(([key]) => key !== 'month')
            .map(([key, value]) => [key, (value as number) - (was[key as keyof EngagementMonth] as number)]),
        );
        return [month.month, delta];
      }),
    );
  const none = { sent: 0, done: 0, later: 0, help: 0, occurrences: 0, doneOnTime: 0 };

  it('gives the last 12 months of the corporation, oldest first, in its time zone', async () => {
    const after = await engagement('manager@acme.test');
    expect(after.months).toHaveLength(12);
    expect(after.months.at(-1)!.month).toBe(monthOf(t.clock.now()));
    const delta = gained(after, baseline.get('manager@acme.test')!);
    const twoBack = monthOf(dayOfMonthBack(2, 15));
    const hourAgo = monthOf(new Date(t.clock.nowMs() - 3_600_000));
    expect(delta.get(twoBack)).toEqual({
      sent: 4,
      done: 1,
      later: 1,
      help: 1,
      occurrences: 3,
      doneOnTime: 1,
    });
    expect(delta.get(hourAgo)).toEqual({ ...none, sent: 1 });
    for (const [month, one] of delta) if (month !== twoBack && month !== hourAgo) expect(one).toEqual(none);
    expect(after.totals.sent - baseline.get('manager@acme.test')!.totals.sent).toBe(5);
  });

  it("gives a realtor their own clients' figures, whatever realtor they ask for", async () => {
    const twoBack = monthOf(dayOfMonthBack(2, 15));
    const own = gained(await engagement('realtor@acme.test'), baseline.get('realtor@acme.test')!);
    expect(own.get(twoBack)).toEqual({ sent: 3, done: 1, later: 1, help: 0, occurrences: 2, doneOnTime: 1 });
    const asked = gained(
      await engagement('realtor@acme.test', realtor2Id),
      baseline.get('realtor@acme.test')!,
    );
    expect(asked).toEqual(own);
  });

  it("gives a manager one realtor's clients when they pick one", async () => {
    const twoBack = monthOf(dayOfMonthBack(2, 15));
    const picked = gained(await engagement('manager@acme.test', realtor2Id), baseline.get('realtor2')!);
    expect(picked.get(twoBack)).toEqual({ ...none, sent: 1, help: 1, occurrences: 1 });
    expectErrors(
      await t.api({ path: '/home/reminder-activity?realtorId=nope', token: token('manager@acme.test') }),
      400,
    );
  });
});
