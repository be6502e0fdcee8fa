import type {
  ClientDetail,
  MaintenanceFrequency,
  PropertyDetail,
} from '@homeminder/shared/contracts/clients';
import type { DefaultReminder } from '@homeminder/shared/contracts/default-reminders';
import { formatPhone } from '@homeminder/shared/format';
import { firstDueAt } from '@homeminder/shared/schedule';

/** The set-up form's values: what the inputs hold (text), parsed by the shared schema on submit. */
export interface SetupFormValues {
  realtorID: string | null;
  tenantUserID?: string;
  clientUser: { firstName: string; lastName: string; email: string; phone: string };
  property: { propertyId?: string; line: string; city: string; state: string; zip: string; pending: boolean };
  subscriptions: Array<{ reminderID: string; maintenanceFrequencyID: string }>;
}

/**
 * A new client: a realtor is set up as their own client's realtor, and the corporation's default
 * reminders start chosen, each at its frequency (docs/decisions/060).
 */
export function emptySetupValues(
  realtorId: string | null,
  defaultReminders: ReadonlyArray<Pick<DefaultReminder, 'reminderId' | 'maintenanceFrequencyId'>> = [],
): SetupFormValues {
  return {
    realtorID: realtorId,
    clientUser: { firstName: '', lastName: '', email: '', phone: '' },
    property: { line: '', city: '', state: '', zip: '', pending: false },
    subscriptions: defaultReminders.map((item) => ({
      reminderID: item.reminderId,
      maintenanceFrequencyID: String(item.maintenanceFrequencyId),
    })),
  };
}

/** The property a form edits: the one asked for, else the client's first. */
export function editedProperty(client: ClientDetail, propertyId?: string | null): PropertyDetail | undefined {
  return client.properties.find((property) => property.id === propertyId) ?? client.properties[0];
}

/** An existing client's values, with one of their properties and its subscriptions. */
export function setupValuesOf(client: ClientDetail, propertyId?: string | null): SetupFormValues {
  const property = editedProperty(client, propertyId);
  return {
    realtorID: client.realtorId,
    tenantUserID: client.id,
    clientUser: {
      firstName: client.firstName,
      lastName: client.lastName,
      email: client.email,
      phone: formatPhone(client.phone),
    },
    property: property
      ? {
          propertyId: property.id,
          line: property.addressLine,
          city: property.city,
          state: property.state,
          zip: property.zip,
          pending: property.pending,
        }
      : { line: '', city: '', state: '', zip: '', pending: false },
    subscriptions: (property?.subscriptions ?? []).map((subscription) => ({
      reminderID: subscription.reminderId,
      maintenanceFrequencyID: String(subscription.maintenanceFrequencyId),
    })),
  };
}

/**
 * When a chosen reminder will first be sent: an unchanged subscription keeps its date; a new one,
 * or one with a new frequency, starts a cycle from today in the corporation's `timeZone`, by the
 * same rule the server saves it with (docs/decisions/024).
 */
export function expectedDueDate(
  choice: { reminderID: string; maintenanceFrequencyID: string },
  saved: PropertyDetail | undefined,
  frequencies: readonly MaintenanceFrequency[],
  today: Date,
  timeZone: string,
): Date | null {
  const existing = saved?.subscriptions.find((subscription) => subscription.reminderId === choice.reminderID);
  if (existing && String(existing.maintenanceFrequencyId) === choice.maintenanceFrequencyID) {
    return new Date(existing.nextDueAt);
  }
  const frequency = frequencies.find((candidate) => String(candidate.id) === choice.maintenanceFrequencyID);
  return frequency ? firstDueAt(today, frequency.intervalMonths, timeZone) : null;
}
