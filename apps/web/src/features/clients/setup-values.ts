import type {
  ClientDetail,
  MaintenanceFrequency,
  PropertyDetail,
} from '@homeminder/shared/contracts/clients';
import type { DefaultReminder } from '@homeminder/shared/contracts/default-reminders';
import type { HomeProfileAnswers } from '@homeminder/shared/contracts/home-profile';
import {
  formatClientField,
  perClientOwnField,
  type ClientOwnFieldName,
} from '@homeminder/shared/contracts/client-fields';
import { firstSchedule, lastDoneFromText } from '@homeminder/shared/season-schedule';
import { monthsOfSeason, type Place } from '@homeminder/shared/climate';

/** The set-up form's values: what the inputs hold (text), parsed by the shared schema on submit. */
export interface SetupFormValues {
  realtorID: string | null;
  tenantUserID?: string;
  clientUser: Record<ClientOwnFieldName, string>;
  property: { propertyId?: string; line: string; city: string; state: string; zip: string; pending: boolean };
  /** `lastDoneOn`: "2026-03" when the task was last done, blank or absent for "Never / not sure". */
  subscriptions: Array<{ reminderID: string; maintenanceFrequencyID: string; lastDoneOn?: string }>;
  /** A new client's home: a few answers (null: not sure) and its heating, if known. */
  home?: {
    profile: Pick<HomeProfileAnswers, 'homeKind' | 'waterSupply' | 'sewer'>;
    systems: Array<{ kind: 'heating'; type: string }>;
  };
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
    clientUser: perClientOwnField(() => ''),
    property: { line: '', city: '', state: '', zip: '', pending: false },
    subscriptions: defaultReminders.map((item) => ({
      reminderID: item.reminderId,
      maintenanceFrequencyID: String(item.maintenanceFrequencyId),
    })),
    home: { profile: { homeKind: null, waterSupply: null, sewer: null }, systems: [] },
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
    clientUser: perClientOwnField((name) => formatClientField(name, client[name])),
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

/** True when the subscription is saved with this frequency: its date stays as it is. */
export function keepsSavedDate(
  choice: { reminderID: string; maintenanceFrequencyID: string },
  saved: PropertyDetail | undefined,
): boolean {
  const existing = saved?.subscriptions.find((subscription) => subscription.reminderId === choice.reminderID);
  return Boolean(existing && String(existing.maintenanceFrequencyId) === choice.maintenanceFrequencyID);
}

/**
 * When a chosen reminder will first be sent: an unchanged subscription keeps its date; a new one,
 * or one with a new frequency, starts from today in the corporation's `timeZone`, in the task's
 * season where the property is and from when it was last done, by the same rule the server saves
 * it with (docs/decisions/024 and 058). Null without a frequency, or where the season does not
 * happen (`seasonApplies` says which).
 */
export function expectedDueDate(
  choice: { reminderID: string; maintenanceFrequencyID: string; lastDoneOn?: string },
  saved: PropertyDetail | undefined,
  frequencies: readonly MaintenanceFrequency[],
  today: Date,
  timeZone: string,
  task: { season: string | null; place: Place } = { season: null, place: { state: null, zip: null } },
): Date | null {
  const existing = saved?.subscriptions.find((subscription) => subscription.reminderId === choice.reminderID);
  if (existing && keepsSavedDate(choice, saved)) return new Date(existing.nextDueAt);
  const frequency = frequencies.find((candidate) => String(candidate.id) === choice.maintenanceFrequencyID);
  if (!frequency) return null;
  const schedule = firstSchedule({
    now: today,
    intervalMonths: frequency.intervalMonths,
    months: monthsOfSeason(task.season, task.place),
    lastDone: lastDoneFromText(choice.lastDoneOn),
    timeZone,
  });
  return schedule?.nextDueAt ?? null;
}
