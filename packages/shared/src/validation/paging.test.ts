import { describe, expect, it } from 'vitest';
import { messages } from './messages';
import {
  clampNotificationRoutePaging,
  notificationPagingSchema,
  numberRange,
  pageSizeChoiceSchema,
  pagingRequestSchema,
  reminderSubscriptionQuerySchema,
  sortSchema,
} from './paging';
import { errorsOf } from '../test/errors-of';

const MIN_ONE = 'Value must be greater than or equal to 1 (one)';
const NON_ZERO = 'Value must be number greater than or less than 0 (zero)';

describe('pageSizeChoiceSchema', () => {
  it.each([
    ['all', 200],
    ['All', 200],
    [1, 1],
    [200, 200],
    ['25', 25],
  ])('reads %j as %i', (input, size) => {
    expect(pageSizeChoiceSchema.parse(input)).toBe(size);
  });

  it('refuses sizes outside 1..200', () => {
    expect(errorsOf(pageSizeChoiceSchema, 0)).toEqual([MIN_ONE]);
    expect(errorsOf(pageSizeChoiceSchema, 201)).toEqual(['Numerical value is out of range']);
    expect(errorsOf(pageSizeChoiceSchema, 2.5)).toEqual([messages.wholeNumber]);
    expect(errorsOf(pageSizeChoiceSchema, 'most')).toEqual([MIN_ONE]);
  });
});

describe('sortSchema', () => {
  it('accepts a property name and a direction', () => {
    expect(sortSchema.parse({ propertyName: 'lastName', dir: 'desc' })).toEqual({
      propertyName: 'lastName',
      dir: 'desc',
    });
  });

  it('refuses other directions and a blank name', () => {
    expect(errorsOf(sortSchema, { propertyName: 'x', dir: 'up' })).toEqual([messages.sortDirectionInvalid]);
    expect(errorsOf(sortSchema, { propertyName: ' ', dir: 'asc' })).toEqual([messages.required]);
  });
});

describe('pagingRequestSchema', () => {
  it('fills in the defaults', () => {
    expect(pagingRequestSchema.parse({})).toEqual({ page: 1, pageSize: 10, sorting: [] });
  });

  it("serves 'all' as 200 rows", () => {
    expect(pagingRequestSchema.parse({ pageSize: 'all' }).pageSize).toBe(200);
  });

  it('does not share the default sorting list between parses', () => {
    const first = pagingRequestSchema.parse({});
    first.sorting.push({ propertyName: 'x', dir: 'asc' });
    expect(pagingRequestSchema.parse({}).sorting).toEqual([]);
  });

  it('refuses page 0', () => {
    expect(errorsOf(pagingRequestSchema, { page: 0 })).toEqual([MIN_ONE]);
  });

  it('keeps a full request', () => {
    const request = { page: 3, pageSize: 50, sorting: [{ propertyName: 'city', dir: 'asc' }] };
    expect(pagingRequestSchema.parse(request)).toEqual(request);
  });
});

describe('notificationPagingSchema', () => {
  it('accepts numbers and numeric text', () => {
    expect(notificationPagingSchema.parse({ pageSize: '10', page: '2' })).toEqual({ pageSize: 10, page: 2 });
    expect(notificationPagingSchema.parse({ pageSize: 100, page: 1 })).toEqual({ pageSize: 100, page: 1 });
  });

  it('refuses values below 1 with the required message', () => {
    expect(errorsOf(notificationPagingSchema, { pageSize: 0, page: 0 })).toEqual([MIN_ONE, MIN_ONE]);
    expect(errorsOf(notificationPagingSchema, { pageSize: 'x', page: -1 })).toEqual([MIN_ONE, MIN_ONE]);
  });

  it('refuses a page size above 100', () => {
    expect(errorsOf(notificationPagingSchema, { pageSize: 101, page: 1 })).toEqual([
      messages.numberOutOfRange,
    ]);
  });

  it('needs both values and the arguments themselves', () => {
    expect(errorsOf(notificationPagingSchema, {})).toEqual([messages.required, messages.required]);
    expect(errorsOf(notificationPagingSchema, undefined)).toEqual([messages.required]);
  });
});

describe('clampNotificationRoutePaging', () => {
  it('defaults to page 1 of 10', () => {
    expect(clampNotificationRoutePaging()).toEqual({ pageSize: 10, page: 1 });
    expect(clampNotificationRoutePaging(undefined, undefined)).toEqual({ pageSize: 10, page: 1 });
  });

  it('raises 0 to 1', () => {
    expect(clampNotificationRoutePaging(0, 0)).toEqual({ pageSize: 1, page: 1 });
    expect(clampNotificationRoutePaging('0', '0')).toEqual({ pageSize: 1, page: 1 });
    expect(clampNotificationRoutePaging(-5, -5)).toEqual({ pageSize: 1, page: 1 });
  });

  it('holds the page size at 100', () => {
    expect(clampNotificationRoutePaging(500, 3)).toEqual({ pageSize: 100, page: 3 });
    expect(clampNotificationRoutePaging('500', '3')).toEqual({ pageSize: 100, page: 3 });
  });

  it('falls back to the defaults for text that is not a number', () => {
    expect(clampNotificationRoutePaging('abc', 'abc')).toEqual({ pageSize: 10, page: 1 });
    expect(clampNotificationRoutePaging('', '')).toEqual({ pageSize: 10, page: 1 });
    expect(clampNotificationRoutePaging(Number.NaN, Number.POSITIVE_INFINITY)).toEqual({
      pageSize: 10,
      page: 1,
    });
  });

  it('keeps good values and drops fractions', () => {
    expect(clampNotificationRoutePaging('25', '4')).toEqual({ pageSize: 25, page: 4 });
    expect(clampNotificationRoutePaging(25.9, 4.2)).toEqual({ pageSize: 25, page: 4 });
  });
});

describe('reminderSubscriptionQuerySchema', () => {
  it.each([-5, 5, '-5', 30])('accepts daysFilter %j', (daysFilter) => {
    expect(errorsOf(reminderSubscriptionQuerySchema, { pageSize: 10, page: 1, daysFilter })).toEqual([]);
  });

  it.each([0, '0', 'abc'])('refuses daysFilter %j with the required message', (daysFilter) => {
    expect(errorsOf(reminderSubscriptionQuerySchema, { pageSize: 10, page: 1, daysFilter })).toEqual([
      NON_ZERO,
    ]);
  });

  it('refuses page and page size below 1', () => {
    expect(errorsOf(reminderSubscriptionQuerySchema, { pageSize: 0, page: 0, daysFilter: 5 })).toEqual([
      MIN_ONE,
      MIN_ONE,
    ]);
  });

  it('requires the arguments', () => {
    expect(errorsOf(reminderSubscriptionQuerySchema, undefined)).toEqual([messages.required]);
    expect(errorsOf(reminderSubscriptionQuerySchema, { pageSize: 10, page: 1 })).toEqual([messages.required]);
  });

  it('gives numbers', () => {
    expect(reminderSubscriptionQuerySchema.parse({ pageSize: '10', page: '2', daysFilter: '-7' })).toEqual({
      pageSize: 10,
      page: 2,
      daysFilter: -7,
    });
  });
});

describe('numberRange', () => {
  it('includes both ends', () => {
    expect(numberRange(1, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(numberRange(3, 3)).toEqual([3]);
  });

  it('steps up and down', () => {
    expect(numberRange(0, 10, 5)).toEqual([0, 5, 10]);
    expect(numberRange(10, 0, -5)).toEqual([10, 5, 0]);
    expect(numberRange(0, 9, 4)).toEqual([0, 4, 8]);
  });

  it('copes with fractional steps', () => {
    expect(numberRange(0, 1, 0.25)).toEqual([0, 0.25, 0.5, 0.75, 1]);
    expect(numberRange(0, 0.3, 0.1)).toHaveLength(4);
  });

  it('gives an empty list when the step points away from the end', () => {
    expect(numberRange(5, 1)).toEqual([]);
  });

  it('allows 1000 items', () => {
    const range = numberRange(1, 1000);
    expect(range).toHaveLength(1000);
    expect(range.at(-1)).toBe(1000);
  });

  it('throws for 1001 items', () => {
    expect(() => numberRange(1, 1001)).toThrow(RangeError);
    expect(() => numberRange(0, 1000)).toThrow(RangeError);
  });

  it('throws for a zero step or numbers that are not finite', () => {
    expect(() => numberRange(1, 5, 0)).toThrow(RangeError);
    expect(() => numberRange(1, Number.POSITIVE_INFINITY)).toThrow(RangeError);
    expect(() => numberRange(Number.NaN, 5)).toThrow(RangeError);
  });
});
