import { describe, expect, it } from 'vitest';
import { formatDueDate } from '@homeminder/shared/due-date';
import { firstDueAt } from '@homeminder/shared/schedule';
import { editedProperty, emptySetupValues, expectedDueDate, setupValuesOf } from './setup-values';
import { testClient } from './test-clients';
import { perClientOwnField } from '@homeminder/shared/contracts/client-fields';

const property = (id: string, reminderId: string) => ({
  id,
  tenantId: 't',
  clientUserId: 'c1',
  addressLine: `${id.length} Maple Street`,
  city: 'Austin',
  state: 'TX',
  zip: '78701',
  enabled: true,
  pending: false,
  status: 'enabled' as const,
  leadDays: 0 as const,
  emailCadence: 'each' as const,
  unansweredReminders: 0,
  subscriptions: [
    {
      id: `s-${id}`,
      reminderId,
      reminderName: 'Replace HVAC filter',
      category: 'Heating & cooling',
      maintenanceFrequencyId: 3,
      frequencyName: 'Quarterly',
      nextDueAt: '2026-05-01T10:00:00.000Z',
      lastSentAt: null,
    },
  ],
});

const client = testClient('c1', 'Olivia', "O'Brien", [property('p1', 'hvac'), property('p22', 'gutter')], {
  tenantId: 't',
  email: 'olivia@example.com',
  realtorId: 'r1',
  realtorName: 'Rita Realtor',
});

const frequencies = [
  { id: 1, name: 'Monthly', intervalMonths: 1 },
  { id: 3, name: 'Quarterly', intervalMonths: 3 },
];

describe('setup values', () => {
  it('starts a new client empty, with the given realtor', () => {
    expect(emptySetupValues('r9')).toMatchObject({
      realtorID: 'r9',
      subscriptions: [],
      property: { pending: false },
    });
    expect(
      emptySetupValues(null, [
        { reminderId: 'r-hvac', maintenanceFrequencyId: 3 },
        { reminderId: 'r-dryer', maintenanceFrequencyId: 5 },
      ]).subscriptions,
    ).toEqual([
      { reminderID: 'r-hvac', maintenanceFrequencyID: '3' },
      { reminderID: 'r-dryer', maintenanceFrequencyID: '5' },
    ]);
  });

  it("fills in a client's first property, or the one asked for", () => {
    const values = setupValuesOf(client);
    expect(values).toEqual({
      realtorID: 'r1',
      tenantUserID: 'c1',
      clientUser: {
        ...perClientOwnField(() => ''),
        firstName: 'Olivia',
        lastName: "O'Brien",
        email: 'olivia@example.com',
      },
      property: {
        propertyId: 'p1',
        line: '2 Maple Street',
        city: 'Austin',
        state: 'TX',
        zip: '78701',
        pending: false,
      },
      subscriptions: [{ reminderID: 'hvac', maintenanceFrequencyID: '3' }],
    });
    expect(setupValuesOf(client, 'p22').property.propertyId).toBe('p22');
    expect(setupValuesOf(client, 'unknown').property.propertyId).toBe('p1');
    expect(editedProperty({ ...client, properties: [] })).toBeUndefined();
  });
});

describe('expectedDueDate', () => {
  const today = new Date('2026-03-31T12:00:00Z');
  const zone = 'America/New_York';
  const saved = client.properties[0];

  it.each([
    ['keeps the date of an unchanged subscription', 'hvac', '3', saved, '2026-05-01T10:00:00.000Z'],
    ['starts a changed one from today', 'hvac', '1', saved, '2026-04-30T13:00:00.000Z'],
    ['starts a new one from today', 'new', '3', undefined, '2026-06-30T13:00:00.000Z'],
  ])('%s', (_, reminderID, maintenanceFrequencyID, property, due) => {
    expect(
      expectedDueDate(
        { reminderID, maintenanceFrequencyID },
        property,
        frequencies,
        today,
        zone,
      )?.toISOString(),
    ).toBe(due);
  });

  it('has no date for a subscription without a frequency', () => {
    expect(
      expectedDueDate({ reminderID: 'new', maintenanceFrequencyID: '' }, undefined, frequencies, today, zone),
    ).toBeNull();
  });

  it('previews the date the server will save: from today in the corporation’s zone, at 09:00 there', () => {
    // 22:00 on 24 November in New York is already 25 November in UTC and in Auckland.
    const lateEvening = new Date('2026-11-25T03:00:00Z');
    const due = expectedDueDate(
      { reminderID: 'new', maintenanceFrequencyID: '3' },
      undefined,
      frequencies,
      lateEvening,
      zone,
    );
    expect(due?.toISOString()).toBe(firstDueAt(lateEvening, 3, zone).toISOString());
    expect(formatDueDate(due!, zone)).toBe('24FEB2027');
  });
});
