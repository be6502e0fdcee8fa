/**
 * The home's columns of the client import and export (docs/decisions/092): an imported row sets
 * the new home's profile and its heating, cooling and water heater; a value that cannot be read is
 * the row's problem; and a file exported and imported again keeps the homes as they were.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeEach, expect, it } from 'vitest';
import { guessMapping } from '@homeminder/shared/bulk-columns';
import {
  bulkFields,
  bulkMessages,
  type BulkPage,
  type BulkProcessResult,
  type BulkRowData,
} from '@homeminder/shared/contracts/bulk';
import {
  homeColumnMessages,
  homeColumnNames,
  homeClientFields,
} from '@homeminder/shared/contracts/home-columns';
import { homeProfileMessages } from '@homeminder/shared/contracts/home-profile';
import { homeSystemMessages } from '@homeminder/shared/contracts/home-systems';
import { ACME_TENANT_ID, BIRCH_TENANT_ID } from '../../db/demo-data';
import { withTenant } from '../../db/data-scope';
import { homeFactQueries } from '../../db/home-facts';
import { bulkRowOf, queueBulkRows } from '../../test/bulk-rows';
import { readCsv } from '../../test/csv';
import { describeEachDriver, signInBeforeAll, type TestApp } from '../../test/test-app';

const row = bulkRowOf({
  firstName: 'Hana',
  lastName: 'Holmes',
  addressLine: '7 Orchard Lane',
  city: 'Springfield',
  state: 'IL',
  zip: '62704',
});

interface StoredHome {
  email: string;
  profile: Record<string, unknown> | null;
  systems: Array<{ kind: string; type: string | null; installedYear: number | null }>;
}

/** What is kept of the homes of the corporation's clients at `domain`: profile and systems. */
async function storedHomes(t: TestApp, tenantId: string, domain: string): Promise<StoredHome[]> {
  return t.rows<StoredHome>(sql`
    select c.email,
      (select json_build_object('homeKind', h.home_kind, 'yearBuilt', h.year_built,
          'waterSupply', h.water_supply, 'sewer', h.sewer, 'floorArea', h.floor_area)
         from home_profiles h where h.tenant_id = p.tenant_id and h.property_id = p.id) as profile,
      coalesce((select json_agg(json_build_object('kind', s.kind, 'type', s.type,
          'installedYear', s.installed_year) order by s.kind)
         from home_systems s where s.tenant_id = p.tenant_id and s.property_id = p.id), '[]') as systems
    from client_users c join properties p on p.tenant_id = c.tenant_id and p.client_user_id = c.id
    where c.tenant_id = ${tenantId} and c.email like ${`%@${domain}`}
    order by c.email`);
}

describeEachDriver('the home columns of the client import and export', (t) => {
  const token = signInBeforeAll(t);
  const acme = () => token('admin@acme.test');
  const birch = () => token('admin@birch.test');

  const process = async (tenantId: string, as: string) => {
    const response = await t.api({ method: 'POST', path: `/bulk/process/${tenantId}`, token: as });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<BulkProcessResult>();
  };
  const problems = async (tenantId: string, as: string) => {
    const page = (await t.api({ path: `/bulk/${tenantId}/1/1000`, token: as })).json<BulkPage>();
    return Object.fromEntries(
      page.items.map((item): [string, string | null] => [item.data.email ?? '', item.validationError]),
    );
  };
  const exported = async (as: string, search: string) => {
    const response = await t.api({
      method: 'POST',
      path: '/clients/export',
      token: as,
      body: { search, status: 'all' },
    });
    expect(response.statusCode, response.body).toBe(200);
    return readCsv(response.body.replace(/^\uFEFF/, ''));
  };

  beforeEach(async () => {
    for (const [tenantId, as] of [
      [ACME_TENANT_ID, acme()],
      [BIRCH_TENANT_ID, birch()],
    ] as const) {
      expect((await t.api({ method: 'DELETE', path: `/bulk/${tenantId}/all`, token: as })).statusCode).toBe(
        200,
      );
      await t.rows(sql`update corporations set licensed_properties = 1000 + (select count(*) from properties p
        where p.tenant_id = ${tenantId} and p.enabled and not p.pending) where id = ${tenantId} returning id`);
    }
  });

  it('sets the profile and the heating, cooling and water heater, reading the values leniently', async () => {
    const domain = `set.${randomUUID().slice(0, 8)}.test`;
    const queued = await queueBulkRows(t, acme(), ACME_TENANT_ID, [
      row(`full@${domain}`, {
        yearBuilt: ' 1987 ',
        homeKind: 'townhouse',
        heating: 'GAS FURNACE',
        cooling: 'central-air',
        waterHeaterYear: '2016',
        well: 'Y',
        septic: 'false',
      }),
      row(`partial@${domain}`, { homeKind: 'Condo', heating: 'Heating', septic: 'Yes' }),
      row(`blank@${domain}`, { yearBuilt: '', heating: ' ', well: '' }),
    ]);
    expect(queued.statusCode, queued.body).toBe(200);
    expect(Object.values(await problems(ACME_TENANT_ID, acme()))).toEqual([null, null, null]);
    expect(await process(ACME_TENANT_ID, acme())).toMatchObject({ created: 3, errors: {} });

    expect(await storedHomes(t, ACME_TENANT_ID, domain)).toEqual([
      { email: `blank@${domain}`, profile: null, systems: [] },
      {
        email: `full@${domain}`,
        profile: {
          homeKind: 'townhouse',
          yearBuilt: 1987,
          waterSupply: 'well',
          sewer: 'municipal',
          floorArea: null,
        },
        systems: [
          { kind: 'cooling', type: 'centralAir', installedYear: null },
          { kind: 'heating', type: 'gasFurnace', installedYear: null },
          { kind: 'waterHeater', type: null, installedYear: 2016 },
        ],
      },
      {
        email: `partial@${domain}`,
        profile: { homeKind: 'condo', yearBuilt: null, waterSupply: null, sewer: 'septic', floorArea: null },
        // The kind's own name: a heating system whose type is not known.
        systems: [{ kind: 'heating', type: null, installedYear: null }],
      },
    ]);
  });

  it('refuses a value it cannot read, naming the column and what to write', async () => {
    const domain = `bad.${randomUUID().slice(0, 8)}.test`;
    const lastYear = new Date().getUTCFullYear() + 1;
    await queueBulkRows(t, acme(), ACME_TENANT_ID, [
      row(`year@${domain}`, { yearBuilt: '1492' }),
      row(`kind@${domain}`, { homeKind: 'Castle' }),
      row(`well@${domain}`, { well: 'maybe' }),
      row(`heating@${domain}`, { heating: 'Fireplace' }),
      row(`water@${domain}`, { waterHeaterYear: 'soon' }),
    ]);
    expect(await problems(ACME_TENANT_ID, acme())).toEqual({
      [`year@${domain}`]: `Year built: ${homeProfileMessages.numberRange('Year built', '1700', String(lastYear))}`,
      [`kind@${domain}`]: `Kind of home: ${homeColumnMessages.choice('Castle', [
        'Single-family house',
        'Townhouse',
        'Condo or apartment',
        'Multi-family (2 to 4 units)',
        'Manufactured or mobile home',
      ])}`,
      [`well@${domain}`]: `Well: ${homeColumnMessages.yesNo('maybe')}`,
      [`heating@${domain}`]: `Heating: ${homeColumnMessages.choice('Fireplace', [
        'Gas furnace',
        'Electric furnace',
        'Heat pump',
        'Boiler',
      ])}`,
      [`water@${domain}`]: `Water heater year: ${homeSystemMessages.installedYear(lastYear - 1)}`,
    });
    expect(await process(ACME_TENANT_ID, acme())).toMatchObject({ created: 0 });
    expect(await storedHomes(t, ACME_TENANT_ID, domain)).toEqual([]);
  });

  it('keeps the homes through an export imported again, adding no system twice', async () => {
    const domain = `trip.${randomUUID().slice(0, 8)}.test`;
    await queueBulkRows(t, acme(), ACME_TENANT_ID, [
      row(`one@${domain}`, {
        yearBuilt: '1962',
        homeKind: 'Single-family house',
        heating: 'Boiler',
        cooling: 'Ductless mini-split',
        waterHeaterYear: '2011',
        well: 'yes',
        septic: 'yes',
      }),
      row(`two@${domain}`, { homeKind: 'Manufactured', cooling: 'Cooling', well: 'no' }),
      row(`three@${domain}`),
    ]);
    expect(await process(ACME_TENANT_ID, acme())).toMatchObject({ created: 3, errors: {} });
    // A fact the columns do not carry stays with the home and out of the file.
    await t.rows(sql`update home_profiles set floor_area = 1800 where tenant_id = ${ACME_TENANT_ID}
      and property_id in (select p.id from properties p join client_users c on c.tenant_id = p.tenant_id
        and c.id = p.client_user_id where c.email = ${`one@${domain}`}) returning property_id`);

    const [headers, ...lines] = await exported(acme(), domain);
    const mapping = guessMapping(headers!);
    for (const name of homeColumnNames) expect(headers, name).toContain(homeClientFields[name].label);
    const rows: BulkRowData[] = lines.map((cells) =>
      Object.fromEntries(bulkFields.map((field) => [field, cells[mapping[field]!] ?? ''])),
    );
    expect(rows.find((one) => one.email === `two@${domain}`)).toMatchObject({
      yearBuilt: '',
      homeKind: 'Manufactured or mobile home',
      heating: '',
      cooling: 'Cooling',
      waterHeaterYear: '',
      well: 'No',
      septic: '',
    });

    // Into another corporation (without the first one's reminders and realtor) and back out.
    const moved = rows.map((one) => ({ ...one, reminders: '', realtorEmail: '' }));
    expect((await queueBulkRows(t, birch(), BIRCH_TENANT_ID, moved)).statusCode).toBe(200);
    expect(await process(BIRCH_TENANT_ID, birch())).toMatchObject({ created: 3, errors: {} });
    const source = await storedHomes(t, ACME_TENANT_ID, domain);
    const copied = await storedHomes(t, BIRCH_TENANT_ID, domain);
    expect(copied).toEqual(
      source.map((home) => ({
        ...home,
        profile: home.profile && { ...home.profile, floorArea: null },
      })),
    );
    const [, ...again] = await exported(birch(), domain);
    // Each client's home columns, by email: the grid's order may differ between the corporations.
    const homeCells = (file: string[][]) =>
      Object.fromEntries(
        file.map((cells): [string, Array<string | undefined>] => [
          cells[mapping.email!] ?? '',
          homeColumnNames.map((name) => cells[mapping[name]!]),
        ]),
      );
    expect(homeCells(again)).toEqual(homeCells(lines));

    // The same file a second time: its clients exist, so nothing is added to their homes.
    await queueBulkRows(t, birch(), BIRCH_TENANT_ID, moved);
    expect(Object.values(await problems(BIRCH_TENANT_ID, birch()))).toEqual(
      moved.map(() => bulkMessages.emailOfClient),
    );
    expect(await process(BIRCH_TENANT_ID, birch())).toMatchObject({ created: 0 });
    expect(await storedHomes(t, BIRCH_TENANT_ID, domain)).toEqual(copied);
  });

  it('changes a kept home told again: an answer replaces, a blank keeps, a system is not added twice', async () => {
    const domain = `again.${randomUUID().slice(0, 8)}.test`;
    await queueBulkRows(t, acme(), ACME_TENANT_ID, [
      row(`home@${domain}`, { yearBuilt: '1990', heating: 'Gas furnace', waterHeaterYear: '2010' }),
    ]);
    expect(await process(ACME_TENANT_ID, acme())).toMatchObject({ created: 1 });
    const [property] = await t.rows<{ id: string }>(sql`select p.id from properties p join client_users c
      on c.tenant_id = p.tenant_id and c.id = p.client_user_id where c.email = ${`home@${domain}`}`);
    const told = {
      propertyId: property!.id,
      facts: {
        profile: { homeKind: 'townhouse' as const },
        systems: [
          { kind: 'heating' as const, type: 'heatPump' },
          { kind: 'waterHeater' as const, installedYear: 2020 },
        ],
      },
    };
    for (let time = 0; time < 2; time += 1)
      await withTenant(t.database.db, ACME_TENANT_ID, () =>
        homeFactQueries(t.database.db).saveHomeFacts(ACME_TENANT_ID, [told], new Date()),
      );
    expect(await storedHomes(t, ACME_TENANT_ID, domain)).toEqual([
      {
        email: `home@${domain}`,
        profile: { homeKind: 'townhouse', yearBuilt: 1990, waterSupply: null, sewer: null, floorArea: null },
        systems: [
          { kind: 'heating', type: 'heatPump', installedYear: null },
          { kind: 'waterHeater', type: null, installedYear: 2020 },
        ],
      },
    ]);
  });
});
