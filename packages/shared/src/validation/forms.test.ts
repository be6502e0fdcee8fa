import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  addressSchema,
  forgotPasswordSchema,
  loginSchema,
  paymentCardSchema,
  registerSchema,
  resetPasswordSchema,
} from './forms';
import { messages } from './messages';
import { zodIssuesByField } from './zod-errors';

/** Messages per field, or {} when the value passes. */
function fieldErrors(schema: z.ZodType, value: unknown): Record<string, string[]> {
  const result = schema.safeParse(value);
  return result.success ? {} : zodIssuesByField(result.error);
}

const STRONG = 'Correct-Horse9';

describe('loginSchema', () => {
  it('accepts a sign-in and defaults rememberMe to false', () => {
    expect(loginSchema.parse({ username: ' jane@example.com ', password: 'x' })).toEqual({
      username: 'jane@example.com',
      password: 'x',
      rememberMe: false,
    });
  });

  it('does not reveal the password policy', () => {
    // A weak password is for the server to refuse as a wrong password, not for the form to explain.
    expect(fieldErrors(loginSchema, { username: 'jane@example.com', password: 'a' })).toEqual({});
    expect(fieldErrors(loginSchema, { username: 'jane@example.com', password: ' ' })).toEqual({
      password: ['This value is required'],
    });
  });

  it('checks the username as an email address', () => {
    expect(fieldErrors(loginSchema, { username: 'jane', password: 'x', rememberMe: true })).toEqual({
      username: ['Email cannot be less than 5 characters long'],
    });
  });
});

describe('forgotPasswordSchema', () => {
  it('needs a valid email', () => {
    expect(fieldErrors(forgotPasswordSchema, { email: 'jane@example.com' })).toEqual({});
    expect(fieldErrors(forgotPasswordSchema, { email: 'jane@example' })).toEqual({
      email: ['Email address is not valid'],
    });
    expect(fieldErrors(forgotPasswordSchema, {})).toEqual({ email: ['This value is required'] });
  });
});

describe('resetPasswordSchema', () => {
  it('accepts matching strong passwords', () => {
    expect(
      fieldErrors(resetPasswordSchema, { token: 't', password: STRONG, confirmPassword: STRONG }),
    ).toEqual({});
  });

  it('reports a mismatch on confirmPassword', () => {
    expect(
      fieldErrors(resetPasswordSchema, { token: 't', password: STRONG, confirmPassword: `${STRONG}x` }),
    ).toEqual({ confirmPassword: [messages.passwordMismatch] });
  });

  it('reports a mismatch alongside a weak password and a missing token', () => {
    expect(fieldErrors(resetPasswordSchema, { password: 'Aaaa1!bcd', confirmPassword: 'other' })).toEqual({
      token: ['This value is required'],
      password: ['One or more characters exist in a 3 or more repeating pattern'],
      confirmPassword: [messages.passwordMismatch],
    });
  });

  it('reports a blank confirmation as required, not as a mismatch', () => {
    expect(fieldErrors(resetPasswordSchema, { token: 't', password: STRONG, confirmPassword: '' })).toEqual({
      confirmPassword: ['This value is required'],
    });
  });
});

describe('registerSchema', () => {
  const subscription = '0b9f6f0e-3c5d-4c43-9a8e-6c2f1d7a5b21';
  const valid = {
    token: 'a-token-from-the-link',
    password: STRONG,
    confirmPassword: STRONG,
    subscriptionIds: [subscription],
  };

  it('accepts a complete registration', () => {
    expect(registerSchema.parse(valid)).toEqual(valid);
  });

  it('needs the choice of reminders said, even when it is none', () => {
    const { subscriptionIds: _left, ...withoutChoice } = valid;
    expect(fieldErrors(registerSchema, withoutChoice)).toEqual({ subscriptionIds: [messages.invalidValue] });
    expect(registerSchema.parse({ ...valid, subscriptionIds: [] }).subscriptionIds).toEqual([]);
  });

  it('reports each field', () => {
    expect(
      fieldErrors(registerSchema, {
        password: 'weakpass',
        confirmPassword: 'different',
        subscriptionIds: ['not-an-id'],
      }),
    ).toEqual({
      token: ['This value is required'],
      password: [messages.passwordNeedsUpperCase, messages.passwordNeedsDigit, messages.passwordNeedsSpecial],
      confirmPassword: [messages.passwordMismatch],
      'subscriptionIds.0': [messages.guidInvalid],
    });
  });

  it('skips the mismatch check when the passwords are not text', () => {
    expect(fieldErrors(registerSchema, { ...valid, password: undefined })).toEqual({
      password: ['This value is required'],
    });
  });
});

describe('addressSchema', () => {
  it('accepts an address and upper-cases the state', () => {
    expect(addressSchema.parse({ line: '12 Main St', city: 'Albany', state: 'ny', zip: '12207' })).toEqual({
      line: '12 Main St',
      city: 'Albany',
      state: 'NY',
      zip: '12207',
    });
  });

  it('reports each field', () => {
    expect(
      fieldErrors(addressSchema, { line: 'Main St', city: '123', state: 'New York', zip: '1220' }),
    ).toEqual({
      line: ["Address must start with a number and include the street's name"],
      city: [messages.cityInvalid],
      state: [messages.stateCodeInvalid],
      zip: ['Value must be 5 digits long'],
    });
  });
});

describe('paymentCardSchema', () => {
  const now = new Date(2026, 2, 15);

  it('accepts a card and strips the number', () => {
    expect(
      paymentCardSchema({ now }).parse({ number: '4111 1111 1111 1111', cvv: '123', expiry: '0327' }),
    ).toEqual({
      number: '4111111111111111',
      cvv: '123',
      expiry: '0327',
    });
  });

  it('reports each field', () => {
    expect(fieldErrors(paymentCardSchema({ now }), { number: '4111', cvv: '12', expiry: '0226' })).toEqual({
      number: [messages.cardNumberInvalid],
      cvv: [messages.cvvInvalid],
      expiry: [messages.cardExpired],
    });
  });

  it('keeps the expiry as MMYY when it is typed as printed on the card', () => {
    expect(
      paymentCardSchema({ now }).parse({ number: '4111111111111111', cvv: '123', expiry: '12/30' }),
    ).toEqual({ number: '4111111111111111', cvv: '123', expiry: '1230' });
  });

  it('asks an American Express card for its 4-digit security code', () => {
    const amex = { number: '3782 822463 10005', expiry: '0327' };
    expect(fieldErrors(paymentCardSchema({ now }), { ...amex, cvv: '123' })).toEqual({
      cvv: [messages.cvvAmericanExpress],
    });
    expect(fieldErrors(paymentCardSchema({ now }), { ...amex, cvv: '1234' })).toEqual({});
  });

  it('asks other cards for a 3-digit security code', () => {
    const visa = { number: '4111 1111 1111 1111', expiry: '0327' };
    expect(fieldErrors(paymentCardSchema({ now }), { ...visa, cvv: '1234' })).toEqual({
      cvv: [messages.cvvThreeDigits],
    });
    expect(fieldErrors(paymentCardSchema({ now }), { ...visa, cvv: '123' })).toEqual({});
  });

  it('validates the security code by the card only once the number is a card number', () => {
    expect(fieldErrors(paymentCardSchema({ now }), { number: '4111', cvv: '1234', expiry: '0327' })).toEqual({
      number: [messages.cardNumberInvalid],
    });
  });

  it('passes the month limit on', () => {
    expect(
      fieldErrors(paymentCardSchema({ now, monthLimit: 12 }), {
        number: '4111111111111111',
        cvv: '123',
        expiry: '0427',
      }),
    ).toEqual({ expiry: ['Expiration date value to large'] });
    expect(() => paymentCardSchema({ monthLimit: 121 })).toThrow(RangeError);
  });
});
