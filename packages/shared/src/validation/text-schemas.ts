/**
 * The string schemas every field rule starts from, shared by rules.ts and card-rules.ts.
 */
import { z } from '../zod';
import { messages } from './messages';
import { isBlank, isMissing } from './predicates';

/** A string schema whose missing value reads `messages.required` rather than zod's English. */
export function text() {
  return z.string({ error: (issue) => (isMissing(issue.input) ? messages.required : messages.invalidValue) });
}

/** A required string that must also pass `test`, else reports `message`. */
export function requiredMatching(test: (value: string) => boolean, message: string) {
  return text().superRefine((value, ctx) => {
    if (isBlank(value)) ctx.addIssue({ code: 'custom', message: messages.required });
    else if (!test(value)) ctx.addIssue({ code: 'custom', message });
  });
}
