import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { homeProfileMessages } from '@homeminder/shared/contracts/home-profile';
import {
  homePlanMessages,
  type HomePlanApplied,
  type HomePlanView,
} from '@homeminder/shared/contracts/home-plan';
import type { HomeSystemInput } from '@homeminder/shared/contracts/home-systems';
import { describeEachDriver, expectErrors } from '../../test/test-app';
import { homeownerOverview, twoHomeowners, type TestHomeowner } from '../../test/homeowners';

describeEachDriver("a home's plan", (t) => {
  let owner: TestHomeowner;
  let token: string;
  let homeId: string;

  const ownPath = (what: string) => `/homeowner/homes/${homeId}/${what}`;
  const plan = async (path = ownPath('plan'), as = token) => {
    const response = await t.api({ path, token: as });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<HomePlanView>();
  };
  const confirm = (body: { add: string[]; stop: string[] }, path = ownPath('plan'), as = token) =>
    t.api({ method: 'POST', path, token: as, body });
  const answerProfile = (body: Record<string, unknown>) =>
    t.api({ method: 'PUT', path: ownPath('profile'), token, body });
  const addSystem = async (body: HomeSystemInput) => {
    const response = await t.api({ method: 'POST', path: ownPath('systems'), token, body });
    expect(response.statusCode, response.body).toBe(201);
  };
  const idsOf = (tasks: { reminderId: string }[]) => tasks.map((task) => task.reminderId);
  const names = (tasks: { name: string }[]) => tasks.map((task) => task.name).sort();
  /** The home's reminders: each task's name and whether it is turned off. */
  const reminders = async () =>
    (
      await t.rows<{ name: string; paused: boolean }>(sql`
        select r.name, s.paused_at is not null as paused
          from reminder_subscriptions s join reminders r on r.id = s.reminder_id
         where s.property_id = ${homeId} order by r.name`)
    ).reduce<Record<string, boolean>>((all, row) => ({ ...all, [row.name]: row.paused }), {});

  beforeAll(async () => {
    ({ owner, token } = await twoHomeowners(t));
    homeId = (await homeownerOverview(t, token)).homes[0]!.id;
  });

  it('proposes nothing while nothing is known of the home', async () => {
    const shown = await plan();
    expect(shown.add).toEqual([]);
    expect(shown.stop).toEqual([]);
    expect(shown.fits.every((task) => task.because === null)).toBe(true);
  });

  it("proposes the tasks the home's answers call for and stops those they rule out, then keeps what is confirmed", async () => {
    const answered = await answerProfile({ homeKind: 'condo', sewer: 'septic', waterSupply: 'municipal' });
    expect(answered.statusCode, answered.body).toBe(200);
    await addSystem({ kind: 'heating', type: 'heatPump', filterSize: '20x20x1' });
    const before = await reminders();

    const shown = await plan();
    // The heat pump's air filter too, unless the home gets that reminder already.
    const filterToo = before['Replace HVAC filter'] === false ? [] : ['Replace HVAC filter'];
    expect(names(shown.add)).toEqual(['Pump the septic tank', 'Service the heat pump', ...filterToo].sort());
    const septic = shown.add.find((task) => task.name === 'Pump the septic tank')!;
    expect(septic.because).toBe('The home has a septic system.');
    const heatPump = shown.add.find((task) => task.name === 'Service the heat pump')!;
    expect(heatPump.when).toMatch(/^Spring and autumn: /);
    expect(shown.fits.find((task) => task.name === 'Replace HVAC filter')!.details).toEqual([
      'Filter 20x20x1',
    ]);
    // What the home's reminders hold that a condo with a heat pump rules out.
    const ruledOut = ['Clean gutters and downspouts', 'Service heating system', 'Service air conditioner'];
    expect(names(shown.stop)).toEqual(ruledOut.filter((name) => before[name] === false).sort());

    const applied = await confirm({ add: idsOf(shown.add), stop: idsOf(shown.stop) });
    expect(applied.statusCode, applied.body).toBe(200);
    const result = applied.json<HomePlanApplied>();
    expect(result.message).toBe(homePlanMessages.applied(shown.add.length, shown.stop.length));
    expect(result.plan.add).toEqual([]);
    expect(result.plan.stop).toEqual([]);

    const after = await reminders();
    expect(after['Pump the septic tank']).toBe(false);
    expect(after['Service the heat pump']).toBe(false);
    // Turned off, not deleted: their schedule, replies and history stay.
    for (const task of shown.stop) expect(after[task.name], task.name).toBe(true);

    const entries = await t.rows<{
      actor_user_id: string;
      details: { changes: { field: string; after: string }[] };
    }>(
      sql`select actor_user_id, details from audit_log where action = 'property.plan-changed' and record_id = ${owner.id}`,
    );
    expect(entries).toHaveLength(1);
    expect(entries[0]!.actor_user_id).toBe(owner.id);
    expect(entries[0]!.details.changes[0]).toMatchObject({ field: 'Reminders added' });
  });

  it('does nothing when what is confirmed is no longer proposed', async () => {
    const [any] = (await plan()).fits;
    expectErrors(await confirm({ add: [any!.reminderId], stop: [] }), 409, homePlanMessages.outdated);
    expectErrors(await confirm({ add: ['not-an-id'], stop: [] }), 400);
  });

  it('turns a task it proposes again back on, rather than adding it twice', async () => {
    // The homeowner answers that the home is on the city sewer after all, then septic again.
    await answerProfile({ homeKind: 'condo', sewer: 'municipal' });
    const stopped = await plan();
    expect(names(stopped.stop)).toEqual(['Pump the septic tank']);
    expect((await confirm({ add: [], stop: idsOf(stopped.stop) })).statusCode).toBe(200);
    await answerProfile({ homeKind: 'condo', sewer: 'septic' });
    const again = await plan();
    expect(names(again.add)).toEqual(['Pump the septic tank']);
    expect((await confirm({ add: idsOf(again.add), stop: [] })).statusCode).toBe(200);
    const rows = await t.rows<{ n: number }>(sql`
      select count(*)::int as n from reminder_subscriptions s join reminders r on r.id = s.reminder_id
       where s.property_id = ${homeId} and r.name = 'Pump the septic tank' and s.paused_at is null`);
    expect(rows[0]!.n).toBe(1);
  });

  it("shows staff the same plan, and nothing of another realtor's or corporation's home", async () => {
    const realtor = await t.login('realtor@acme.test');
    const staffPath = `/clients/properties/${homeId}/plan`;
    expect(names((await plan(staffPath, realtor)).fits)).toEqual(names((await plan()).fits));
    for (const outsider of ['realtor2@acme.test', 'admin@birch.test']) {
      const as = await t.login(outsider);
      expectErrors(await t.api({ path: staffPath, token: as }), 404, homeProfileMessages.homeNotFound);
      expectErrors(
        await confirm({ add: [], stop: [] }, staffPath, as),
        404,
        homeProfileMessages.homeNotFound,
      );
    }
  });
});
