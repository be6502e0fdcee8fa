/**
 * Ids of records (SPEC.md section 5): properties, tenants, users and corporations are GUIDs; a
 * missing id is a missing-argument error, a malformed one an invalid-argument error (section 8).
 */
import { z } from 'zod';
import { messages } from './messages';
import { acceptNumericText, isBlank, isGuid, numberSchema } from './rules';

/**
 * The all-zero GUID is what .NET-style clients send for "no id" (Guid.Empty). It has a valid
 * shape but never names a record, so it counts as missing rather than as an id.
 */
const NIL_GUID = '00000000-0000-0000-0000-000000000000';

const isMissingId = (value: unknown): boolean =>
  value === undefined ||
  value === null ||
  (typeof value === 'string' && (isBlank(value) || value === NIL_GUID));

/** A required argument was not given (null, undefined, empty, or the nil GUID for an id). */
export class MissingArgumentError extends Error {
  override readonly name = 'MissingArgumentError';
  /** Name of the argument, e.g. 'tenantID'. */
  readonly argument: string;

  constructor(argument: string, message: string = messages.argumentRequired(argument)) {
    super(message);
    this.argument = argument;
  }
}

/** An argument was given but cannot be used (e.g. an id that is not a GUID). */
export class InvalidArgumentError extends Error {
  override readonly name = 'InvalidArgumentError';
  /** Name of the argument, e.g. 'propertyId'. */
  readonly argument: string;

  constructor(argument: string, message: string = messages.argumentInvalid(argument)) {
    super(message);
    this.argument = argument;
  }
}

/**
 * Returns `value` as an id, for code paths that take ids as plain arguments rather than parsing a
 * request body.
 * @throws MissingArgumentError when the value is null, undefined, blank or the nil GUID.
 * @throws InvalidArgumentError when it is anything else that is not a GUID.
 */
export function requireId(value: unknown, argumentName: string): string {
  if (isMissingId(value)) throw new MissingArgumentError(argumentName);
  if (typeof value !== 'string' || !isGuid(value)) throw new InvalidArgumentError(argumentName);
  return value;
}

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
 * Id of a row in the bulk-upload queue (SPEC: "bulk delete id must be a number"): a positive whole
 * number. URL parameters are text, so numeric text such as '42' is accepted and comes out as 42.
 */
export const bulkItemIdSchema = acceptNumericText(
  numberSchema(messages.notANumber).int({ error: messages.wholeNumber }).min(1, { error: messages.minOne }),
);
