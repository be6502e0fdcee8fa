import { describe, expect, it } from 'vitest';
import { emailLength, passwordMinLength, passwordSpecialCharacters } from '../constants';
import { messages } from './messages';

describe('messages', () => {
  // The required words (docs/requirements.md §7 and §9), typed out again here so that a slip in messages.ts is caught.
  it.each([
    ['emailTooShort', 'Email cannot be less than 5 characters long'],
    ['emailTooLong', 'Email cannot be greater than 256 characters long'],
    ['emailInvalid', 'Email address is not valid'],
    ['passwordTooShort', 'Password must have 8+ characters'],
    ['repeatingCharacters', 'One or more characters exist in a 3 or more repeating pattern'],
    ['addressLine', "Address must start with a number and include the street's name"],
    ['zipLength', 'Value must be 5 digits long'],
    ['expiryTooLarge', 'Expiration date value to large'],
    ['expiryInvalid', 'Expiration is invalid'],
    ['dateOutOfRange', 'Date value is out of range'],
    ['numberOutOfRange', 'Numerical value is out of range'],
    ['required', 'This value is required'],
    ['minOne', 'Value must be greater than or equal to 1 (one)'],
    ['nonZero', 'Value must be number greater than or less than 0 (zero)'],
    ['tenantRequired', 'Tenant-ID is required but no company was selected nor was the tenant-id specified'],
    ['selectedCompanyUndefined', 'selectedCompany is undefined'],
    ['refreshPremature', 'Invocation of "refresh" is premature'],
    ['unableClientUser', 'Unable to retrieve client user'],
    ['unableProperty', 'Unable to retrieve property'],
    ['unableUser', 'Unable to retrieve user'],
    ['tenantIdArgRequired', 'Argument "tenantID" is required'],
    ['payloadArgRequired', 'Argument "payload" is required'],
    ['authContextInvalid', 'Authentication context is invalid'],
    ['serverError', 'The server returned an error'],
    ['notFoundPage', 'Ops!  The page you are looking for is not available.'],
  ] as const)('%s is the required text', (key, text) => {
    expect(messages[key]).toBe(text);
  });

  it('keeps the two spaces after "Ops!"', () => {
    expect(messages.notFoundPage.startsWith('Ops!  The')).toBe(true);
  });

  it('agrees with the limits of constants.ts', () => {
    expect(messages.emailTooShort).toContain(` ${emailLength.min} `);
    // "under 256": the message names the first length that is refused.
    expect(messages.emailTooLong).toContain(` ${emailLength.max + 1} `);
    expect(messages.passwordTooShort).toContain(`${passwordMinLength}+`);
    expect(messages.passwordNeedsSpecial).toContain(passwordSpecialCharacters);
  });

  it('builds missing-argument messages in the shape of the required ones', () => {
    expect(messages.argumentRequired('tenantID')).toBe(messages.tenantIdArgRequired);
    expect(messages.argumentRequired('payload')).toBe(messages.payloadArgRequired);
    expect(messages.argumentInvalid('propertyId')).toBe('Argument "propertyId" is not a valid ID');
  });

  it('has no two keys with the same text', () => {
    const texts = Object.values(messages).filter((value) => typeof value === 'string');
    expect(new Set(texts).size).toBe(texts.length);
  });

  it('has no blank text and no stray surrounding spaces', () => {
    for (const value of Object.values(messages)) {
      if (typeof value !== 'string') continue;
      expect(value.trim()).toBe(value);
      expect(value.length).toBeGreaterThan(0);
    }
  });
});
