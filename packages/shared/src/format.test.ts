import { describe, expect, it } from 'vitest';
import {
  formatCost,
  allOf,
  formatCount,
  formatCurrency,
  formatDate,
  formatDateTime,
  formatDay,
  formatNumber,
  formatPhone,
  plural,
} from './format';

describe('formatCost', () => {
  it('writes whole dollars without cents and keeps the cents a receipt has', () => {
    expect(formatCost(2400)).toBe('$2,400');
    expect(formatCost(185.5)).toBe('$185.50');
    expect(formatCost(0.1 + 0.2)).toBe('$0.30');
    expect(formatCost(Number.NaN)).toBe('');
  });
});

describe('formatCurrency', () => {
  it.each([
    [1234.5, '$1,235'],
    [1234.49, '$1,234'],
    [0, '$0'],
    [0.5, '$1'],
    [999999.99, '$1,000,000'],
    [-20, '-$20'],
    [-1234.5, '-$1,235'],
    [-0.4, '$0'],
  ])('formats %s as %s', (value, text) => {
    expect(formatCurrency(value)).toBe(text);
  });

  it('prints nothing for a value that is not a number', () => {
    expect(formatCurrency(Number.NaN)).toBe('');
    expect(formatCurrency(Number.POSITIVE_INFINITY)).toBe('');
  });
});

describe('formatDateTime', () => {
  const instant = new Date('2026-03-05T14:07:00Z');

  it('prints the required DDMMMYYYY hh:mm on the 24-hour clock', () => {
    expect(formatDateTime(instant, 'UTC')).toBe('05MAR2026 14:07');
  });

  it('converts to the given time zone', () => {
    expect(formatDateTime(instant, 'America/New_York')).toBe('05MAR2026 09:07');
    expect(formatDateTime('2026-03-05T02:30:00Z', 'America/Los_Angeles')).toBe('04MAR2026 18:30');
  });

  it('prints midnight as 00, not 24', () => {
    expect(formatDateTime('2026-01-01T00:05:00Z', 'UTC')).toBe('01JAN2026 00:05');
  });

  it('accepts text and epoch milliseconds', () => {
    expect(formatDateTime('2026-03-05T14:07:00Z', 'UTC')).toBe('05MAR2026 14:07');
    expect(formatDateTime(instant.getTime(), 'UTC')).toBe('05MAR2026 14:07');
  });

  it.each([
    ['2026-01-15', 'JAN'],
    ['2026-02-15', 'FEB'],
    ['2026-03-15', 'MAR'],
    ['2026-04-15', 'APR'],
    ['2026-05-15', 'MAY'],
    ['2026-06-15', 'JUN'],
    ['2026-07-15', 'JUL'],
    ['2026-08-15', 'AUG'],
    ['2026-09-15', 'SEP'],
    ['2026-10-15', 'OCT'],
    ['2026-11-15', 'NOV'],
    ['2026-12-15', 'DEC'],
  ])('prints %s with the month %s', (day, month) => {
    expect(formatDay(day)).toBe(`15${month}2026`);
  });

  it('prints nothing for an invalid date', () => {
    expect(formatDateTime('not a date', 'UTC')).toBe('');
    expect(formatDateTime(new Date(Number.NaN), 'UTC')).toBe('');
  });

  it('prints one moment as each corporation reads it, whatever the zone of the machine', () => {
    // The same moment an audit entry and a due date once showed as 04:52 and 13:50.
    const moment = '2026-11-28T18:52:00Z';
    expect(formatDateTime(moment, 'America/New_York')).toBe('28NOV2026 13:52');
    expect(formatDateTime(moment, 'Asia/Tokyo')).toBe('29NOV2026 03:52');
    expect(formatDateTime(moment, 'Europe/London')).toBe('28NOV2026 18:52');
  });
});

describe('formatDate', () => {
  it('prints DDMMMYYYY', () => {
    expect(formatDate(new Date('2026-03-05T14:07:00Z'), 'UTC')).toBe('05MAR2026');
  });

  it('prints a date-only text as the day written, whatever the zone', () => {
    expect(formatDate('2026-03-05', 'America/Los_Angeles')).toBe('05MAR2026');
    expect(formatDate('2026-03-05', 'Asia/Tokyo')).toBe('05MAR2026');
    expect(formatDateTime('2026-03-05', 'America/Los_Angeles')).toBe('05MAR2026 00:00');
  });

  it('prints nothing for an invalid date', () => {
    expect(formatDate('', 'UTC')).toBe('');
  });
});

describe('formatDay', () => {
  it('prints a calendar day as written, with no zone', () => {
    expect(formatDay('2026-03-05')).toBe('05MAR2026');
  });

  it('pads early years to four digits', () => {
    expect(formatDay('0999-12-31')).toBe('31DEC0999');
  });

  it('prints nothing for text that is not a calendar day', () => {
    expect(formatDay('')).toBe('');
    expect(formatDay('2026-03-05T10:00:00Z')).toBe('');
  });
});

describe('formatNumber', () => {
  it('prints -0 as 0 and keeps decimals', () => {
    expect(formatNumber(-0)).toBe('0');
    expect(formatNumber(1234.5)).toBe('1,234.5');
  });

  it('groups thousands and prints nothing for a non-number', () => {
    expect(formatNumber(1234567)).toBe('1,234,567');
    expect(formatNumber(0)).toBe('0');
    expect(formatNumber(Number.NaN)).toBe('');
  });
});

describe('formatCount and plural', () => {
  it('uses the singular for exactly one and the plural otherwise', () => {
    expect(formatCount(1, 'client')).toBe('1 client');
    expect(formatCount(0, 'client')).toBe('0 clients');
    expect(formatCount(2, 'row')).toBe('2 rows');
    expect(formatCount(1200, 'row')).toBe('1,200 rows');
  });

  it('takes a plural that is not the singular with an s', () => {
    expect(formatCount(3, 'property', 'properties')).toBe('3 properties');
    expect(plural(1, 'needs', 'need')).toBe('needs');
    expect(plural(5, 'needs', 'need')).toBe('need');
    expect(plural(1, 'is', 'are')).toBe('is');
  });

  it('names a whole group by its count, "The 1 user" rather than "All 1 users"', () => {
    expect(allOf(1, 'user')).toBe('The 1 user');
    expect(allOf(12, 'user')).toBe('All 12 users');
    expect(allOf(2, 'property', 'properties')).toBe('All 2 properties');
  });
});

describe('formatPhone', () => {
  it('writes the ten digits kept as a US number', () => {
    expect(formatPhone('5551234567')).toBe('(555) 123-4567');
  });

  it('leaves anything else as it is, and no number empty', () => {
    expect(formatPhone('(555) 123-4567')).toBe('(555) 123-4567');
    expect(formatPhone('12345')).toBe('12345');
    expect(formatPhone(null)).toBe('');
    expect(formatPhone(undefined)).toBe('');
  });
});
