import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { homeProfileMessages } from '@homeminder/shared/contracts/home-profile';
import {
  homeSystemDetails,
  homeSystemLimits,
  homeSystemMessages,
  type HomeSystem,
  type HomeSystemInput,
  type HomeSystemList,
} from '@homeminder/shared/contracts/home-systems';
import { formatDay } from '@homeminder/shared/format';
import { describeEachDriver, expectErrors } from '../../test/test-app';
import { expectAudiencesKept, twoHomeownersWithHomes, type TestHomeowner } from '../../test/homeowners';

const furnace: HomeSystemInput = {
  kind: 'heating',
  type: 'gasFurnace',
  installedYear: 2009,
  installedMonth: 10,
  brand: ' Carrier ',
  filterSize: '16 x 25 x 1',
};

describeEachDriver("a home's systems and appliances", (t) => {
  let owner: TestHomeowner;
  let token: string;
  let homeId: string;
  let otherHomeId: string;

  const ownPath = (id: string, systemId?: string) =>
    `/homeowner/homes/${id}/systems${systemId ? `/${systemId}` : ''}`;
  const staffPath = (id: string, systemId?: string) =>
    `/clients/properties/${id}/systems${systemId ? `/${systemId}` : ''}`;
  const send = (method: 'POST' | 'PUT' | 'DELETE', path: string, as: string, body?: HomeSystemInput) =>
    t.api({ method, path, token: as, ...(body ? { body } : {}) });
  const list = async (path: string, as: string) => {
    const response = await t.api({ path, token: as });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<HomeSystemList>().items;
  };
  const added = async (path: string, as: string, body: HomeSystemInput) => {
    const response = await send('POST', path, as, body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<HomeSystem>();
  };
  /** The audit entries of the client's systems. */
  const systemEntries = async () =>
    t.rows<{
      action: string;
      actor_user_id: string;
      details: {
        propertyId: string;
        system: string;
        changes: { field: string; before: unknown; after: unknown }[];
      };
    }>(sql`
      select action, actor_user_id, details from audit_log
       where action like 'property.system-%' and record_type = 'client-user' and record_id = ${owner.id}
       order by at, id`);

  beforeAll(async () => {
    ({ owner, token, homeId, otherHomeId } = await twoHomeownersWithHomes(t));
  });

  it('keeps what the homeowner knows of a system, tidied, and nothing the kind does not ask for', async () => {
    expect(await list(ownPath(homeId), token)).toEqual([]);
    const kept = await added(ownPath(homeId), token, { ...furnace, capacity: 50, waterFilter: true });
    expect(kept).toMatchObject({
      kind: 'heating',
      type: 'gasFurnace',
      installedYear: 2009,
      installedMonth: 10,
      brand: 'Carrier',
      model: null,
      filterSize: '16x25x1',
      // A furnace has no capacity or water filter: what the kind does not ask for is dropped.
      capacity: null,
      waterFilter: null,
      warrantyEndsOn: null,
    });
    await added(ownPath(homeId), token, {
      kind: 'waterHeater',
      type: 'tankGas',
      installedYear: 2013,
      capacity: 50,
    });
    await added(ownPath(homeId), token, { kind: 'solar' });
    const items = await list(ownPath(homeId), token);
    expect(items.map((item) => item.kind)).toEqual(['heating', 'waterHeater', 'solar']);
    expect(items[1]).toMatchObject({ type: 'tankGas', capacity: 50 });

    const [entry] = await systemEntries();
    expect(entry).toMatchObject({
      action: 'property.system-added',
      actor_user_id: owner.id,
      details: { propertyId: homeId, system: 'Heating (Gas furnace)' },
    });
    expect(entry!.details.changes).toEqual(
      expect.arrayContaining([
        { field: 'Type', before: null, after: 'Gas furnace' },
        { field: 'Installed', before: null, after: 'October 2009' },
        { field: 'Filter size', before: null, after: '16x25x1' },
      ]),
    );
  });

  it('refuses what is not a system, a type of another kind and details out of range, with a message each', async () => {
    const next = new Date().getUTCFullYear() + 1;
    const response = await send('POST', ownPath(homeId), token, {
      kind: 'waterHeater',
      type: 'gasFurnace',
      installedYear: next,
      capacity: 5000,
      warrantyEndsOn: '2027-02-30',
      brand: 'x'.repeat(homeSystemLimits.brand + 1),
    });
    const errors = expectErrors(response, 400);
    const { capacity } = homeSystemDetails;
    expect(errors).toEqual(
      expect.arrayContaining([
        homeSystemMessages.typeUnknown('kind of Water heater'),
        homeSystemMessages.installedYear(next - 1),
        homeSystemMessages.detailNumber(capacity.label, capacity.min, capacity.max, capacity.unit),
      ]),
    );
    expect(errors.length).toBeGreaterThanOrEqual(5);
    expectErrors(
      await send('POST', ownPath(homeId), token, { kind: 'spaceship' as never }),
      400,
      homeSystemMessages.kindUnknown,
    );
    expectErrors(
      await send('POST', ownPath(homeId), token, { kind: 'heating', installedMonth: 3 }),
      400,
      homeSystemMessages.monthWithoutYear,
    );
    expectErrors(
      await send('POST', ownPath(homeId), token, { kind: 'heating', filterSize: 'big' }),
      400,
      homeSystemDetails.filterSize.message,
    );
    expect(await list(ownPath(homeId), token)).toHaveLength(3);
  });

  it('changes a system, writing only what changed, and removes one', async () => {
    const [heating, , solar] = await list(ownPath(homeId), token);
    const changed = await send('PUT', ownPath(homeId, heating!.id), token, {
      ...furnace,
      filterSize: '20x25x1',
      warrantyEndsOn: '2027-03-31',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<HomeSystem>()).toMatchObject({ filterSize: '20x25x1', warrantyEndsOn: '2027-03-31' });
    const same = await send('PUT', ownPath(homeId, heating!.id), token, {
      ...furnace,
      filterSize: '20x25x1',
      warrantyEndsOn: '2027-03-31',
    });
    expect(same.json<HomeSystem>().updatedAt).toBe(changed.json<HomeSystem>().updatedAt);

    const removed = await send('DELETE', ownPath(homeId, solar!.id), token);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json<{ message: string }>().message).toBe(homeSystemMessages.removed('Solar panels'));
    expectErrors(await send('DELETE', ownPath(homeId, solar!.id), token), 404, homeSystemMessages.notFound);

    const entries = await systemEntries();
    expect(entries.map((entry) => entry.action)).toEqual([
      'property.system-added',
      'property.system-added',
      'property.system-added',
      'property.system-changed',
      'property.system-removed',
    ]);
    expect(entries[3]!.details.changes).toEqual([
      { field: 'Filter size', before: '16x25x1', after: '20x25x1' },
      { field: 'Warranty ends', before: null, after: formatDay('2027-03-31') },
    ]);
  });

  it("never reaches another homeowner's home or system, and keeps staff and homeowners to their own routes", async () => {
    const [heating] = await list(ownPath(homeId), token);
    expectErrors(await t.api({ path: ownPath(otherHomeId), token }), 404, homeProfileMessages.homeNotFound);
    expectErrors(
      await send('POST', ownPath(otherHomeId), token, furnace),
      404,
      homeProfileMessages.homeNotFound,
    );
    // A system named under a home it is not of is not found, even one's own.
    expectErrors(
      await send('PUT', ownPath(otherHomeId, heating!.id), token, furnace),
      404,
      homeProfileMessages.homeNotFound,
    );
    await expectAudiencesKept(t, { own: ownPath(homeId), staff: staffPath(homeId) }, token);
    expectErrors(await t.api({ method: 'DELETE', path: ownPath(homeId, 'not-an-id'), token }), 400);
  });

  describe('staff', () => {
    it("lets the client's realtor and a manager read, add and change the same systems", async () => {
      const realtor = await t.login('realtor@acme.test');
      const [heating] = await list(staffPath(homeId), realtor);
      expect(heating).toMatchObject({ kind: 'heating', filterSize: '20x25x1' });
      await added(staffPath(homeId), realtor, { kind: 'roof', type: 'asphaltShingle', installedYear: 2015 });
      const manager = await t.login('admin@acme.test');
      expect((await list(staffPath(homeId), manager)).map((item) => item.kind)).toContain('roof');
      expect((await list(ownPath(homeId), token)).map((item) => item.kind)).toContain('roof');
      const last = (await systemEntries()).at(-1)!;
      expect(last.action).toBe('property.system-added');
      expect(last.actor_user_id).not.toBe(owner.id);
    });

    it("lists each change in the client's Activity, naming the system and the home", async () => {
      const realtor = await t.login('realtor@acme.test');
      const response = await t.api({ path: `/clients/client/${owner.id}/activity`, token: realtor });
      expect(response.statusCode, response.body).toBe(200);
      const items = response
        .json<{
          items: { kind: string; task: string | null; propertyAddress: string | null; changes: unknown[] }[];
        }>()
        .items.filter((item) => item.kind.startsWith('system-'));
      expect(items[0]).toMatchObject({ kind: 'system-added', task: 'Roof (Asphalt shingles)' });
      expect(items[0]!.propertyAddress).toMatch(/, [A-Z]{2} \d{5}$/);
      expect(items.map((item) => item.kind)).toContain('system-removed');
      expect(items.find((item) => item.kind === 'system-changed')!.changes).toEqual([
        { field: 'Filter size', before: '16x25x1', after: '20x25x1' },
        { field: 'Warranty ends', before: null, after: formatDay('2027-03-31') },
      ]);
    });

    it("finds nothing of another realtor's client or of another corporation's", async () => {
      const [heating] = await list(ownPath(homeId), token);
      for (const outsider of ['realtor2@acme.test', 'admin@birch.test']) {
        const as = await t.login(outsider);
        const refusals = [
          await t.api({ path: staffPath(homeId), token: as }),
          await send('POST', staffPath(homeId), as, furnace),
          await send('PUT', staffPath(homeId, heating!.id), as, { kind: 'heating' }),
          await send('DELETE', staffPath(homeId, heating!.id), as),
        ];
        for (const refusal of refusals) expectErrors(refusal, 404, homeProfileMessages.homeNotFound);
      }
      expect((await list(ownPath(homeId), token))[0]).toMatchObject({
        kind: 'heating',
        filterSize: '20x25x1',
      });
    });
  });

  // Last: it fills the client's Activity with its entries.
  it(`lists at most ${homeSystemLimits.perHome} systems a home`, async () => {
    const room = homeSystemLimits.perHome - (await list(ownPath(homeId), token)).length;
    for (let index = 0; index < room; index += 1)
      await added(ownPath(homeId), token, { kind: 'smokeAlarms' });
    expectErrors(
      await send('POST', ownPath(homeId), token, { kind: 'dryer' }),
      400,
      homeSystemMessages.tooMany,
    );
    const alarms = (await list(ownPath(homeId), token)).filter((item) => item.kind === 'smokeAlarms');
    for (const alarm of alarms) await send('DELETE', ownPath(homeId, alarm.id), token);
  });
});
