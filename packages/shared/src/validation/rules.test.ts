import { afterEach, describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import { passwordSpecialCharacters, textMaxLength } from '../constants';
import { usStates } from '../us-states';
import { messages } from './messages';
import {
  addressLineSchema,
  cardBrandOf,
  cardExpirySchema,
  cardNumberSchema,
  citySchema,
  cvvSchema,
  dateRangeSchema,
  digitsOnlySchema,
  emailSchema,
  fromNumericText,
  guidSchema,
  hasRepeatingCharacters,
  hasSpecialCharacter,
  isBlank,
  isEmailAddress,
  isGuid,
  isStrongPassword,
  lettersAndDigitsSchema,
  lettersOnlySchema,
  nameFieldSchema,
  noLeadingSpacesSchema,
  noTrailingSpacesSchema,
  numberRangeSchema,
  passwordRequirements,
  passwordSchema,
  phoneDigits,
  phoneSchema,
  requiredString,
  specialCharactersOnlySchema,
  stateCodeSchema,
  strongPasswordSchema,
  zipSchema,
} from './rules';
import { errorsOf } from '../test/errors-of';

/** The parsed value, failing the test with the messages when the value is refused. */
function valueOf(schema: z.ZodType, value: unknown): unknown {
  const result = schema.safeParse(value);
  if (!result.success)
    expect.fail(`refused: ${result.error.issues.map((issue) => issue.message).join('; ')}`);
  return result.data;
}

const REQUIRED = 'This value is required';

/** A required rule refuses a blank value with the required message alone. */
function itRefusesBlankAsRequired(schema: z.ZodType, blank = '') {
  it('refuses blank as required', () => {
    expect(errorsOf(schema, blank)).toEqual([REQUIRED]);
  });
}

/** An email address of exactly `length` characters. */
const emailOfLength = (length: number) => `${'a'.repeat(length - '@example.com'.length)}@example.com`;

describe('requiredString', () => {
  it.each([undefined, null, '', ' ', '\t\n '])('refuses %j as required', (value) => {
    expect(errorsOf(requiredString, value)).toEqual([REQUIRED]);
  });

  it('accepts text and keeps it as typed', () => {
    expect(valueOf(requiredString, ' x ')).toBe(' x ');
  });

  it('refuses a value of another type with a plain message', () => {
    expect(errorsOf(requiredString, 12)).toEqual([messages.invalidValue]);
  });
});

describe('emailSchema', () => {
  it('refuses 4 characters with only the too-short message', () => {
    expect('a@bc').toHaveLength(4);
    expect(errorsOf(emailSchema, 'a@bc')).toEqual(['Email cannot be less than 5 characters long']);
  });

  it('accepts 5 characters as far as length goes', () => {
    // No valid address has 5 characters under our pattern (the top-level domain needs 2 letters),
    // so 5 characters get past the length rule and meet the pattern rule.
    expect('a@b.c').toHaveLength(5);
    expect(errorsOf(emailSchema, 'a@b.c')).toEqual(['Email address is not valid']);
    expect(errorsOf(emailSchema, 'a@b.co')).toEqual([]);
  });

  it('accepts 255 characters', () => {
    const email = emailOfLength(255);
    expect(email).toHaveLength(255);
    expect(errorsOf(emailSchema, email)).toEqual([]);
  });

  it('refuses 256 characters with only the too-long message', () => {
    expect(errorsOf(emailSchema, emailOfLength(256))).toEqual([
      'Email cannot be greater than 256 characters long',
    ]);
    // Even when the pattern is broken too, only the first rule in order is reported.
    expect(errorsOf(emailSchema, 'x'.repeat(300))).toEqual([
      'Email cannot be greater than 256 characters long',
    ]);
  });

  it.each(['', '   ', undefined, null])('refuses %j as required', (value) => {
    expect(errorsOf(emailSchema, value)).toEqual([REQUIRED]);
  });

  it.each([
    'jane.doe@example.com',
    'JANE@EXAMPLE.COM',
    "o'brien@mail.example.co.uk",
    'first+tag@sub-domain.example.org',
    'a_b-c@x1.io',
  ])('accepts %s', (email) => {
    expect(errorsOf(emailSchema, email)).toEqual([]);
  });

  it.each([
    'plainaddress',
    'no-at-sign.example.com',
    'two@@example.com',
    'jane@example',
    'jane@example.c',
    'jane@.example.com',
    'jane@example..com',
    'jane@-example.com',
    '.jane@example.com',
    'jane.@example.com',
    'ja..ne@example.com',
    'jane doe@example.com',
    'jane@exa mple.com',
    'jane@example.123',
    'jané@example.com',
  ])('refuses %s as not valid', (email) => {
    expect(errorsOf(emailSchema, email)).toEqual(['Email address is not valid']);
  });

  it('trims surrounding spaces (pasted addresses)', () => {
    expect(valueOf(emailSchema, '  jane@example.com ')).toBe('jane@example.com');
  });

  it('isEmailAddress checks the pattern only', () => {
    expect(isEmailAddress('jane@example.com')).toBe(true);
    expect(isEmailAddress('jane@example')).toBe(false);
  });
});

describe('passwordSchema', () => {
  const good = 'Abcdef1!';

  it('accepts a password meeting every requirement', () => {
    expect(errorsOf(passwordSchema, good)).toEqual([]);
  });

  it('keeps the password as typed (no trimming of the value)', () => {
    expect(valueOf(passwordSchema, ` ${good} `)).toBe(` ${good} `);
  });

  it.each([undefined, '', '        '])('refuses %j with only the required message', (value) => {
    expect(errorsOf(passwordSchema, value)).toEqual([REQUIRED]);
  });

  it('counts the length after trimming', () => {
    expect(errorsOf(passwordSchema, 'Abcde1!')).toEqual(['Password must have 8+ characters']);
    expect(errorsOf(passwordSchema, '  Abcde1!  ')).toEqual(['Password must have 8+ characters']);
    expect(errorsOf(passwordSchema, 'Abcd e1!')).toEqual([]);
  });

  it('lists every missing requirement at once', () => {
    expect(errorsOf(passwordSchema, 'abc')).toEqual([
      'Password must have 8+ characters',
      messages.passwordNeedsUpperCase,
      messages.passwordNeedsDigit,
      messages.passwordNeedsSpecial,
    ]);
  });

  it.each([
    ['abcdef1!', messages.passwordNeedsUpperCase],
    ['ABCDEF1!', messages.passwordNeedsLowerCase],
    ['Abcdefg!', messages.passwordNeedsDigit],
    ['Abcdefg1', messages.passwordNeedsSpecial],
  ])('%s misses one requirement', (password, message) => {
    expect(errorsOf(passwordSchema, password)).toEqual([message]);
  });

  it.each([...passwordSpecialCharacters])('accepts the special character %s', (character) => {
    expect(errorsOf(passwordSchema, `Abcdef1${character}`)).toEqual([]);
    expect(hasSpecialCharacter(character)).toBe(true);
  });

  it.each(['?', '.', ',', '/', '\\', '"', "'", ';', ':', '<', '>', '[', ']', '{', '}', '|', ' ', '€'])(
    'does not count %j as a special character',
    (character) => {
      expect(errorsOf(passwordSchema, `Abcdef1${character}x`)).toEqual([messages.passwordNeedsSpecial]);
      expect(hasSpecialCharacter(character)).toBe(false);
    },
  );

  it('does not refuse repeated characters (that is the strong rule)', () => {
    expect(errorsOf(passwordSchema, 'Aaaaaa1!')).toEqual([]);
  });

  it('the special-character message names the allowed characters', () => {
    expect(messages.passwordNeedsSpecial).toContain('-!@#$%^&*()_+=`~');
  });
});

describe('strongPasswordSchema', () => {
  it('accepts a strong password', () => {
    expect(errorsOf(strongPasswordSchema, 'Correct-Horse9')).toEqual([]);
  });

  it.each(['', ' ', undefined])('refuses %j with only the required message', (value) => {
    expect(errorsOf(strongPasswordSchema, value)).toEqual([REQUIRED]);
  });

  it("refuses 'aaa' in a row", () => {
    expect(errorsOf(strongPasswordSchema, 'Xaaa1!yz')).toEqual([
      'One or more characters exist in a 3 or more repeating pattern',
    ]);
  });

  it("accepts 'aa' in a row", () => {
    expect(errorsOf(strongPasswordSchema, 'Xaa1!yzw')).toEqual([]);
  });

  it.each(['111', '!!!', '   ', 'AAAA'])('counts %j as repeating', (run) => {
    expect(hasRepeatingCharacters(`Ab1!x${run}`)).toBe(true);
  });

  it('is case-sensitive about repeats', () => {
    expect(hasRepeatingCharacters('aAa')).toBe(false);
    expect(hasRepeatingCharacters('aa')).toBe(false);
  });

  it('reports the length and class rules as well', () => {
    expect(errorsOf(strongPasswordSchema, 'aaa')).toEqual([
      'Password must have 8+ characters',
      messages.passwordNeedsUpperCase,
      messages.passwordNeedsDigit,
      messages.passwordNeedsSpecial,
      'One or more characters exist in a 3 or more repeating pattern',
    ]);
  });

  it('isStrongPassword agrees with the schema', () => {
    for (const password of ['Correct-Horse9', 'Xaaa1!yz', 'short1!A', 'Abcdefg1', '', '        ']) {
      expect(isStrongPassword(password)).toBe(strongPasswordSchema.safeParse(password).success);
    }
  });
});

describe('passwordRequirements', () => {
  it('can drive a checklist', () => {
    const checklist = passwordRequirements.map((requirement) => ({
      id: requirement.id,
      met: requirement.test('abcdefgh'),
    }));
    expect(checklist).toEqual([
      { id: 'length', met: true },
      { id: 'upperCase', met: false },
      { id: 'lowerCase', met: true },
      { id: 'digit', met: false },
      { id: 'special', met: false },
      { id: 'noRepeats', met: true },
    ]);
  });

  it('uses the error messages as labels', () => {
    expect(passwordRequirements.map((requirement) => requirement.label)).toContain(
      'Password must have 8+ characters',
    );
    expect(passwordRequirements.find((requirement) => requirement.strongOnly)?.label).toBe(
      messages.repeatingCharacters,
    );
  });
});

describe('addressLineSchema', () => {
  const message = "Address must start with a number and include the street's name";

  it.each(['123 Main Street', '12B Baker Street', '1 Rue de la Paix', '4500 N. 1st Ave'])(
    'accepts %s',
    (line) => {
      expect(errorsOf(addressLineSchema, line)).toEqual([]);
    },
  );

  it.each(['Main Street', 'Main Street 12', '123', '123 456', ' 123 Main Street'])('refuses %j', (line) => {
    expect(errorsOf(addressLineSchema, line)).toEqual([message]);
  });

  itRefusesBlankAsRequired(addressLineSchema);
});

describe('the longest names and address parts', () => {
  it.each([
    [
      'a first or last name',
      nameFieldSchema,
      (length: number) => 'A'.repeat(length),
      textMaxLength.personName,
    ],
    [
      'an address line',
      addressLineSchema,
      (length: number) => `1 ${'B'.repeat(length - 2)}`,
      textMaxLength.addressLine,
    ],
    ['a city', citySchema, (length: number) => 'C'.repeat(length), textMaxLength.city],
  ] as const)('%s: the limit passes, one more character is refused', (_name, schema, ofLength, max) => {
    expect(errorsOf(schema, ofLength(max))).toEqual([]);
    expect(errorsOf(schema, ofLength(max + 1))).toEqual([messages.tooLong(max)]);
  });
});

describe('citySchema', () => {
  it.each(['Springfield', 'St. Louis', 'Winston-Salem', 'Coeur d’Alene', 'Zürich', '29 Palms'])(
    'accepts %s',
    (city) => {
      expect(errorsOf(citySchema, city)).toEqual([]);
    },
  );

  it.each(['12345', '---'])('refuses %s', (city) => {
    expect(errorsOf(citySchema, city)).toEqual([messages.cityInvalid]);
  });

  itRefusesBlankAsRequired(citySchema, ' ');
});

describe('stateCodeSchema', () => {
  it.each([
    ['NY', 'NY'],
    ['ny', 'NY'],
    ['Ca', 'CA'],
    [' tx ', 'TX'],
  ])('accepts %j as %s', (input, output) => {
    expect(valueOf(stateCodeSchema, input)).toBe(output);
  });

  it.each(['N', 'NYC', 'N1', '12', 'ß', 'ÑY', 'N Y'])('refuses %j', (input) => {
    expect(errorsOf(stateCodeSchema, input)).toEqual([messages.stateCodeInvalid]);
  });

  // Two letters that name no state would be saved, then shown as an empty State choice on Edit.
  it.each(['ZZ', 'zz', 'XX', 'PR', 'UK'])('refuses %j, which is not a US state', (input) => {
    expect(errorsOf(stateCodeSchema, input)).toEqual([messages.stateUnknown]);
  });

  it('accepts every code of the US states lookup, and DC', () => {
    for (const { code } of usStates) expect(valueOf(stateCodeSchema, code.toLowerCase())).toBe(code);
    expect(usStates).toHaveLength(51);
    expect(valueOf(stateCodeSchema, 'dc')).toBe('DC');
  });

  itRefusesBlankAsRequired(stateCodeSchema);
});

describe('zipSchema', () => {
  const message = 'Value must be 5 digits long';

  it('accepts 5 digits, including leading zeros', () => {
    expect(errorsOf(zipSchema, '12345')).toEqual([]);
    expect(valueOf(zipSchema, '02134')).toBe('02134');
  });

  it.each(['1234', '123456', 'abcde', '1234a', '12 34', '12345-6789'])('refuses %j', (zip) => {
    expect(errorsOf(zipSchema, zip)).toEqual([message]);
  });

  itRefusesBlankAsRequired(zipSchema);
});

describe('cardNumberSchema', () => {
  it.each([14, 17])('refuses %i digits', (count) => {
    expect(errorsOf(cardNumberSchema, '4'.repeat(count))).toEqual([messages.cardNumberInvalid]);
  });

  it.each(['378282246310005', '4111111111111111', '5500000000000004'])('accepts %s', (number) => {
    expect(valueOf(cardNumberSchema, number)).toBe(number);
  });

  it('strips spaces and dashes first', () => {
    expect(valueOf(cardNumberSchema, '4111 1111-1111 1111')).toBe('4111111111111111');
    expect(valueOf(cardNumberSchema, '3782 822463 10005')).toBe('378282246310005');
  });

  it.each(['4111.1111.1111.1111', '4111111111111a11'])('refuses other characters: %s', (number) => {
    expect(errorsOf(cardNumberSchema, number)).toEqual([messages.cardNumberInvalid]);
  });

  // One mistyped digit breaks the card's check digit (the Luhn test every card number passes).
  it.each(['4111 1111 1111 1112', '4111111111111234', '378282246310006', '4444444444444444'])(
    'refuses %s, whose check digit is wrong',
    (number) => {
      expect(errorsOf(cardNumberSchema, number)).toEqual([messages.cardNumberChecksum]);
    },
  );

  it.each(['', ' - '])('refuses %j as required', (number) => {
    expect(errorsOf(cardNumberSchema, number)).toEqual([REQUIRED]);
  });
});

describe('cardBrandOf', () => {
  it.each([
    ['378282246310005', 'American Express'],
    ['341111111111111', 'American Express'],
    ['4111111111111111', 'Visa'],
    ['5500000000000004', 'Mastercard'],
    ['2221000000000009', 'Mastercard'],
    ['6011111111111117', 'Discover'],
    ['9999999999999995', 'Card'],
  ])('names %s %s', (number, brand) => {
    expect(cardBrandOf(number)).toBe(brand);
  });
});

describe('cvvSchema', () => {
  it.each(['12', '12345', '12a', ' 123'])('refuses %j', (cvv) => {
    expect(errorsOf(cvvSchema, cvv)).toEqual([messages.cvvInvalid]);
  });

  it.each(['123', '1234', '007'])('accepts %s', (cvv) => {
    expect(errorsOf(cvvSchema, cvv)).toEqual([]);
  });

  itRefusesBlankAsRequired(cvvSchema);
});

describe('cardExpirySchema', () => {
  const TOO_LARGE = 'Expiration date value to large';
  const INVALID = 'Expiration is invalid';
  // 15 March 2026, local time.
  const now = new Date(2026, 2, 15, 12, 0);
  const schema = cardExpirySchema({ now });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('accepts the current month', () => {
    expect(errorsOf(schema, '0326')).toEqual([]);
  });

  it('refuses last month as expired', () => {
    expect(errorsOf(schema, '0226')).toEqual([messages.cardExpired]);
    expect(errorsOf(schema, '1225')).toEqual([messages.cardExpired]);
  });

  it.each([
    ['03/27', '0327'],
    ['03 / 27', '0327'],
    [' 0327 ', '0327'],
  ])('reads %j, as printed on the card, as %s', (expiry, value) => {
    expect(valueOf(schema, expiry)).toBe(value);
  });

  it('accepts exactly the default limit of 120 months', () => {
    expect(errorsOf(schema, '0336')).toEqual([]);
  });

  it('refuses one month past the limit as too large', () => {
    expect(errorsOf(schema, '0436')).toEqual([TOO_LARGE]);
    expect(errorsOf(schema, '1299')).toEqual([TOO_LARGE]);
  });

  it.each(['0026', '1326', '9926'])('refuses month %s as invalid', (expiry) => {
    expect(errorsOf(schema, expiry)).toEqual([INVALID]);
  });

  it.each(['326', '03266', '3/26', '03/2026', '0/326', 'ab26', '03-26', '３２６６'])(
    'refuses the shape %j as invalid',
    (expiry) => {
      expect(errorsOf(schema, expiry)).toEqual([INVALID]);
    },
  );

  itRefusesBlankAsRequired(schema);

  it('honours a custom month limit', () => {
    const twelve = cardExpirySchema({ now, monthLimit: 12 });
    expect(errorsOf(twelve, '0327')).toEqual([]);
    expect(errorsOf(twelve, '0427')).toEqual([TOO_LARGE]);
  });

  it('counts across the turn of the year', () => {
    const december = cardExpirySchema({ now: new Date(2026, 11, 31, 23, 59), monthLimit: 12 });
    expect(errorsOf(december, '1226')).toEqual([]);
    expect(errorsOf(december, '1126')).toEqual([messages.cardExpired]);
    expect(errorsOf(december, '1227')).toEqual([]);
    expect(errorsOf(december, '0128')).toEqual([TOO_LARGE]);
  });

  it.each([11, 121, 0, -12, 12.5, Number.NaN])('throws a RangeError for monthLimit %s', (monthLimit) => {
    expect(() => cardExpirySchema({ monthLimit })).toThrow(RangeError);
  });

  it.each([12, 120])('allows monthLimit %i', (monthLimit) => {
    expect(() => cardExpirySchema({ monthLimit })).not.toThrow();
  });

  it('reads the clock at each parse when no date is given', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 2, 15));
    const live = cardExpirySchema();
    expect(errorsOf(live, '0326')).toEqual([]);
    vi.setSystemTime(new Date(2026, 3, 1));
    expect(errorsOf(live, '0326')).toEqual([messages.cardExpired]);
  });
});

describe('dateRangeSchema', () => {
  const min = new Date('2026-01-01T00:00:00Z');
  const max = new Date('2026-12-31T23:59:59Z');
  const schema = dateRangeSchema(min, max);

  it('accepts both ends and the middle', () => {
    expect(errorsOf(schema, min)).toEqual([]);
    expect(errorsOf(schema, max)).toEqual([]);
    expect(errorsOf(schema, '2026-06-15')).toEqual([]);
  });

  it('refuses just outside either end', () => {
    expect(errorsOf(schema, new Date(min.getTime() - 1))).toEqual(['Date value is out of range']);
    expect(errorsOf(schema, new Date(max.getTime() + 1))).toEqual(['Date value is out of range']);
  });

  it('accepts text and epoch milliseconds and gives a Date', () => {
    expect(valueOf(schema, '2026-03-05T10:00:00Z')).toEqual(new Date('2026-03-05T10:00:00Z'));
    expect(valueOf(schema, min.getTime())).toEqual(min);
  });

  it('tells a missing date from a wrong one', () => {
    expect(errorsOf(schema, '')).toEqual([REQUIRED]);
    expect(errorsOf(schema, undefined)).toEqual([REQUIRED]);
    expect(errorsOf(schema, 'not a date')).toEqual([messages.dateInvalid]);
    expect(errorsOf(schema, new Date(Number.NaN))).toEqual([messages.dateInvalid]);
  });

  it('throws when min is after max', () => {
    expect(() => dateRangeSchema(max, min)).toThrow(RangeError);
    expect(() => dateRangeSchema(new Date(Number.NaN), max)).toThrow(RangeError);
  });
});

describe('numberRangeSchema', () => {
  const schema = numberRangeSchema(1, 10);

  it.each([1, 5.5, 10, '7', ' 3 '])('accepts %j', (value) => {
    expect(errorsOf(schema, value)).toEqual([]);
  });

  it.each([0, 10.01, -1, '11'])('refuses %j as out of range', (value) => {
    expect(errorsOf(schema, value)).toEqual(['Numerical value is out of range']);
  });

  it('tells a missing value from text that is not a number', () => {
    expect(errorsOf(schema, '')).toEqual([REQUIRED]);
    expect(errorsOf(schema, undefined)).toEqual([REQUIRED]);
    expect(errorsOf(schema, 'five')).toEqual([messages.notANumber]);
    expect(errorsOf(schema, Number.NaN)).toEqual([messages.notANumber]);
    expect(errorsOf(schema, Number.POSITIVE_INFINITY)).toEqual([messages.notANumber]);
  });

  it('gives a number', () => {
    expect(valueOf(schema, '7')).toBe(7);
  });

  it('throws when min is greater than max', () => {
    expect(() => numberRangeSchema(2, 1)).toThrow(RangeError);
  });
});

describe('fromNumericText', () => {
  it.each([
    ['12', 12],
    [' -3.5 ', -3.5],
    ['.5', 0.5],
    ['+4', 4],
  ])('reads %j as %s', (text, number) => {
    expect(fromNumericText(text)).toBe(number);
  });

  it.each(['', ' ', '0x10', '1e3', '12abc', 'Infinity', true, null])('leaves %j alone', (value) => {
    expect(fromNumericText(value)).toBe(value);
  });
});

describe('character-class rules', () => {
  it('lettersOnlySchema', () => {
    expect(errorsOf(lettersOnlySchema, 'Abc')).toEqual([]);
    expect(errorsOf(lettersOnlySchema, 'Zoë')).toEqual([]);
    for (const value of ['Ab1', 'A b', 'A-b', "O'Neil"]) {
      expect(errorsOf(lettersOnlySchema, value)).toEqual([messages.lettersOnly]);
    }
    expect(errorsOf(lettersOnlySchema, '')).toEqual([REQUIRED]);
  });

  it('lettersAndDigitsSchema', () => {
    expect(errorsOf(lettersAndDigitsSchema, 'Abc123')).toEqual([]);
    expect(errorsOf(lettersAndDigitsSchema, '123')).toEqual([]);
    for (const value of ['Abc 123', 'Abc-123', 'Abc_123']) {
      expect(errorsOf(lettersAndDigitsSchema, value)).toEqual([messages.lettersAndDigitsOnly]);
    }
    expect(errorsOf(lettersAndDigitsSchema, ' ')).toEqual([REQUIRED]);
  });

  it('digitsOnlySchema', () => {
    expect(errorsOf(digitsOnlySchema, '0123456789')).toEqual([]);
    for (const value of ['12a', '1.5', '-1', '1 2', '١٢']) {
      expect(errorsOf(digitsOnlySchema, value)).toEqual([messages.digitsOnly]);
    }
    expect(errorsOf(digitsOnlySchema, '')).toEqual([REQUIRED]);
  });

  it('specialCharactersOnlySchema', () => {
    expect(errorsOf(specialCharactersOnlySchema, passwordSpecialCharacters)).toEqual([]);
    expect(errorsOf(specialCharactersOnlySchema, '?.,;:"\'[]{}|/\\<>€')).toEqual([]);
    for (const value of ['!a', '!1', '! !']) {
      expect(errorsOf(specialCharactersOnlySchema, value)).toEqual([messages.specialCharactersOnly]);
    }
    expect(errorsOf(specialCharactersOnlySchema, '')).toEqual([REQUIRED]);
  });
});

describe('nameFieldSchema', () => {
  it.each([
    "O'Brien",
    'O’Brien',
    "D'Angelo-Smith",
    'Mary Ann',
    'Jean_Luc',
    'José',
    'Anne2',
    'Nguyễn',
    "d'Artagnan",
  ])('accepts %s', (name) => {
    expect(errorsOf(nameFieldSchema, name)).toEqual([]);
  });

  it.each(["'Brien", '-Ann', '2Pac', ' Ann', '_x', 'Ann!', 'Ann.', 'Ann\tLee', 'Ann@Lee'])(
    'refuses %j',
    (name) => {
      expect(errorsOf(nameFieldSchema, name)).toEqual([messages.nameFieldInvalid]);
    },
  );

  itRefusesBlankAsRequired(nameFieldSchema);
});

describe('leading and trailing spaces', () => {
  it('noLeadingSpacesSchema', () => {
    expect(errorsOf(noLeadingSpacesSchema, 'abc ')).toEqual([]);
    expect(errorsOf(noLeadingSpacesSchema, 'a b')).toEqual([]);
    expect(errorsOf(noLeadingSpacesSchema, '')).toEqual([]);
    expect(errorsOf(noLeadingSpacesSchema, ' abc')).toEqual([messages.noLeadingSpaces]);
    expect(errorsOf(noLeadingSpacesSchema, '\tabc')).toEqual([messages.noLeadingSpaces]);
  });

  it('noTrailingSpacesSchema', () => {
    expect(errorsOf(noTrailingSpacesSchema, ' abc')).toEqual([]);
    expect(errorsOf(noTrailingSpacesSchema, 'a b')).toEqual([]);
    expect(errorsOf(noTrailingSpacesSchema, '')).toEqual([]);
    expect(errorsOf(noTrailingSpacesSchema, 'abc ')).toEqual([messages.noTrailingSpaces]);
    expect(errorsOf(noTrailingSpacesSchema, 'abc\n')).toEqual([messages.noTrailingSpaces]);
  });

  it('can be combined with a field rule', () => {
    const schema = nameFieldSchema.and(noTrailingSpacesSchema);
    expect(errorsOf(schema, 'Ann ')).toEqual([messages.noTrailingSpaces]);
    expect(errorsOf(schema, 'Ann')).toEqual([]);
  });

  it('the messages differ', () => {
    expect(messages.noLeadingSpaces).not.toBe(messages.noTrailingSpaces);
  });
});

describe('guidSchema', () => {
  it.each([
    '3f2504e0-4f89-11d3-9a0c-0305e82c3301',
    '3F2504E0-4F89-11D3-9A0C-0305E82C3301',
    '00000000-0000-0000-0000-000000000000',
  ])('accepts %s', (guid) => {
    expect(errorsOf(guidSchema, guid)).toEqual([]);
    expect(isGuid(guid)).toBe(true);
  });

  it.each([
    '3f2504e0-4f89-11d3-9a0c-0305e82c330',
    '3f2504e0-4f89-11d3-9a0c-0305e82c33011',
    '3f2504e04f8911d39a0c0305e82c3301',
    '{3f2504e0-4f89-11d3-9a0c-0305e82c3301}',
    '3f2504e0-4f89-11d3-9a0c-0305e82c330g',
    ' 3f2504e0-4f89-11d3-9a0c-0305e82c3301',
    'not-a-guid',
  ])('refuses %s', (guid) => {
    expect(errorsOf(guidSchema, guid)).toEqual([messages.guidInvalid]);
  });

  itRefusesBlankAsRequired(guidSchema);
});

describe('phoneSchema', () => {
  it.each([
    ['(555) 123-4567', '5551234567'],
    ['555.123.4567', '5551234567'],
    ['555-123-4567', '5551234567'],
    ['+1 555 123 4567', '5551234567'],
    ['1-555-123-4567', '5551234567'],
    ['5551234567', '5551234567'],
  ])('accepts %j as %s', (input, digits) => {
    expect(valueOf(phoneSchema, input)).toBe(digits);
  });

  it('is optional', () => {
    expect(valueOf(phoneSchema, undefined)).toBeUndefined();
    expect(valueOf(phoneSchema, '')).toBe('');
    expect(valueOf(phoneSchema, '  ')).toBe('  ');
  });

  it.each(['555-1234', '555 123 45678', '2 555 123 4567', '555-CALL-NOW', '555 123 4567 ext. 2'])(
    'refuses %j',
    (input) => {
      expect(errorsOf(phoneSchema, input)).toEqual([messages.phoneInvalid]);
      expect(phoneDigits(input)).toBeUndefined();
    },
  );
});

describe('isBlank', () => {
  it('is true only for empty or whitespace', () => {
    expect(isBlank('')).toBe(true);
    expect(isBlank(' \t')).toBe(true);
    expect(isBlank(' a ')).toBe(false);
  });
});
