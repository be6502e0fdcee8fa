import { perClientOwnField, type ClientOwnFieldName } from '@homeminder/shared/contracts/client-fields';
import type { ClientDetail, PropertyDetail, Subscription } from '@homeminder/shared/contracts/clients';

// Clients as the server returns them, for the clients screens' tests.

/** Every field a client keeps left empty; the names and email are set by `testClient`. */
const emptyOwnFields = perClientOwnField(() => null) as unknown as Pick<ClientDetail, ClientOwnFieldName>;

export function testSubscription(id: string, reminderId: string, reminderName: string): Subscription {
  return {
    id,
    reminderId,
    reminderName,
    category: 'Heating and cooling',
    maintenanceFrequencyId: 1,
    frequencyName: 'Monthly',
    nextDueAt: '2031-01-01T00:00:00.000Z',
    lastSentAt: null,
  };
}

export function testProperty(
  clientUserId: string,
  id: string,
  addressLine: string,
  city: string,
  changes: Partial<PropertyDetail> = {},
): PropertyDetail {
  return {
    id,
    tenantId: 't-acme',
    clientUserId,
    addressLine,
    city,
    state: 'IL',
    zip: '62704',
    enabled: true,
    pending: false,
    status: 'enabled',
    leadDays: 0,
    emailCadence: 'each',
    unansweredReminders: 0,
    subscriptions: [],
    ...changes,
  };
}

export function testClient(
  id: string,
  firstName: string,
  lastName: string,
  properties: PropertyDetail[],
  changes: Partial<ClientDetail> = {},
): ClientDetail {
  return {
    id,
    tenantId: 't-acme',
    ...emptyOwnFields,
    firstName,
    lastName,
    email: `${firstName.toLowerCase()}@example.net`,
    enabled: true,
    realtorId: null,
    realtorName: null,
    registered: false,
    unsubscribedAt: null,
    emailStopped: null,
    createdAt: '2030-01-01T00:00:00.000Z',
    updatedAt: '2030-01-01T00:00:00.000Z',
    properties,
    ...changes,
  };
}
