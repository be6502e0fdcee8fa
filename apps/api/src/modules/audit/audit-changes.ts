import { auditChangeSchema, type AuditChange } from '@homeminder/shared/contracts/audit';

type Value = string | number | boolean | null;

/**
 * Fields never written to the audit log, whatever a caller passes: passwords, tokens, security
 * codes and whole card numbers (a card is only ever its brand, last four digits and expiry).
 */
const secretField = /password|token|secret|cvv|cvc|securityCode|^number$|cardNumber/i;

/** A value as the log keeps it: text, a number, a switch, or null for nothing (empty text too). */
function plain(value: unknown): Value {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (value instanceof Date) return value.toISOString();
  return JSON.stringify(value);
}

/**
 * The fields of `after` whose value differs from `before`, each with both values: what an audit
 * entry's `details.changes` holds (docs/decisions/081). Secret fields are left out.
 */
export function auditChanges(before: object, after: object): AuditChange[] {
  const changes: AuditChange[] = [];
  for (const [field, value] of Object.entries(after)) {
    if (secretField.test(field)) continue;
    const was = plain((before as Record<string, unknown>)[field]);
    const is = plain(value);
    if (was !== is) changes.push({ field, before: was, after: is });
  }
  return changes;
}

/** The changes an entry's details hold, as written by `auditChanges`; none for other details. */
export function changesOfDetails(details: unknown): AuditChange[] {
  const changes = (details as { changes?: unknown } | null)?.changes;
  return changesOfList(changes);
}

/** A stored list of changes, each checked; anything else is no change. */
export function changesOfList(changes: unknown): AuditChange[] {
  if (!Array.isArray(changes)) return [];
  return changes.flatMap((change) => {
    const parsed = auditChangeSchema.safeParse(change);
    return parsed.success ? [parsed.data] : [];
  });
}
