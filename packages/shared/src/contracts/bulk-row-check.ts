/**
 * A queued row checked by the shared field rules (docs/requirements.md §13): its reminders read,
 * its ZIP repaired where a spreadsheet dropped the leading zeros, and its first problem named by
 * field. The server validates each row with it; the row dialog marks the field it names.
 */
import { zipWithLeadingZeros } from '../validation/rules';
import {
  bulkFields,
  bulkFieldLabels,
  bulkMessages,
  bulkReminderSeparator,
  bulkRowRulesSchema,
  type BulkField,
  type BulkRow,
  type BulkRowData,
} from './bulk';

/** One reminder of a row's Reminders cell: its name and, if given, its frequency's name. */
export interface BulkReminderRef {
  name: string;
  frequency: string | null;
}

/** Reads "Replace HVAC filter: Monthly; Test the sump pump" into names and frequencies. */
export function parseBulkReminders(text: string | undefined): BulkReminderRef[] {
  return (text ?? '')
    .split(bulkReminderSeparator)
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const colon = part.indexOf(':');
      if (colon < 0) return { name: part, frequency: null };
      const frequency = part.slice(colon + 1).trim();
      return { name: part.slice(0, colon).trim(), frequency: frequency || null };
    });
}

/**
 * A row's ZIP as typed and as read when a spreadsheet program dropped its leading zeros and the
 * row's state is one whose ZIPs start with them; null when the ZIP is read as typed.
 */
export function bulkZipRepair(data: {
  zip?: unknown;
  state?: unknown;
}): { typed: string; read: string } | null {
  if (typeof data.zip !== 'string' || typeof data.state !== 'string') return null;
  const read = zipWithLeadingZeros(data.zip, data.state);
  return read === null ? null : { typed: data.zip.trim(), read };
}

/** The row with its ZIP as read: its leading zeros given back where its state's ZIPs have them. */
export function withZipRepaired<T extends { zip?: unknown; state?: unknown }>(data: T): T {
  const repair = bulkZipRepair(data);
  return repair ? { ...data, zip: repair.read } : data;
}

/** The fields a row's problem is about: the field its "Field: message" names, or the email's. */
export function bulkProblemFields(error: string | null): BulkField[] {
  if (!error) return [];
  if (error === bulkMessages.emailOfClient || error === bulkMessages.duplicateInQueue) return ['email'];
  return bulkFields.filter((field) => error.startsWith(`${bulkFieldLabels[field]}: `));
}

/**
 * The field rules' verdict on a row: the row parsed, or the first problem as "Field: message".
 * Checks that need the database (realtor, reminders, duplicates) come on top, on the server.
 */
export function checkBulkRow(
  data: BulkRowData,
): { ok: true; row: BulkRow } | { ok: false; error: string; field: BulkField } {
  const parsed = bulkRowRulesSchema.safeParse(withZipRepaired(data));
  if (parsed.success) return { ok: true, row: parsed.data };
  const issue = parsed.error.issues[0]!;
  const field = issue.path[0] as BulkField;
  return { ok: false, field, error: `${bulkFieldLabels[field]}: ${issue.message}` };
}
