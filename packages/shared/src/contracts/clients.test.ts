import { describe, expect, it } from 'vitest';
import { addMonths } from './clients';

describe('addMonths', () => {
  it('keeps the day of the month and the time of day', () => {
    expect(addMonths(new Date('2026-03-05T14:07:00Z'), 3).toISOString()).toBe('2026-06-05T14:07:00.000Z');
  });

  it('crosses the end of the year', () => {
    expect(addMonths(new Date('2026-11-15T00:00:00Z'), 3).toISOString()).toBe('2027-02-15T00:00:00.000Z');
    expect(addMonths(new Date('2026-01-15T00:00:00Z'), 24).toISOString()).toBe('2028-01-15T00:00:00.000Z');
  });

  it("falls back to the month's last day when the month is shorter", () => {
    expect(addMonths(new Date('2026-01-31T08:00:00Z'), 1).toISOString()).toBe('2026-02-28T08:00:00.000Z');
    expect(addMonths(new Date('2028-01-31T08:00:00Z'), 1).toISOString()).toBe('2028-02-29T08:00:00.000Z');
    expect(addMonths(new Date('2026-08-31T08:00:00Z'), 1).toISOString()).toBe('2026-09-30T08:00:00.000Z');
  });

  it('does not change its argument', () => {
    const from = new Date('2026-01-31T00:00:00Z');
    addMonths(from, 1);
    expect(from.toISOString()).toBe('2026-01-31T00:00:00.000Z');
  });
});
