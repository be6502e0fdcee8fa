import { describe, expect, it } from 'vitest';
import { clientMessages } from '@homeminder/shared/contracts/clients';
import { validateRow, type Lookups } from './bulk-rows';

/** A ZIP code in each state the tests use: Miami and Minneapolis. */
const zipIn: Record<string, string> = { FL: '33101', MN: '55401' };

/** A row of an upload, in a state, naming reminders as the spreadsheet does. */
const row = (state: string, reminders: string) => ({
  firstName: 'Bea',
  lastName: 'Bulk',
  email: 'bea.bulk@example.net',
  addressLine: '1 Harbor Road',
  city: 'Town',
  state,
  zip: zipIn[state] ?? '',
  reminders,
});

const lookups: Lookups = {
  realtorByEmail: new Map(),
  realtorsByName: new Map(),
  realtorEmailById: new Map(),
  reminderByName: new Map([
    [
      'protect pipes and outdoor faucets',
      {
        id: 'pipes',
        name: 'Protect pipes and outdoor faucets',
        defaultFrequencyId: 5,
        season: 'beforeFrost',
      },
    ],
    [
      'open the pool',
      { id: 'own-pool', name: 'Open the pool', defaultFrequencyId: 5, season: 'beforeSummer' },
    ],
  ]),
  frequencyByName: new Map([['annual', 5]]),
  intervalOf: new Map([[5, 12]]),
};

describe('bulk rows and seasons', () => {
  it('refuses a task whose season does not happen where the property is, naming its ZIP code', () => {
    expect(validateRow(row('FL', 'Protect pipes and outdoor faucets'), lookups)).toEqual({
      ok: false,
      error: `Reminders: ${clientMessages.seasonNotHere('Protect pipes and outdoor faucets', 'ZIP code 33101')}`,
    });
  });
  it("takes the same task in a state with frost, and the corporation's own task by its name", () => {
    const verdict = validateRow(
      row('MN', 'Protect pipes and outdoor faucets; open the pool: Annual'),
      lookups,
    );
    expect(verdict.ok).toBe(true);
    expect(verdict.ok && verdict.setup.subscriptions.map((item) => item.reminderID)).toEqual([
      'pipes',
      'own-pool',
    ]);
  });
});
