import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { addressSchema } from './forms';
import { messages } from './messages';
import { emailSchema, zipSchema } from './rules';
import { zodIssuesByField, zodIssuesToMessages } from './zod-errors';

function errorOf(schema: z.ZodType, value: unknown): z.ZodError {
  const result = schema.safeParse(value);
  if (result.success) expect.fail('expected the value to be refused');
  return result.error;
}

describe('zodIssuesToMessages', () => {
  it('gives the plain messages in order', () => {
    const error = errorOf(addressSchema, { line: 'x', city: '1', state: 'N', zip: '1' });
    expect(zodIssuesToMessages(error)).toEqual([
      "Address must start with a number and include the street's name",
      messages.cityInvalid,
      messages.stateCodeInvalid,
      'Value must be 5 digits long',
    ]);
  });

  it('lists a repeated message once', () => {
    const error = errorOf(z.object({ a: zipSchema, b: zipSchema, c: zipSchema }), { a: '1', b: '', c: '2' });
    expect(zodIssuesToMessages(error)).toEqual(['Value must be 5 digits long', 'This value is required']);
  });

  it('opens up a failed union', () => {
    const error = errorOf(z.union([emailSchema, zipSchema]), 'abc');
    expect(zodIssuesToMessages(error)).toEqual([
      'Email cannot be less than 5 characters long',
      'Value must be 5 digits long',
    ]);
  });

  it('makes the server error body', () => {
    const error = errorOf(z.object({ email: emailSchema }), { email: 'a@b' });
    expect({ Errors: zodIssuesToMessages(error) }).toEqual({
      Errors: ['Email cannot be less than 5 characters long'],
    });
  });
});

describe('zodIssuesByField', () => {
  it('keys messages by dotted path', () => {
    const schema = z.object({ address: addressSchema, items: z.array(z.object({ email: emailSchema })) });
    const error = errorOf(schema, {
      address: { line: '1 Main St', city: 'Albany', state: 'NY', zip: '1' },
      items: [{ email: 'jane@example.com' }, { email: '' }],
    });
    expect(zodIssuesByField(error)).toEqual({
      'address.zip': ['Value must be 5 digits long'],
      'items.1.email': ['This value is required'],
    });
  });

  it("uses '' for the value as a whole", () => {
    expect(zodIssuesByField(errorOf(zipSchema, '1'))).toEqual({ '': ['Value must be 5 digits long'] });
  });
});
