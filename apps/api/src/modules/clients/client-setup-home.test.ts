/**
 * The set-up's `home` (docs/decisions/092): a new client's property starts with the answers and
 * heating given, within the caller's corporation and realtor scope; an answer outside the rules is
 * refused with the profile's own message.
 */
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { homeProfileMessages } from '@homeminder/shared/contracts/home-profile';
import { setUpClient } from '../../test/clients';
import { describeEachDriver, signInBeforeAll } from '../../test/test-app';

const property = { line: '7 Orchard Lane', city: 'Springfield', state: 'IL', zip: '62704' };

describeEachDriver('a new client set up with their home', (t) => {
  const token = signInBeforeAll(t);
  const setup = (as: string, email: string, home: unknown) =>
    t.api({
      method: 'PUT',
      path: '/clients/setup',
      token: token(as),
      body: { clientUser: { firstName: 'Hana', lastName: 'Home', email }, property, home },
    });

  it("keeps the answers and the heating given as the new property's, and nothing for not sure", async () => {
    const { propertyId } = await setUpClient(t, token('realtor@acme.test'), {
      home: {
        profile: { homeKind: 'townhouse', waterSupply: 'well', sewer: null },
        systems: [{ kind: 'heating', type: 'heatPump' }],
      },
    });
    const [profile] = await t.rows<Record<string, unknown>>(sql`select home_kind, water_supply, sewer
      from home_profiles where property_id = ${propertyId}`);
    expect(profile).toEqual({ home_kind: 'townhouse', water_supply: 'well', sewer: null });
    const systems = await t.rows(sql`select kind, type from home_systems where property_id = ${propertyId}`);
    expect(systems).toEqual([{ kind: 'heating', type: 'heatPump' }]);

    const { propertyId: otherId } = await setUpClient(t, token('admin@acme.test'), {
      home: { profile: { homeKind: null }, systems: [] },
    });
    expect(await t.rows(sql`select 1 from home_profiles where property_id = ${otherId}`)).toEqual([]);
  });

  it("refuses an answer outside the profile's rules, and a kind of system it does not ask", async () => {
    const year = await setup('admin@acme.test', 'bad.year@setup.test', { profile: { yearBuilt: 1200 } });
    expect(year.statusCode).toBe(400);
    expect(year.body).toContain(
      homeProfileMessages.numberRange('Year built', '1700', String(new Date().getUTCFullYear() + 1)),
    );
    const roof = await setup('admin@acme.test', 'bad.roof@setup.test', { systems: [{ kind: 'roof' }] });
    expect(roof.statusCode).toBe(400);
    expect(
      await t.rows(
        sql`select 1 from client_users where email in ('bad.year@setup.test', 'bad.roof@setup.test')`,
      ),
    ).toEqual([]);
  });
});
