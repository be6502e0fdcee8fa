import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import type { ClientGrid } from '@homeminder/shared/contracts/clients';
import type { HealthOverview, HomeHealth } from '@homeminder/shared/contracts/home-health';
import { homeProfileMessages } from '@homeminder/shared/contracts/home-profile';
import { healthReasonLine } from '@homeminder/shared/health-score';
import { homeHealthRepository } from './home-health.repository';
import { homeHealthService } from './home-health.service';
import { homeProfilesRepository } from '../home-profiles';
import { addHomeSystem, twoHomeownersWithHomes, type TestHomeowner } from '../../test/homeowners';
import { describeEachDriver, expectErrors } from '../../test/test-app';

const dayMs = 86_400_000;

describeEachDriver("a home's health score, kept for the grid and Home", (t) => {
  let owner: TestHomeowner;
  let token: string;
  let otherToken: string;
  let homeId: string;
  let otherHomeId: string;

  const health = async (path: string, as: string) => {
    const response = await t.api({ path, token: as });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<HomeHealth>();
  };

  beforeAll(async () => {
    ({ owner, token, otherToken, homeId, otherHomeId } = await twoHomeownersWithHomes(t));
  });

  it('takes points for an overdue safety task and an old water heater, each with its reason', async () => {
    const fresh = await health(`/homeowner/homes/${homeId}/health`, token);
    expect(fresh).toMatchObject({ score: 100, band: 'good', reasons: [] });

    // The smoke alarm test went out 10 days ago and was not marked done; a 2009 gas water heater.
    const sentAt = new Date(t.clock.nowMs() - 10 * dayMs).toISOString();
    const [task] = await t.rows<{ name: string }>(sql`
      with safety as (
        select r.id, r.name from reminders r where r.tenant_id is null and r.category = 'Safety' order by r.name limit 1),
      added as (
        insert into reminder_subscriptions (tenant_id, property_id, reminder_id, maintenance_frequency_id, next_due_at, anchor_on, last_sent_at)
        select p.tenant_id, p.id, safety.id, 5, now() + interval '20 days', current_date, ${sentAt}::timestamptz
          from properties p, safety where p.id = ${homeId}
        on conflict (tenant_id, property_id, reminder_id) do update set last_sent_at = excluded.last_sent_at
        returning reminder_id)
      select safety.name from safety join added on added.reminder_id = safety.id`);
    await addHomeSystem(t, token, homeId, {
      kind: 'waterHeater',
      type: 'tankGas',
      installedYear: 2009,
      installedMonth: 3,
    });

    const scored = await health(`/homeowner/homes/${homeId}/health`, token);
    expect(scored.score).toBe(75);
    expect(scored.band).toBe('fair');
    expect(scored.reasons.map(healthReasonLine)).toEqual([
      expect.stringMatching(new RegExp(`^−15: ${task!.name} is 1\\d days overdue$`)),
      expect.stringMatching(/^−10: Your water heater is 1\d years old, past its typical life$/),
    ]);
    // Staff in reach read the same score; it is kept for the grid and Home.
    const realtor = await t.login('realtor@acme.test');
    expect(await health(`/clients/properties/${homeId}/health`, realtor)).toEqual(scored);
    const [kept] = await t.rows<{ score: number; band: string }>(
      sql`select score, band from home_health where property_id = ${homeId}`,
    );
    expect(kept).toEqual({ score: 75, band: 'fair' });
    const overview = (await t.api({ path: '/home/health', token: realtor })).json<HealthOverview>();
    expect(overview.bands.find((one) => one.band === 'fair')?.count).toBeGreaterThanOrEqual(1);
    const lowest = overview.lowest.find((one) => one.propertyId === homeId);
    expect(lowest).toMatchObject({ clientId: owner.id, score: 75 });
    expect(lowest?.reason).toContain('overdue');
  });

  it('keeps the new score as soon as the overdue task is marked done, before anyone opens the home', async () => {
    const [safety] = await t.rows<{ id: string }>(sql`
      select s.id from reminder_subscriptions s join reminders r on r.id = s.reminder_id
       where s.property_id = ${homeId} and r.category = 'Safety' and s.last_sent_at is not null`);
    const done = await t.api({
      method: 'POST',
      path: `/homeowner/reminders/${safety!.id}/answer`,
      token,
      body: { kind: 'done' },
    });
    expect(done.statusCode, done.body).toBe(200);
    // Only the old water heater still takes points; nothing read the home's health since.
    const [kept] = await t.rows<{ score: number; band: string }>(
      sql`select score, band from home_health where property_id = ${homeId}`,
    );
    expect(kept).toEqual({ score: 90, band: 'good' });
    // The next test expects the overdue task again: sent 10 days ago, with no reply since.
    await t.rows(sql`delete from reminder_answers where subscription_id = ${safety!.id}`);
    await health(`/homeowner/homes/${homeId}/health`, token);
  });

  it('keeps the new score as soon as a system or the care record changes, before anyone opens the home', async () => {
    const kept = async () =>
      (
        await t.rows<{ score: number }>(sql`select score from home_health where property_id = ${otherHomeId}`)
      )[0]?.score;
    const systemsPath = `/homeowner/homes/${otherHomeId}/systems`;
    const heater = await addHomeSystem(t, otherToken, otherHomeId, {
      kind: 'waterHeater',
      type: 'tankGas',
      installedYear: 2004,
      installedMonth: 6,
    });
    expect(await kept()).toBe(90);

    const change = async (installedYear: number) => {
      const changed = await t.api({
        method: 'PUT',
        path: `${systemsPath}/${heater.id}`,
        token: otherToken,
        body: { kind: 'waterHeater', type: 'tankGas', installedYear },
      });
      expect(changed.statusCode, changed.body).toBe(200);
    };
    await change(new Date(t.clock.nowMs() - 7 * dayMs).getUTCFullYear());
    expect(await kept()).toBe(100);
    await change(2004);
    expect(await kept()).toBe(90);
    const removed = await t.api({ method: 'DELETE', path: `${systemsPath}/${heater.id}`, token: otherToken });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await kept()).toBe(100);

    // The home joined three years ago and nothing was recorded since: 20 points, until work is.
    await t.rows(sql`update properties set created_at = ${new Date(t.clock.nowMs() - 3 * 365 * dayMs).toISOString()}::timestamptz
                      where id = ${otherHomeId}`);
    await health(`/homeowner/homes/${otherHomeId}/health`, otherToken);
    expect(await kept()).toBe(80);
    const recorded = await t.api({
      method: 'POST',
      path: `/homeowner/homes/${otherHomeId}/record`,
      token: otherToken,
      body: {
        title: 'Cleaned the gutters',
        // A week ago is in the past in every corporation's time zone.
        doneOn: new Date(t.clock.nowMs() - 7 * dayMs).toISOString().slice(0, 10),
        doneBy: 'self',
      },
    });
    expect(recorded.statusCode, recorded.body).toBe(201);
    expect(await kept()).toBe(100);
  });

  it('filters and sorts the client grid by the kept score', async () => {
    const realtor = await t.login('realtor@acme.test');
    const grid = async (body: Record<string, unknown>) => {
      const response = await t.api({ method: 'POST', path: '/clients/grid', token: realtor, body });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<ClientGrid>().items;
    };
    const fair = await grid({ page: 1, pageSize: 50, health: 'fair' });
    expect(fair.map((row) => row.propertyId)).toContain(homeId);
    expect(
      fair.every((row) => row.healthScore !== null && row.healthScore >= 60 && row.healthScore < 80),
    ).toBe(true);
    expect(
      (await grid({ page: 1, pageSize: 50, health: 'good' })).map((row) => row.propertyId),
    ).not.toContain(homeId);
    const lowestFirst = await grid({
      page: 1,
      pageSize: 5,
      sorting: [{ propertyName: 'healthScore', dir: 'asc' }],
    });
    expect(lowestFirst[0]).toMatchObject({ propertyId: homeId, healthScore: 75 });
    expectErrors(
      await t.api({ method: 'POST', path: '/clients/grid', token: realtor, body: { health: 'great' } }),
      400,
    );
  });

  it('shows a home to its owner and staff in reach only', async () => {
    for (const [path, as] of [
      [`/homeowner/homes/${homeId}/health`, otherToken],
      [`/clients/properties/${homeId}/health`, await t.login('realtor2@acme.test')],
      [`/clients/properties/${homeId}/health`, await t.login('admin@birch.test')],
    ] as const)
      expectErrors(await t.api({ path, token: as }), 404, homeProfileMessages.homeNotFound);
    const birch = (
      await t.api({ path: '/home/health', token: await t.login('admin@birch.test') })
    ).json<HealthOverview>();
    expect(birch.lowest.map((one) => one.propertyId)).not.toContain(homeId);
  });

  it('scores every home each day, a batch at a time', async () => {
    const scoring = homeHealthService({
      homes: homeProfilesRepository(t.database.db),
      health: homeHealthRepository(t.database.db),
      now: t.clock.now,
    });
    let scored = 0;
    for (let batch = await scoring.scoreDue(); batch > 0; batch = await scoring.scoreDue()) scored += batch;
    const [counts] = await t.rows<{ homes: number; kept: number }>(sql`
      select (select count(*)::int from properties p join corporations co on co.id = p.tenant_id
               where co.enabled and not co.is_system) as homes,
             (select count(*)::int from home_health) as kept`);
    expect(counts!.kept).toBe(counts!.homes);
    expect(scored).toBeGreaterThan(0);
    expect(await scoring.scoreDue()).toBe(0);
  });
});
