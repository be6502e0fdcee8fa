/**
 * How the importer recognises a spreadsheet's columns: the names and spellings CRM exports and
 * people give each field (the exports of fixtures/crm; each client field's own are in its
 * description, client-fields.ts). A header is compared squashed (lower case, letters and digits
 * only), so "E-mail Address", "email_address" and "EMAIL ADDRESS" are one name.
 */
import { bulkFieldLabels, bulkFields, requiredBulkFields, type BulkField } from './contracts/bulk';
import { perClientField } from './contracts/client-fields';

/** A column the importer can take: a client field, or a full name split into first and last. */
export type BulkColumn = BulkField | 'fullName';

/** Which column (by index) feeds each field; null leaves it empty. */
export type ColumnMapping = Record<BulkColumn, number | null>;

export const fullNameLabel = 'Full name';

/**
 * The names of each column, best first: when a file has several (Primary Email and Work Email),
 * the earlier name wins. The client's own address and phone come before work and mailing ones,
 * and the property's address before the mailing address.
 */
const columnNames: Record<BulkColumn, readonly string[]> = {
  ...perClientField((field) => field.columnNames),
  fullName: ['fullname', 'name', 'contactname', 'clientname', 'contact', 'client', 'displayname'],
  // The agent, by email or by full name: CRM exports name the contact's agent or owner.
  realtorEmail: [
    'realtoremail',
    'realtoremailaddress',
    'agentemail',
    'agentemailaddress',
    'listingagentemail',
    'assignedagentemail',
    'realtor',
    'realtorname',
    'agent',
    'agentname',
    'assignedagent',
    'assignedagentname',
    'assignedto',
    'assigneduser',
    'listingagent',
    'listingagentname',
    'buyersagent',
    'owner',
    'ownername',
    'contactowner',
    'leadowner',
    'assignedtoagent',
  ],
  reminders: ['reminders', 'reminder', 'tasks', 'subscriptions'],
};

/** The columns in the order the mapping form shows them: the full name after first and last. */
export const bulkColumns: readonly BulkColumn[] = [
  'firstName',
  'lastName',
  'fullName',
  ...bulkFields.slice(2),
];

export const bulkColumnLabels: Record<BulkColumn, string> = { ...bulkFieldLabels, fullName: fullNameLabel };

const squash = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');

/**
 * Guesses the mapping from the header row; each column feeds at most one field, and a field takes
 * the header whose name comes first in its list. A full name is only taken when the file has no
 * first and last name columns.
 */
export function guessMapping(headers: readonly string[]): ColumnMapping {
  const squashed = headers.map(squash);
  const mapping = Object.fromEntries(bulkColumns.map((column) => [column, null])) as ColumnMapping;
  const taken = new Set<number>();
  for (const column of bulkColumns) {
    if (column === 'fullName' && mapping.firstName !== null && mapping.lastName !== null) continue;
    for (const name of [squash(bulkColumnLabels[column]), ...columnNames[column]]) {
      const index = squashed.findIndex((header, i) => !taken.has(i) && header === name);
      if (index >= 0) {
        mapping[column] = index;
        taken.add(index);
        break;
      }
    }
  }
  return mapping;
}

/**
 * The header row as a corporation's saved mappings are looked up by: each header squashed, so
 * "E-mail" and "email" are one row of headers, in their order.
 */
export function normalisedHeaderRow(headers: readonly string[]): string {
  return headers.map(squash).join(',');
}

/** The required fields no column feeds; a full name column feeds the first and last names. */
export function unmappedRequired(mapping: ColumnMapping): BulkField[] {
  const byFullName = (field: BulkField) =>
    (field === 'firstName' || field === 'lastName') && mapping.fullName !== null;
  return requiredBulkFields.filter((field) => mapping[field] === null && !byFullName(field));
}

/**
 * A full name as first and last: "Ava Brown" and "Brown, Ava" both give Ava / Brown; the last
 * word is the last name, so "Mary Ann Lee" gives Mary Ann / Lee. One word is a first name.
 */
export function splitFullName(text: string): { firstName: string; lastName: string } {
  const trimmed = text.trim().replace(/\s+/g, ' ');
  const comma = trimmed.indexOf(',');
  if (comma >= 0) {
    return { firstName: trimmed.slice(comma + 1).trim(), lastName: trimmed.slice(0, comma).trim() };
  }
  const space = trimmed.lastIndexOf(' ');
  if (space < 0) return { firstName: trimmed, lastName: '' };
  return { firstName: trimmed.slice(0, space), lastName: trimmed.slice(space + 1) };
}
