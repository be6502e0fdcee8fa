/**
 * The validation rules of docs/requirements.md §7, written once as zod schemas for the browser forms and
 * the server's request parsing.
 *
 * Conventions:
 * - A field rule is REQUIRED unless its name or comment says otherwise: a missing or blank value
 *   reports only `messages.required`; the rule's own message appears once there is something
 *   to validate. Fields that may be left empty use `.optional()` at the form, or `phoneSchema`.
 * - A field reports one message at a time (the first rule it breaks), except the password rules,
 *   which list every requirement still missing so the person can fix them all in one go.
 * - Schemas do not reshape values, except where the shape is part of the rule: an email address is
 *   trimmed (pasted addresses often carry a space), a state code is trimmed and upper-cased, and
 *   card and phone numbers lose their spaces and punctuation.
 * - "Letters" means letters of any alphabet (José, Zoë), while digits are the ASCII 0-9.
 */
import { z } from '../zod';
import { emailLength, passwordMinLength, textMaxLength } from '../constants';
import { usStates } from '../us-states';
import { messages } from './messages';
import { requiredMatching, text } from './text-schemas';
import {
  characterCount,
  hasRepeatingCharacters,
  hasSpecialCharacter,
  isBlank,
  isEmailAddress,
  isGuid,
  isMissing,
} from './predicates';

// The predicates live in ./predicates, free of zod, for code that must not load it (the browser's
// first page); they are re-exported here with the rules built on them.
export { hasRepeatingCharacters, hasSpecialCharacter, isBlank, isEmailAddress, isGuid } from './predicates';
// The payment card rules live in ./card-rules, and are part of this module's rules.
export {
  cardBrandOf,
  cardExpirySchema,
  cardNumberSchema,
  cvvSchema,
  passesLuhnCheck,
  securityCodeMatchesCard,
  type CardExpiryOptions,
} from './card-rules';

// ---------------------------------------------------------------------------------------------
// Building blocks
// ---------------------------------------------------------------------------------------------

/** `rule`, and at most `max` characters (checked after it, so an empty value still reads "required"). */
export function maxLength<T extends z.ZodType<string, string>>(rule: T, max: number) {
  return rule.refine((value) => value.length <= max, { error: messages.tooLong(max), abort: true });
}

const numericText = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/;

/**
 * Turns plain numeric text ('12', ' -3.5 ') into a number and leaves anything else untouched, so the
 * number schema that follows reports it. Unlike `z.coerce.number()`, blank text does not become 0
 * and '0x10', '1e3' or `true` are not quietly accepted: form fields and URL parameters are text,
 * and only text that reads as a plain number should count.
 */
export function fromNumericText(value: unknown): unknown {
  return typeof value === 'string' && numericText.test(value.trim()) ? Number(value) : value;
}

/**
 * A finite number; missing reads `messages.required`, anything else `notNumberMessage`.
 * Wrap it in `acceptNumericText` where the value may arrive as text.
 */
export function numberSchema(notNumberMessage: string = messages.notANumber) {
  return z.number({ error: (issue) => (isMissing(issue.input) ? messages.required : notNumberMessage) });
}

/** Lets `schema` receive numeric text as well as numbers (see `fromNumericText`). */
export function acceptNumericText<T extends z.ZodType>(schema: T) {
  return z.preprocess(fromNumericText, schema);
}

/**
 * The id of a reminder frequency, refused with `message` unless it is a whole number the
 * catalogue could hold (a small integer), so an absurd id is a 400, never a database error.
 */
export function frequencyIdSchema(message: string) {
  return acceptNumericText(
    numberSchema(message).int({ error: message }).min(1, { error: message }).max(32_767, { error: message }),
  );
}

// ---------------------------------------------------------------------------------------------
// Generic text rules
// ---------------------------------------------------------------------------------------------

/** Required: something other than spaces must be entered. The value itself is not trimmed. */
export const requiredString = requiredMatching(() => true, messages.required);

export const lettersOnlySchema = requiredMatching((v) => /^[\p{L}\p{M}]+$/u.test(v), messages.lettersOnly);

export const lettersAndDigitsSchema = requiredMatching(
  (v) => /^[\p{L}\p{M}0-9]+$/u.test(v),
  messages.lettersAndDigitsOnly,
);

export const digitsOnlySchema = requiredMatching((v) => /^[0-9]+$/.test(v), messages.digitsOnly);

/** Symbols and punctuation only: no letters, digits (of any script) or whitespace. */
export const specialCharactersOnlySchema = requiredMatching(
  (v) => /^[^\p{L}\p{M}\p{N}\s]+$/u.test(v),
  messages.specialCharactersOnly,
);

/**
 * A person's or corporation's name: starts with a letter, then letters, digits, spaces, hyphens,
 * underscores or apostrophes. Both the typewriter apostrophe (') and the typographic one (’) are
 * accepted, because phones and word processors turn O'Brien into O’Brien on their own.
 */
export const nameFieldSchema = maxLength(
  requiredMatching((v) => /^\p{L}[\p{L}\p{M}0-9 _'’-]*$/u.test(v), messages.nameFieldInvalid),
  textMaxLength.personName,
);

/** Not required on its own; combine with a field rule. Any whitespace counts as a space. */
export const noLeadingSpacesSchema = text().superRefine((value, ctx) => {
  if (/^\s/u.test(value)) ctx.addIssue({ code: 'custom', message: messages.noLeadingSpaces });
});

/** Not required on its own; combine with a field rule. Any whitespace counts as a space. */
export const noTrailingSpacesSchema = text().superRefine((value, ctx) => {
  if (/\s$/u.test(value)) ctx.addIssue({ code: 'custom', message: messages.noTrailingSpaces });
});

/** Any GUID in 8-4-4-4-12 form; for ids of records prefer `idSchema` (ids.ts), which refuses the nil GUID. */
export const guidSchema = requiredMatching(isGuid, messages.guidInvalid);

// ---------------------------------------------------------------------------------------------
// Email and passwords
// ---------------------------------------------------------------------------------------------

/**
 * Email address: 5 to 255 characters and an address pattern. Only the first broken rule is
 * reported, in the required order (too short, too long, not valid), so 'a@bc' reads "too short" only.
 */
export const emailSchema = text()
  .trim()
  .superRefine((value, ctx) => {
    const message = isBlank(value)
      ? messages.required
      : value.length < emailLength.min
        ? messages.emailTooShort
        : value.length > emailLength.max
          ? messages.emailTooLong
          : !isEmailAddress(value)
            ? messages.emailInvalid
            : undefined;
    if (message) ctx.addIssue({ code: 'custom', message });
  });

export interface PasswordRequirement {
  readonly id: 'length' | 'upperCase' | 'lowerCase' | 'digit' | 'special' | 'noRepeats';
  /** Shown in a checklist next to the password field; also the error message. */
  readonly label: string;
  /** The checklist's wording where the error message reads as a fault rather than a goal. */
  readonly checklistLabel?: string;
  readonly test: (password: string) => boolean;
  /** Checked only for a new password (`strongPasswordSchema`), not by `passwordSchema`. */
  readonly strongOnly: boolean;
}

/**
 * The password policy as plain data, in the order a checklist shows it. A form can tick each line
 * as the person types: `passwordRequirements.map((r) => ({ label: r.label, met: r.test(value) }))`.
 */
export const passwordRequirements: readonly PasswordRequirement[] = [
  {
    id: 'length',
    label: messages.passwordTooShort,
    // docs/requirements.md §7: the minimum counts the password without surrounding spaces; the password is kept as typed.
    test: (password) => characterCount(password.trim()) >= passwordMinLength,
    strongOnly: false,
  },
  {
    id: 'upperCase',
    label: messages.passwordNeedsUpperCase,
    test: (password) => /\p{Lu}/u.test(password),
    strongOnly: false,
  },
  {
    id: 'lowerCase',
    label: messages.passwordNeedsLowerCase,
    test: (password) => /\p{Ll}/u.test(password),
    strongOnly: false,
  },
  {
    id: 'digit',
    label: messages.passwordNeedsDigit,
    test: (password) => /[0-9]/.test(password),
    strongOnly: false,
  },
  { id: 'special', label: messages.passwordNeedsSpecial, test: hasSpecialCharacter, strongOnly: false },
  {
    id: 'noRepeats',
    label: messages.repeatingCharacters,
    checklistLabel: 'No character 3 or more times in a row',
    test: (password) => !hasRepeatingCharacters(password),
    strongOnly: true,
  },
];

function passwordRule(strong: boolean) {
  const requirements = passwordRequirements.filter((requirement) => strong || !requirement.strongOnly);
  return text().superRefine((value, ctx) => {
    if (isBlank(value)) {
      ctx.addIssue({ code: 'custom', message: messages.required });
      return;
    }
    for (const requirement of requirements) {
      if (!requirement.test(value)) ctx.addIssue({ code: 'custom', message: requirement.label });
    }
  });
}

/** Password: required, 8+ characters after trimming, upper case, lower case, digit and special character. */
export const passwordSchema = passwordRule(false);

/** A new password: everything `passwordSchema` asks, and no character 3 or more times in a row. */
export const strongPasswordSchema = passwordRule(true);

/** True when the value would pass `strongPasswordSchema`. */
export const isStrongPassword = (value: string): boolean =>
  !isBlank(value) && passwordRequirements.every((requirement) => requirement.test(value));

// ---------------------------------------------------------------------------------------------
// Address, phone
// ---------------------------------------------------------------------------------------------

/** Starts with a (house) number and includes letters somewhere after it: '12B Baker Street'. */
export const addressLineSchema = maxLength(
  requiredMatching((v) => /^[0-9]/.test(v) && /\p{L}/u.test(v), messages.addressLine),
  textMaxLength.addressLine,
);

export const citySchema = maxLength(
  requiredMatching((v) => /\p{L}/u.test(v), messages.cityInvalid),
  textMaxLength.city,
);

const usStateCodes = new Set(usStates.map((state) => state.code));

/**
 * Exactly two letters, surrounding spaces ignored, naming one of the US states lookup (the 50
 * states and DC); the value comes out upper-cased ('ny' → 'NY'). Any other pair ('ZZ') is refused:
 * the forms offer only the lookup's states, so a stored 'ZZ' would show as no state at all.
 */
export const stateCodeSchema = text()
  .trim()
  .superRefine((value, ctx) => {
    if (isBlank(value)) ctx.addIssue({ code: 'custom', message: messages.required });
    // Checked before upper-casing: 'ß'.toUpperCase() is 'SS', which must not pass as a state code.
    else if (!/^[A-Za-z]{2}$/.test(value))
      ctx.addIssue({ code: 'custom', message: messages.stateCodeInvalid });
    else if (!usStateCodes.has(value.toUpperCase()))
      ctx.addIssue({ code: 'custom', message: messages.stateUnknown });
  })
  .toUpperCase();

/** US ZIP code: exactly five digits (ZIP+4 is not asked for). */
export const zipSchema = requiredMatching((v) => /^[0-9]{5}$/.test(v), messages.zipLength);

/** A ZIP+4 ('80202-1234', '802021234') keeps its five-digit ZIP; anything else stays as typed. */
export function fiveDigitZip(text: string): string {
  const match = /^\s*(\d{5})(?:-?\d{4})?\s*$/.exec(text);
  return match ? match[1]! : text;
}

/**
 * How many zeros the ZIPs of a state (or territory) start with: New England's and New Jersey's
 * start with 0, Puerto Rico's and the Virgin Islands' with 00. A spreadsheet program that reads a
 * ZIP column as numbers drops them (02134 becomes 2134).
 */
const zipLeadingZeros: Readonly<Record<string, number>> = {
  CT: 1,
  MA: 1,
  ME: 1,
  NH: 1,
  NJ: 1,
  RI: 1,
  VT: 1,
  PR: 2,
  VI: 2,
};

/**
 * The ZIP a spreadsheet program shortened, given back its leading zeros: only when the state is one
 * whose ZIPs start with them and exactly those zeros are missing ('2134' in MA gives '02134', a
 * ZIP+4 '21341234' gives '02134'). Anything else gives null and is validated as typed.
 */
export function zipWithLeadingZeros(zip: string, state: string): string | null {
  const zeros = zipLeadingZeros[state.trim().toUpperCase()];
  const digits = zip.trim();
  if (zeros === undefined || !/^[1-9][0-9]*$/.test(digits)) return null;
  if (digits.length === 5 - zeros) return '0'.repeat(zeros) + digits;
  if (digits.length === 9 - zeros) return ('0'.repeat(zeros) + digits).slice(0, 5);
  return null;
}

/**
 * Optional US phone number. Decision: people type phone numbers in many ways, so spaces, dots,
 * dashes, brackets and a leading +1 / 1 country code are allowed and stripped; what remains must
 * be exactly 10 digits, and the value comes out as those 10 digits ('(555) 123-4567' →
 * '5551234567'). Letters (vanity numbers, "ext. 12") are refused. Empty text and `undefined` mean
 * "no phone number" and pass unchanged.
 */
export const phoneSchema = text()
  .superRefine((value, ctx) => {
    if (!isBlank(value) && phoneDigits(value) === undefined) {
      ctx.addIssue({ code: 'custom', message: messages.phoneInvalid });
    }
  })
  .overwrite((value) => phoneDigits(value) ?? value)
  .optional();

/** The 10 digits of a US phone number, or undefined when the text is not one. */
export function phoneDigits(value: string): string | undefined {
  if (!/^[0-9\s().+-]+$/.test(value)) return undefined;
  const digits = value.replace(/[^0-9]/g, '');
  const national = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  return national.length === 10 ? national : undefined;
}

// ---------------------------------------------------------------------------------------------
// Ranges
// ---------------------------------------------------------------------------------------------

/** Dates arrive as Date objects, ISO text (form fields, JSON) or epoch milliseconds. */
function toDate(value: unknown): unknown {
  if (typeof value === 'number') return new Date(value);
  if (typeof value === 'string' && !isBlank(value)) return new Date(value);
  return value;
}

/**
 * A date from `min` to `max`, both included; else `messages.dateOutOfRange`. Accepts a Date, date
 * text or epoch milliseconds and gives a Date. Note that date-only text ('2026-03-05') is read as
 * midnight UTC, as `new Date()` does.
 * @throws RangeError when min or max is not a valid date or min is after max.
 */
export function dateRangeSchema(min: Date, max: Date) {
  if (Number.isNaN(min.getTime()) || Number.isNaN(max.getTime()) || min > max) {
    throw new RangeError('dateRangeSchema needs two valid dates with min not after max');
  }
  return z.preprocess(
    toDate,
    z
      .date({ error: (issue) => (isMissing(issue.input) ? messages.required : messages.dateInvalid) })
      .min(min, { error: messages.dateOutOfRange })
      .max(max, { error: messages.dateOutOfRange }),
  );
}

/**
 * A number from `min` to `max`, both included; else `messages.numberOutOfRange`. Numeric text
 * is accepted (form fields are text).
 * @throws RangeError when min is greater than max.
 */
export function numberRangeSchema(min: number, max: number) {
  if (Number.isNaN(min) || Number.isNaN(max) || min > max) {
    throw new RangeError('numberRangeSchema needs min not greater than max');
  }
  return acceptNumericText(
    numberSchema()
      .min(min, { error: messages.numberOutOfRange })
      .max(max, { error: messages.numberOutOfRange }),
  );
}
