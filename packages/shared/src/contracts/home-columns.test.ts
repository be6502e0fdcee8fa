import { describe, expect, it } from 'vitest';
import { guessMapping } from '../bulk-columns';
import { bulkRowRulesSchema } from './bulk';
import { checkBulkRow } from './bulk-row-check';
import {
  homeClientFields,
  homeColumnMessages,
  homeColumnNames,
  homeColumnText,
  newHomeOf,
  type HomeColumnName,
  type HomeForColumns,
} from './home-columns';
import { newHomeSchema } from './new-home';

const client = {
  firstName: 'Hana',
  lastName: 'Holmes',
  email: 'hana@example.com',
  addressLine: '7 Orchard Lane',
  city: 'Springfield',
  state: 'IL',
  zip: '62704',
};

const read = (name: HomeColumnName, typed: string) => homeClientFields[name].rule.parse(typed);

describe('the home columns', () => {
  it('read values leniently: case, spacing, yes and no words, and a blank as not known', () => {
    expect(read('yearBuilt', ' 1987 ')).toBe(1987);
    expect(read('homeKind', 'single family')).toBe('singleFamily');
    expect(read('homeKind', 'CONDO')).toBe('condo');
    expect(read('heating', 'gas-furnace')).toEqual({ type: 'gasFurnace' });
    expect(read('heating', 'Heating')).toEqual({ type: null });
    expect(read('cooling', 'miniSplit')).toEqual({ type: 'miniSplit' });
    expect(read('waterHeaterYear', '2015')).toEqual({ installedYear: 2015 });
    for (const yes of ['Y', 'yes', 'TRUE', '1']) expect(read('well', yes)).toBe('well');
    for (const no of ['n', 'No', 'false', '0']) expect(read('septic', no)).toBe('municipal');
    for (const name of homeColumnNames) expect(read(name, '  '), name).toBeNull();
  });

  it('name the column and what to write when a value cannot be read', () => {
    expect(checkBulkRow({ ...client, well: 'perhaps' })).toEqual({
      ok: false,
      field: 'well',
      error: `Well: ${homeColumnMessages.yesNo('perhaps')}`,
    });
    const year = checkBulkRow({ ...client, yearBuilt: '19x4' });
    expect(year.ok === false && year.error).toMatch(
      /^Year built: Year built must be a whole number from 1700 to/,
    );
    // "Heat" starts more than one answer's words: it is not guessed.
    expect(checkBulkRow({ ...client, heating: 'Heat' }).ok).toBe(false);
  });

  it('write what they read, so an exported home imports as it was', () => {
    const home: HomeForColumns = {
      answers: { yearBuilt: 1962, homeKind: 'townhouse', waterSupply: 'municipal', sewer: 'septic' },
      systems: [
        { kind: 'heating', type: 'heatPump', installedYear: 2019 },
        { kind: 'heating', type: 'boiler', installedYear: null },
        { kind: 'cooling', type: null, installedYear: null },
        { kind: 'waterHeater', type: 'tankless', installedYear: 2014 },
      ],
    };
    const cells = Object.fromEntries(homeColumnNames.map((name) => [name, homeColumnText(name, home)]));
    expect(cells).toEqual({
      yearBuilt: '1962',
      homeKind: 'Townhouse',
      heating: 'Heat pump',
      cooling: 'Cooling',
      waterHeaterYear: '2014',
      well: 'No',
      septic: 'Yes',
    });
    const row = bulkRowRulesSchema.parse({ ...client, ...cells });
    expect(newHomeOf(row)).toEqual({
      profile: { yearBuilt: 1962, homeKind: 'townhouse', waterSupply: 'municipal', sewer: 'septic' },
      systems: [
        { kind: 'heating', type: 'heatPump' },
        { kind: 'cooling', type: null },
        { kind: 'waterHeater', installedYear: 2014 },
      ],
    });
    expect(newHomeOf(bulkRowRulesSchema.parse(client))).toBeNull();
    expect(homeColumnText('yearBuilt', undefined)).toBe('');
  });

  it('are found under the names spreadsheets give them', () => {
    const mapping = guessMapping([
      'Email',
      'Year Built',
      'Home Type',
      'Heat Source',
      'A/C',
      'Private well',
      'Septic tank',
    ]);
    expect([
      mapping.yearBuilt,
      mapping.homeKind,
      mapping.heating,
      mapping.cooling,
      mapping.well,
      mapping.septic,
    ]).toEqual([1, 2, 3, 4, 5, 6]);
  });
});

describe("the set-up's home", () => {
  it('keeps the answers given and the main systems, once each', () => {
    expect(
      newHomeSchema.parse({
        profile: { homeKind: 'condo', waterSupply: null },
        systems: [{ kind: 'heating', type: 'boiler' }],
      }),
    ).toEqual({ profile: { homeKind: 'condo' }, systems: [{ kind: 'heating', type: 'boiler' }] });
    expect(newHomeSchema.safeParse({ systems: [{ kind: 'roof' }] }).success).toBe(false);
    expect(
      newHomeSchema.safeParse({ systems: [{ kind: 'heating' }, { kind: 'heating', type: 'boiler' }] })
        .success,
    ).toBe(false);
    expect(newHomeSchema.safeParse({ profile: { yearBuilt: 1200 } }).success).toBe(false);
  });
});
