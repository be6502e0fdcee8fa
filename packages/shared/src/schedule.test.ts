import { describe, expect, it } from 'vitest';
import {
  addMonthsToDate,
  DEFAULT_TIME_ZONE,
  firstDueAt,
  followingDueAt,
  localDateOf,
  nextFutureDueAt,
  scheduleTimeZone,
  zonedInstant,
} from './schedule';

const iso = (date: Date) => date.toISOString();

describe('addMonthsToDate', () => {
  it('keeps the day of month', () => {
    expect(addMonthsToDate({ year: 2026, month: 3, day: 15 }, 3)).toEqual({ year: 2026, month: 6, day: 15 });
  });
  it('crosses the year', () => {
    expect(addMonthsToDate({ year: 2026, month: 11, day: 5 }, 3)).toEqual({ year: 2027, month: 2, day: 5 });
    expect(addMonthsToDate({ year: 2026, month: 12, day: 5 }, 24)).toEqual({ year: 2028, month: 12, day: 5 });
  });
  it('moves a day the month lacks to its last day', () => {
    expect(addMonthsToDate({ year: 2026, month: 1, day: 31 }, 1)).toEqual({ year: 2026, month: 2, day: 28 });
    expect(addMonthsToDate({ year: 2028, month: 1, day: 31 }, 1)).toEqual({ year: 2028, month: 2, day: 29 });
    expect(addMonthsToDate({ year: 2026, month: 3, day: 31 }, 1)).toEqual({ year: 2026, month: 4, day: 30 });
    expect(addMonthsToDate({ year: 2028, month: 2, day: 29 }, 12)).toEqual({ year: 2029, month: 2, day: 28 });
  });
});

describe('zonedInstant', () => {
  it('places the local hour in winter and in summer', () => {
    expect(iso(zonedInstant({ year: 2026, month: 1, day: 10 }, 9, 'America/New_York'))).toBe(
      '2026-01-10T14:00:00.000Z',
    );
    expect(iso(zonedInstant({ year: 2026, month: 7, day: 10 }, 9, 'America/New_York'))).toBe(
      '2026-07-10T13:00:00.000Z',
    );
    expect(iso(zonedInstant({ year: 2026, month: 7, day: 10 }, 9, 'Europe/Berlin'))).toBe(
      '2026-07-10T07:00:00.000Z',
    );
    expect(iso(zonedInstant({ year: 2026, month: 7, day: 10 }, 9, 'Australia/Sydney'))).toBe(
      '2026-07-09T23:00:00.000Z',
    );
  });
  it('keeps 09:00 on the days the clocks change', () => {
    // United States: spring forward on 8 March 2026, fall back on 1 November 2026.
    expect(iso(zonedInstant({ year: 2026, month: 3, day: 8 }, 9, 'America/Chicago'))).toBe(
      '2026-03-08T14:00:00.000Z',
    );
    expect(iso(zonedInstant({ year: 2026, month: 11, day: 1 }, 9, 'America/Chicago'))).toBe(
      '2026-11-01T15:00:00.000Z',
    );
  });
  it('moves a skipped hour forward and takes the first of a repeated hour', () => {
    // 02:00 on 8 March 2026 does not exist in New York: 03:00 EDT.
    expect(iso(zonedInstant({ year: 2026, month: 3, day: 8 }, 2, 'America/New_York'))).toBe(
      '2026-03-08T07:00:00.000Z',
    );
    // 01:00 on 1 November 2026 happens twice in New York: the first, still EDT.
    expect(iso(zonedInstant({ year: 2026, month: 11, day: 1 }, 1, 'America/New_York'))).toBe(
      '2026-11-01T05:00:00.000Z',
    );
    // 02:00 on 25 October 2026 happens twice in Berlin: the first, still CEST.
    expect(iso(zonedInstant({ year: 2026, month: 10, day: 25 }, 2, 'Europe/Berlin'))).toBe(
      '2026-10-25T00:00:00.000Z',
    );
  });
});

describe('due dates', () => {
  it('a new subscription falls due one interval later at 09:00 local', () => {
    // 23:30 in Los Angeles on 31 January is already 1 February in UTC: the local date counts.
    const from = new Date('2026-02-01T07:30:00Z');
    expect(localDateOf(from, 'America/Los_Angeles')).toEqual({ year: 2026, month: 1, day: 31 });
    expect(iso(firstDueAt(from, 1, 'America/Los_Angeles'))).toBe('2026-02-28T17:00:00.000Z');
    expect(iso(firstDueAt(from, 3, 'America/Los_Angeles'))).toBe('2026-04-30T16:00:00.000Z');
  });
  it('the following date crosses a clock change at the same local hour', () => {
    const winter = new Date('2026-02-15T14:00:00Z'); // 09:00 EST
    expect(iso(followingDueAt(winter, 1, 'America/New_York'))).toBe('2026-03-15T13:00:00.000Z'); // 09:00 EDT
  });
  it('resuming skips the dates missed while paused', () => {
    const due = new Date('2025-01-15T14:00:00Z');
    const now = new Date('2026-05-20T12:00:00Z');
    expect(iso(nextFutureDueAt(due, 3, 'America/New_York', now))).toBe('2026-07-15T13:00:00.000Z');
    expect(iso(nextFutureDueAt(due, 1, 'America/New_York', now))).toBe('2026-06-15T13:00:00.000Z');
    expect(iso(nextFutureDueAt(due, 12, 'America/New_York', now))).toBe('2027-01-15T14:00:00.000Z');
  });
  it('the next date is always after now, also when now is the due instant', () => {
    const due = new Date('2026-05-15T13:00:00Z');
    expect(iso(nextFutureDueAt(due, 1, 'America/New_York', due))).toBe('2026-06-15T13:00:00.000Z');
    const justBefore = new Date(due.getTime() - 1);
    expect(iso(nextFutureDueAt(new Date('2026-04-15T13:00:00Z'), 1, 'America/New_York', justBefore))).toBe(
      iso(due),
    );
  });
  it('a month-end date stays on month ends after a pause', () => {
    const due = new Date('2026-01-31T14:00:00Z');
    expect(iso(nextFutureDueAt(due, 1, 'America/New_York', new Date('2026-04-01T00:00:00Z')))).toBe(
      '2026-04-30T13:00:00.000Z',
    );
  });
});

describe('scheduleTimeZone', () => {
  it("takes the property's zone, else the corporation's, else the default", () => {
    expect(scheduleTimeZone('America/Denver', 'America/New_York')).toBe('America/Denver');
    expect(scheduleTimeZone(null, 'America/Chicago')).toBe('America/Chicago');
    expect(scheduleTimeZone('Not/AZone', undefined)).toBe(DEFAULT_TIME_ZONE);
  });
});
