import { useSearchParams } from 'react-router';
import type { z } from 'zod';
import { zodIssuesByField } from '@homeminder/shared/validation/zod-errors';

/** The token of an emailed link, from the page's address: the form never carries it. */
export const linkTokenOf = (request: Request) => new URL(request.url).searchParams.get('token')?.trim() ?? '';

/** The same token in the browser, for the rules a page's form checks before it posts. */
export function useLinkToken() {
  const [params] = useSearchParams();
  return params.get('token') ?? '';
}

/** A posted form's fields: a text field as typed, and every value of a field sent more than once. */
export async function postedFields(request: Request) {
  const form = await request.formData();
  const texts = (name: string) => form.getAll(name).filter((value) => typeof value === 'string');
  return { text: (name: string) => texts(name)[0] ?? '', all: texts };
}

/**
 * The first rule message of each field a shared schema refuses, by the field's name (a list's
 * item counts for the list), for the page to show beside its input.
 */
export function fieldErrorsOf(error: z.ZodError): Record<string, string> {
  const byField: Record<string, string> = {};
  for (const [path, messages] of Object.entries(zodIssuesByField(error))) {
    const name = path.split('.')[0] ?? '';
    if (messages[0] && !byField[name]) byField[name] = messages[0];
  }
  return byField;
}
