/**
 * Ids of records (docs/requirements.md §7): properties, tenants, users and corporations are GUIDs; a
 * missing id is a missing-argument error, a malformed one an invalid-argument error (§9).
 */
import { z } from '../zod';
import { isMissingId } from './argument-errors';
import { messages } from './messages';
import { acceptNumericText, isGuid, numberSchema } from './rules';

export { InvalidArgumentError, MissingArgumentError, requireId } from './argument-errors';

/** A record id: a GUID. Missing (or the nil GUID) reads `messages.required`. */
export const idSchema = z
  .string({ error: (issue) => (isMissingId(issue.input) ? messages.required : messages.guidInvalid) })
  .superRefine((value, ctx) => {
    if (isMissingId(value)) ctx.addIssue({ code: 'custom', message: messages.required });
    else if (!isGuid(value)) ctx.addIssue({ code: 'custom', message: messages.guidInvalid });
  });

// One schema per kind of id, so request schemas say which id they expect; all are GUIDs today.
export const propertyIdSchema = idSchema;
export const tenantIdSchema = idSchema;
export const userIdSchema = idSchema;
export const corporationIdSchema = idSchema;

/**
 * Id of a row in the bulk-upload queue (docs/requirements.md §7): a positive whole
 * number. URL parameters are text, so numeric text such as '42' is accepted and comes out as 42.
 */
export const bulkItemIdSchema = acceptNumericText(
  numberSchema(messages.notANumber).int({ error: messages.wholeNumber }).min(1, { error: messages.minOne }),
);
