/**
 * Turning a failed zod parse into the plain messages people read: the server's `{ "Errors": [...] }`
 * body (docs/requirements.md §9: the first is shown in the error summary, all are kept) and per-field
 * messages for forms.
 */
import type { z } from 'zod';

type Issue = z.core.$ZodIssue;

/** The issues in order, with those of a failed union replaced by the issues of its branches. */
function flatten(issues: readonly Issue[]): Issue[] {
  return issues.flatMap((issue) =>
    issue.code === 'invalid_union' && issue.errors.length > 0 ? flatten(issue.errors.flat()) : [issue],
  );
}

/** The messages of all issues, in order, each message once. */
export function zodIssuesToMessages(error: z.ZodError): string[] {
  return [...new Set(flatten(error.issues).map((issue) => issue.message))];
}

/**
 * The messages per field, keyed by the dotted path ('zip', 'address.zip', 'items.0.email'; '' for
 * the whole value), each field's messages in order and once, for showing next to each input.
 */
export function zodIssuesByField(error: z.ZodError): Record<string, string[]> {
  const byField: Record<string, string[]> = {};
  for (const issue of flatten(error.issues)) {
    const field = issue.path.map(String).join('.');
    const fieldMessages = (byField[field] ??= []);
    if (!fieldMessages.includes(issue.message)) fieldMessages.push(issue.message);
  }
  return byField;
}
