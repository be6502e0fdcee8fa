import { passwordSpecialCharacters } from '../constants';

/**
 * Every user-facing validation and error message of the product, written once for the browser and
 * the server (docs/requirements.md §7 and §9).
 *
 * Some messages are required word for word; those are kept EXACTLY as given, odd spelling
 * included ('to large', 'Ops!  The page' with two spaces, 'greater than 256' although 255 is the
 * longest accepted address). They are plain literals, not built from constants.ts, so the text can
 * be found by searching for it; tests compare them with the required text and with the limits.
 * Do not "fix" them.
 * The remaining messages are ours, written in plain words for office staff.
 */
export const messages = {
  // ---- Validation rules, word for word (docs/requirements.md §7) ----
  emailTooShort: 'Email cannot be less than 5 characters long',
  // The address must be under 256 characters; the message names 256 although 255 is allowed.
  emailTooLong: 'Email cannot be greater than 256 characters long',
  emailInvalid: 'Email address is not valid',
  passwordTooShort: 'Password must have 8+ characters',
  repeatingCharacters: 'One or more characters exist in a 3 or more repeating pattern',
  addressLine: "Address must start with a number and include the street's name",
  zipLength: 'Value must be 5 digits long',
  expiryTooLarge: 'Expiration date value to large',
  expiryInvalid: 'Expiration is invalid',
  dateOutOfRange: 'Date value is out of range',
  numberOutOfRange: 'Numerical value is out of range',
  required: 'This value is required',
  minOne: 'Value must be greater than or equal to 1 (one)',
  nonZero: 'Value must be number greater than or less than 0 (zero)',

  // ---- Error catalogue, word for word (docs/requirements.md §9) ----
  tenantRequired: 'Tenant-ID is required but no company was selected nor was the tenant-id specified',
  selectedCompanyUndefined: 'selectedCompany is undefined',
  refreshPremature: 'Invocation of "refresh" is premature',
  unableClientUser: 'Unable to retrieve client user',
  unableProperty: 'Unable to retrieve property',
  unableUser: 'Unable to retrieve user',
  tenantIdArgRequired: 'Argument "tenantID" is required',
  payloadArgRequired: 'Argument "payload" is required',
  authContextInvalid: 'Authentication context is invalid',
  serverError: 'The server returned an error',
  serviceUnavailable: 'The service is briefly unavailable. Please try again in a moment.',
  metricsTokenRequired: 'The metrics need the bearer token set in METRICS_TOKEN.',
  requestTimeout: 'The request took too long to arrive. Please check the connection and try again.',
  nulCharacter: 'The request contains a character that is not allowed (a NUL character).',
  /** A body's key that the request does not take, named by its path: `property.id`, `items[0].note`. */
  unknownField: (path: string) => `Unknown field "${path}": this request does not take it.`,
  tooManyRequests: (seconds: number) =>
    `Too many requests from your network. Please wait ${seconds} second${seconds === 1 ? '' : 's'} and try again.`,
  // The 404 text (docs/requirements.md §2.6): two spaces after "Ops!".
  notFoundPage: 'Ops!  The page you are looking for is not available.',

  // ---- Our own wording, for rules whose message is not required word for word ----
  passwordNeedsUpperCase: 'Password must include a capital (upper-case) letter',
  passwordNeedsLowerCase: 'Password must include a small (lower-case) letter',
  passwordNeedsDigit: 'Password must include a number',
  passwordNeedsSpecial: `Password must include one of these special characters: ${passwordSpecialCharacters}`,
  passwordMismatch: 'The two passwords do not match',
  cityInvalid: 'City must contain letters',
  stateCodeInvalid: 'State must be a two-letter code, such as NY',
  stateUnknown: 'State must be a US state code, for example TX',
  cardNumberInvalid: 'Card number must be 15 or 16 digits',
  cvvInvalid: 'Security code (CVV) must be 3 or 4 digits',
  cardNumberChecksum: 'This card number is not valid. Check the digits on the card',
  cvvAmericanExpress: 'An American Express card has a 4-digit security code, printed on its front',
  cvvThreeDigits: 'This card has a 3-digit security code, printed on its back',
  cardExpired: 'This card has expired. Use a card whose expiry date is this month or later',
  lettersOnly: 'Only letters are allowed',
  lettersAndDigitsOnly: 'Only letters and numbers are allowed',
  digitsOnly: 'Only numbers (0-9) are allowed',
  specialCharactersOnly: 'Only symbols are allowed (no letters, numbers or spaces)',
  tooLong: (max: number) => `Value cannot be longer than ${max} characters`,
  nameFieldInvalid:
    'Name must start with a letter and may only use letters, numbers, spaces, hyphens (-), underscores (_) and apostrophes',
  noLeadingSpaces: 'Value cannot start with a space',
  noTrailingSpaces: 'Value cannot end with a space',
  guidInvalid: 'This is not a valid ID',
  phoneInvalid: 'Phone number must have 10 digits, for example (555) 123-4567',
  notANumber: 'Value must be a number',
  wholeNumber: 'Value must be a whole number',
  dateInvalid: 'This is not a valid date',
  invalidValue: 'This value is not valid',
  /** A list's filter given a value it does not have, named with the values it takes. */
  filterInvalid: (filter: string, choices: readonly string[]) =>
    `The "${filter}" filter must be one of: ${choices.join(', ')}`,
  sortDirectionInvalid: 'Sort direction must be "asc" or "desc"',
  textTooLong: (max: number) => `Use at most ${max} characters`,
  endBeforeStart: 'The end must come after the start',

  /**
   * Missing-argument and invalid-argument errors (docs/requirements.md §9). The required
   * 'Argument "tenantID" is required' above has this very shape; a test keeps the two in step.
   */
  argumentRequired: <Name extends string>(argument: Name) => `Argument "${argument}" is required` as const,
  argumentInvalid: <Name extends string>(argument: Name) =>
    `Argument "${argument}" is not a valid ID` as const,
} as const;

export type MessageKey = keyof typeof messages;
