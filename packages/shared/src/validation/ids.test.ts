import { describe, expect, it } from 'vitest';
import {
  InvalidArgumentError,
  MissingArgumentError,
  bulkItemIdSchema,
  corporationIdSchema,
  idSchema,
  propertyIdSchema,
  requireId,
  tenantIdSchema,
  userIdSchema,
} from './ids';
import { messages } from './messages';
import { errorsOf } from '../test/errors-of';

const GUID = '3f2504e0-4f89-11d3-9a0c-0305e82c3301';
const NIL = '00000000-0000-0000-0000-000000000000';

describe('requireId', () => {
  it('returns a valid id unchanged', () => {
    expect(requireId(GUID, 'propertyId')).toBe(GUID);
    expect(requireId(GUID.toUpperCase(), 'propertyId')).toBe(GUID.toUpperCase());
  });

  it.each([undefined, null, '', '   ', NIL])('throws MissingArgumentError for %j', (value) => {
    const call = () => requireId(value, 'tenantID');
    expect(call).toThrow(MissingArgumentError);
    expect(call).toThrow('Argument "tenantID" is required');
  });

  it.each(['abc', 42, {}, `${GUID}x`, ` ${GUID}`])('throws InvalidArgumentError for %j', (value) => {
    const call = () => requireId(value, 'propertyId');
    expect(call).toThrow(InvalidArgumentError);
    expect(call).toThrow(messages.argumentInvalid('propertyId'));
  });

  it('names the argument on the error', () => {
    try {
      requireId(undefined, 'userId');
      expect.fail('should have thrown');
    } catch (error) {
      expect(error).toBeInstanceOf(MissingArgumentError);
      expect(error).toBeInstanceOf(Error);
      expect((error as MissingArgumentError).argument).toBe('userId');
      expect((error as MissingArgumentError).name).toBe('MissingArgumentError');
    }
  });
});

describe('argument errors', () => {
  it('take a custom message', () => {
    const error = new MissingArgumentError('tenantID', messages.tenantRequired);
    expect(error.message).toBe(
      'Tenant-ID is required but no company was selected nor was the tenant-id specified',
    );
    expect(error.argument).toBe('tenantID');
  });

  it('InvalidArgumentError has its own name', () => {
    const error = new InvalidArgumentError('payload');
    expect(error.name).toBe('InvalidArgumentError');
    expect(error.argument).toBe('payload');
    expect(error.message).toBe('Argument "payload" is not a valid ID');
  });
});

describe('idSchema and its aliases', () => {
  it.each([
    ['idSchema', idSchema],
    ['propertyIdSchema', propertyIdSchema],
    ['tenantIdSchema', tenantIdSchema],
    ['userIdSchema', userIdSchema],
    ['corporationIdSchema', corporationIdSchema],
  ])('%s accepts a GUID and refuses the rest', (_name, schema) => {
    expect(errorsOf(schema, GUID)).toEqual([]);
    expect(errorsOf(schema, 'not-a-guid')).toEqual([messages.guidInvalid]);
    expect(errorsOf(schema, 12)).toEqual([messages.guidInvalid]);
    for (const missing of [undefined, null, '', ' ', NIL]) {
      expect(errorsOf(schema, missing)).toEqual(['This value is required']);
    }
  });
});

describe('bulkItemIdSchema', () => {
  it.each([
    [1, 1],
    ['42', 42],
    [' 7 ', 7],
  ])('accepts %j as %i', (input, id) => {
    expect(bulkItemIdSchema.parse(input)).toBe(id);
  });

  it.each(['abc', '12abc', '0x10', true, {}])('refuses %j as not a number', (value) => {
    expect(errorsOf(bulkItemIdSchema, value)).toEqual([messages.notANumber]);
  });

  it.each([0, -3, '0'])('refuses %j as below one', (value) => {
    expect(errorsOf(bulkItemIdSchema, value)).toEqual(['Value must be greater than or equal to 1 (one)']);
  });

  it('refuses a fraction', () => {
    expect(errorsOf(bulkItemIdSchema, '1.5')).toEqual([messages.wholeNumber]);
  });

  it('refuses a missing id as required', () => {
    expect(errorsOf(bulkItemIdSchema, undefined)).toEqual(['This value is required']);
    expect(errorsOf(bulkItemIdSchema, '')).toEqual(['This value is required']);
  });
});
