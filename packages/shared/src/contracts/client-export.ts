import { clientFieldNames, clientFields } from './client-fields';
import type { ClientGridRow } from './clients';
import type { HomeColumnName } from './home-columns';

/**
 * A grid row as the CSV export writes it: the realtor by email and the reminders as the bulk
 * upload reads them ("Replace HVAC filter: Monthly; Clean gutters and downspouts: Annual").
 */
export type ClientExportRow = ClientGridRow &
  /** The home's columns in the words the upload reads back (`homeColumnText`), '' when not known. */
  Record<HomeColumnName, string> & {
    realtorEmail: string | null;
    reminders: string;
    /** How many of the client's reminders they marked "done", put off, or asked help with (decision 061). */
    repliesDone: number;
    repliesLater: number;
    repliesHelp: number;
    /** Why the client needs attention, in words joined by "; ", or empty (decision 063). */
    attention: string;
  };

/**
 * The CSV export's columns, in order: every described client field first, under the bulk upload's
 * column names and in its formats, so an exported file can be uploaded again (into another
 * corporation, say) as it is.
 */
export const clientExportColumns: ReadonlyArray<readonly [string, keyof ClientExportRow]> = [
  ...clientFieldNames.map((name) => [clientFields[name].label, name] as const),
  ['Status', 'status'],
  ['Realtor email', 'realtorEmail'],
  ['Reminders', 'reminders'],
  ['Next due', 'nextDueAt'],
  ['Unsubscribed', 'unsubscribedAt'],
  ['Done', 'repliesDone'],
  ['Put off', 'repliesLater'],
  ['Help asked', 'repliesHelp'],
  ['Last activity', 'lastActivityAt'],
  ['Needs attention', 'attention'],
];
