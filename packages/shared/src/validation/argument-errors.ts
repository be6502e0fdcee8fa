/**
 * The errors of a missing or malformed id (docs/requirements.md §7 and §9), free of zod so that code
 * which must not load it (the browser's first page) can throw them; ids.ts re-exports them.
 */
import { messages } from './messages';
import { isBlank, isGuid } from './predicates';

/**
 * The all-zero GUID is what .NET-style clients send for "no id" (Guid.Empty). It has a valid
 * shape but never names a record, so it counts as missing rather than as an id.
 */
const NIL_GUID = '00000000-0000-0000-0000-000000000000';

export const isMissingId = (value: unknown): boolean =>
  value === undefined ||
  value === null ||
  (typeof value === 'string' && (isBlank(value) || value === NIL_GUID));

/** An argument, named, that cannot be used. */
abstract class ArgumentError extends Error {
  /** Name of the argument, e.g. 'tenantID'. */
  readonly argument: string;

  constructor(argument: string, message: string) {
    super(message);
    this.argument = argument;
  }
}

/** A required argument was not given (null, undefined, empty, or the nil GUID for an id). */
export class MissingArgumentError extends ArgumentError {
  override readonly name = 'MissingArgumentError';

  constructor(argument: string, message: string = messages.argumentRequired(argument)) {
    super(argument, message);
  }
}

/** An argument was given but cannot be used (e.g. an id that is not a GUID). */
export class InvalidArgumentError extends ArgumentError {
  override readonly name = 'InvalidArgumentError';

  constructor(argument: string, message: string = messages.argumentInvalid(argument)) {
    super(argument, message);
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
