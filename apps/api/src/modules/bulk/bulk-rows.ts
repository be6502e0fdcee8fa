import { placeName, seasonApplies } from '@homeminder/shared/climate';
import {
  bulkFieldLabels,
  bulkMessages,
  realtorMatchKey,
  type BulkRowData,
} from '@homeminder/shared/contracts/bulk';
import { checkBulkRow, parseBulkReminders } from '@homeminder/shared/contracts/bulk-row-check';
import { clientMessages, type ClientSetup } from '@homeminder/shared/contracts/clients';
import { clientOwnFieldsOf } from '@homeminder/shared/contracts/client-fields';
import { newHomeOf } from '@homeminder/shared/contracts/home-columns';

/** What a row needs from the database to be validated: realtors, reminders and frequencies by name. */
export interface Lookups {
  realtorByEmail: Map<string, string>;
  /** Enabled realtors' ids by their full name as `realtorMatchKey` gives it; a name may fit several. */
  realtorsByName: Map<string, string[]>;
  /** Enabled realtors' emails by their id (lower case), for the realtor given to rows without one. */
  realtorEmailById: Map<string, string>;
  reminderByName: Map<
    string,
    { id: string; name: string; defaultFrequencyId: number; season: string | null }
  >;
  frequencyByName: Map<string, number>;
  intervalOf: Map<number, number>;
}

export type Verdict = { ok: true; setup: ClientSetup } | { ok: false; error: string };

export const key = (text: string) => text.trim().toLowerCase();

/**
 * The realtor an agent cell names: an email is matched as one, anything else as a full name
 * ("First Last"). No realtor, or several of that name, is the row's problem, naming the value.
 */
function realtorOf(value: string, lookups: Lookups): { id: string } | { error: string } {
  const label = bulkFieldLabels.realtorEmail;
  if (value.includes('@')) {
    const id = lookups.realtorByEmail.get(key(value));
    return id ? { id } : { error: `${label}: ${bulkMessages.realtorUnknown(value)}` };
  }
  const ids = lookups.realtorsByName.get(realtorMatchKey(value)) ?? [];
  if (ids.length === 1) return { id: ids[0]! };
  return {
    error: `${label}: ${ids.length === 0 ? bulkMessages.realtorUnknown(value) : bulkMessages.realtorAmbiguous(value)}`,
  };
}

/**
 * A row under the shared field rules, then against the corporation's realtors and the reminder
 * catalogue: the set-up it becomes, or its first problem.
 */
export function validateRow(data: BulkRowData, lookups: Lookups): Verdict {
  const checked = checkBulkRow(data);
  if (!checked.ok) return { ok: false, error: checked.error };
  const row = checked.row;
  let realtorID: string | undefined;
  if (row.realtorEmail) {
    const realtor = realtorOf(row.realtorEmail, lookups);
    if ('error' in realtor) return { ok: false, error: realtor.error };
    realtorID = realtor.id;
  }
  const subscriptions: ClientSetup['subscriptions'] = [];
  const seen = new Set<string>();
  for (const reference of parseBulkReminders(row.reminders)) {
    const reminder = lookups.reminderByName.get(key(reference.name));
    if (!reminder) return { ok: false, error: `Reminders: ${bulkMessages.reminderUnknown(reference.name)}` };
    if (seen.has(reminder.id))
      return { ok: false, error: `Reminders: ${bulkMessages.reminderTwice(reference.name)}` };
    seen.add(reminder.id);
    if (!seasonApplies(reminder.season, row)) {
      return {
        ok: false,
        error: `Reminders: ${clientMessages.seasonNotHere(reminder.name, placeName(row))}`,
      };
    }
    let frequencyId = reminder.defaultFrequencyId;
    if (reference.frequency) {
      const named = lookups.frequencyByName.get(key(reference.frequency));
      if (named === undefined)
        return { ok: false, error: `Reminders: ${bulkMessages.frequencyUnknown(reference.frequency)}` };
      frequencyId = named;
    }
    subscriptions.push({ reminderID: reminder.id, maintenanceFrequencyID: frequencyId });
  }
  return {
    ok: true,
    setup: {
      realtorID,
      clientUser: clientOwnFieldsOf(row),
      property: { line: row.addressLine, city: row.city, state: row.state, zip: row.zip, pending: false },
      subscriptions,
      home: newHomeOf(row) ?? undefined,
    },
  };
}

/** Text cells as stored: trimmed of nothing, empty cells left out. */
export function cleanData(data: BulkRowData): BulkRowData {
  const clean: BulkRowData = {};
  for (const [field, value] of Object.entries(data) as Array<[keyof BulkRowData, string | undefined]>) {
    if (value !== undefined && value !== '') clean[field] = value;
  }
  return clean;
}

/** The error a row is stored with: none when it is fine. */
export const storedError = (verdict: Verdict) => (verdict.ok ? null : verdict.error);
