/**
 * The plain predicates behind the validation rules of rules.ts, free of zod so that code which must
 * not load it (the browser's first page, live hints while typing) can use them.
 */
import { passwordSpecialCharacters } from '../constants';

/** True for an empty or whitespace-only string. */
export const isBlank = (value: string): boolean => value.trim().length === 0;

/** True when the value is absent as far as a "required" rule is concerned. */
export const isMissing = (value: unknown): boolean =>
  value === undefined || value === null || (typeof value === 'string' && isBlank(value));

/**
 * An address pattern: a dot-atom local part (RFC 5322 letters, digits and !#$%&'*+/=?^_`{|}~-,
 * dots only between them), then a domain of at least two labels ending in an alphabetic top-level
 * domain of 2+ letters. Stricter than RFC 5322 on purpose: no quoted local parts, no IP-literal
 * domains, no dot-less domains; those are never real customer addresses here.
 */
const emailPattern =
  /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,}$/;

/** True when the value has the shape of an email address (length is not checked here). */
export const isEmailAddress = (value: string): boolean => emailPattern.test(value);

const guidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True for a GUID in its usual 8-4-4-4-12 hexadecimal form, either letter case, no braces. */
export const isGuid = (value: string): boolean => guidPattern.test(value);

/** True when any character appears 3 or more times in a row ('aaa', '111', '!!!'); case-sensitive. */
export const hasRepeatingCharacters = (value: string): boolean => /(.)\1\1/su.test(value);

/** True when the value holds at least one of the password special characters of constants.ts. */
export const hasSpecialCharacter = (value: string): boolean =>
  [...value].some((character) => passwordSpecialCharacters.includes(character));

/** Length in characters as a person counts them (an emoji is one), not in UTF-16 units. */
export const characterCount = (value: string): number => [...value].length;
