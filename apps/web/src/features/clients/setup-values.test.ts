import { describe, expect, it } from 'vitest';
import type { ClientDetail } from '@homeminder/shared/contracts/clients';
import { editedProperty, emptySetupValues, expectedDueDate, setupValuesOf } from './setup-values';

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

const client: ClientDetail = {
  id: 'c1',
  tenantId: 't',
  firstName: 'Olivia',
  lastName: "O'Brien",
  email: 'olivia@example.com',
  phone: null,
  enabled: true,
  realtorId: 'r1',
  realtorName: 'Rita Realtor',
  registered: false,
  unsubscribedAt: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  properties: [property('p1', 'hvac'), property('p22', 'gutter')],
};

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
  });

  it("fills in a client's first property, or the one asked for", () => {
    const values = setupValuesOf(client);
    expect(values).toEqual({
      realtorID: 'r1',
      tenantUserID: 'c1',
      clientUser: { firstName: 'Olivia', lastName: "O'Brien", email: 'olivia@example.com', phone: '' },
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
  const saved = client.properties[0];

  it('keeps the date of an unchanged subscription', () => {
    expect(
      expectedDueDate(
        { reminderID: 'hvac', maintenanceFrequencyID: '3' },
        saved,
        frequencies,
        today,
      )?.toISOString(),
    ).toBe('2026-05-01T10:00:00.000Z');
  });

  it('starts a new or changed one from today', () => {
    expect(
      expectedDueDate(
        { reminderID: 'hvac', maintenanceFrequencyID: '1' },
        saved,
        frequencies,
        today,
      )?.toISOString(),
    ).toBe('2026-04-30T12:00:00.000Z');
    expect(
      expectedDueDate(
        { reminderID: 'new', maintenanceFrequencyID: '3' },
        undefined,
        frequencies,
        today,
      )?.toISOString(),
    ).toBe('2026-06-30T12:00:00.000Z');
    expect(
      expectedDueDate({ reminderID: 'new', maintenanceFrequencyID: '' }, undefined, frequencies, today),
    ).toBeNull();
  });
});
