import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { clientMessages, type ClientDetail } from '@homeminder/shared/contracts/clients';
import type { ReminderTask } from '@homeminder/shared/contracts/reminder-tasks';
import { firstSchedule } from '@homeminder/shared/season-schedule';
import { monthsOfSeason } from '@homeminder/shared/climate';
import { firstDueAt, localDateOf, scheduleTimeZone } from '@homeminder/shared/schedule';
import { ACME_TENANT_ID } from '../../db/demo-data';
import { describeEachDriver, expectErrors, type TestApp } from '../../test/test-app';

/** A ZIP code in each state the tests use: Minneapolis, Columbus, Miami and Dallas. */
const zipIn: Record<string, string> = { MN: '55401', OH: '43215', FL: '33101', TX: '75201' };

function setupBody(email: string, state: string, subscriptions: unknown[]) {
  return {
    clientUser: { firstName: 'Sunny', lastName: 'Seasons', email, phone: '' },
    property: { line: '7 Maple Street', city: 'Town', state, zip: zipIn[state] },
    subscriptions,
  };
}

/** "2026-03": the month `months` before now in the zone. */
function monthsAgo(
  now: Date,
  timeZone: string,
  months: number,
): { text: string; year: number; month: number } {
  const today = localDateOf(now, timeZone);
  const index = today.year * 12 + today.month - 1 - months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  return { text: `${year}-${String(month).padStart(2, '0')}`, year, month };
}

describeEachDriver('set-up with seasons and "last done"', (t: TestApp) => {
  async function acmeZone() {
    const [row] = await t.rows<{ time_zone: string | null }>(
      sql`select time_zone from corporations where id = ${ACME_TENANT_ID}`,
    );
    return scheduleTimeZone(row?.time_zone);
  }
  async function sharedTask(name: string) {
    const [row] = await t.rows<{ id: string; season: string | null }>(
      sql`select id, season from reminders where tenant_id is null and name = ${name}`,
    );
    return row!;
  }
  const setup = async (email: string, state: string, subscriptions: unknown[]) =>
    t.api({
      method: 'PUT',
      path: '/clients/setup',
      token: await t.login('manager@acme.test'),
      body: setupBody(email, state, subscriptions),
    });

  it('the catalogue carries seasons: AC before summer, gutters spring and autumn, pipes before the first frost', async () => {
    expect((await sharedTask('Service air conditioner')).season).toBe('beforeSummer');
    expect((await sharedTask('Clean gutters and downspouts')).season).toBe('springAndAutumn');
    expect((await sharedTask('Service heating system')).season).toBe('beforeWinter');
    expect((await sharedTask('Protect pipes and outdoor faucets')).season).toBe('beforeFrost');
    expect((await sharedTask('Replace HVAC filter')).season).toBeNull();
  });

  it('an own seasonal task, last done a while ago, is first due in its season, as the form computes it; the month is kept', async () => {
    const admin = await t.login('admin@acme.test');
    const task = (
      await t.api({
        method: 'POST',
        path: '/corporation/reminder-tasks',
        token: admin,
        body: {
          name: 'Drain the irrigation backflow',
          description: 'Blow out the lines before it freezes.',
          category: 'Outdoor',
          defaultFrequencyId: 5,
          season: 'beforeFrost',
        },
      })
    ).json<ReminderTask>();
    const timeZone = await acmeZone();
    const now = t.clock.now();
    const lastDone = monthsAgo(now, timeZone, 8);
    const airConditioner = await sharedTask('Service air conditioner');
    const response = await setup('sunny.mn@example.net', 'MN', [
      { reminderID: task.id, maintenanceFrequencyID: 5, lastDoneOn: lastDone.text },
      { reminderID: airConditioner.id, maintenanceFrequencyID: 5 },
    ]);
    expect(response.statusCode, response.body).toBe(201);
    const subscriptions = response.json<ClientDetail>().properties[0]!.subscriptions;
    const dueOf = (id: string) => new Date(subscriptions.find((s) => s.reminderId === id)!.nextDueAt);

    const frost = dueOf(task.id);
    expect(frost.toISOString()).toBe(
      firstSchedule({
        now,
        intervalMonths: 12,
        months: monthsOfSeason('beforeFrost', { state: 'MN', zip: zipIn.MN }),
        lastDone,
        timeZone,
      })!.nextDueAt.toISOString(),
    );
    expect([9, 10]).toContain(localDateOf(frost, timeZone).month);
    expect(frost.getTime()).toBeGreaterThan(now.getTime());
    // Never done: the next date before summer in Minnesota (May or June).
    const ac = dueOf(airConditioner.id);
    expect([5, 6]).toContain(localDateOf(ac, timeZone).month);

    const [stored] = await t.rows<{ last_done_on: string; season: string }>(
      sql`select last_done_on::text, season from reminder_subscriptions where reminder_id = ${task.id}`,
    );
    expect(stored).toEqual({ last_done_on: `${lastDone.text}-01`, season: 'beforeFrost' });
  });

  it('last done long ago: overdue, due soon in season and never in the past', async () => {
    const gutters = await sharedTask('Clean gutters and downspouts');
    const timeZone = await acmeZone();
    const now = t.clock.now();
    const response = await setup('sunny.old@example.net', 'OH', [
      { reminderID: gutters.id, maintenanceFrequencyID: 4, lastDoneOn: '2015-04' },
    ]);
    expect(response.statusCode, response.body).toBe(201);
    const due = new Date(response.json<ClientDetail>().properties[0]!.subscriptions[0]!.nextDueAt);
    const expected = firstSchedule({
      now,
      intervalMonths: 6,
      months: monthsOfSeason('springAndAutumn', { state: 'OH', zip: zipIn.OH }),
      lastDone: { year: 2015, month: 4 },
      timeZone,
    })!;
    expect(due.toISOString()).toBe(expected.nextDueAt.toISOString());
    expect(due.getTime()).toBeGreaterThan(now.getTime());
    expect([4, 5, 9, 10]).toContain(localDateOf(due, timeZone).month);
  });

  it('refuses a task whose season does not happen where the property is, and a month last done in the future', async () => {
    const pipes = await sharedTask('Protect pipes and outdoor faucets');
    expectErrors(
      await setup('sunny.fl@example.net', 'FL', [{ reminderID: pipes.id, maintenanceFrequencyID: 5 }]),
      400,
      clientMessages.seasonNotHere('Protect pipes and outdoor faucets', 'ZIP code 33101'),
    );
    expectErrors(
      await setup('sunny.future@example.net', 'TX', [
        { reminderID: pipes.id, maintenanceFrequencyID: 5, lastDoneOn: '2999-01' },
      ]),
      400,
      clientMessages.lastDoneInFuture,
    );
    expectErrors(
      await setup('sunny.bad@example.net', 'TX', [
        { reminderID: pipes.id, maintenanceFrequencyID: 5, lastDoneOn: 'last spring' },
      ]),
      400,
      clientMessages.lastDoneInvalid,
    );
    const [clients] = await t.rows<{ n: number }>(
      sql`select count(*)::int as n from client_users where email like 'sunny.%' and email in
          ('sunny.fl@example.net', 'sunny.future@example.net', 'sunny.bad@example.net')`,
    );
    expect(clients!.n).toBe(0);
  });

  it('a task without a season and without "last done" is due one interval from today, as before', async () => {
    const filter = await sharedTask('Replace HVAC filter');
    const timeZone = await acmeZone();
    const now = t.clock.now();
    const response = await setup('sunny.plain@example.net', 'FL', [
      { reminderID: filter.id, maintenanceFrequencyID: 3 },
    ]);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<ClientDetail>().properties[0]!.subscriptions[0]!.nextDueAt).toBe(
      firstDueAt(now, 3, timeZone).toISOString(),
    );
  });
});
