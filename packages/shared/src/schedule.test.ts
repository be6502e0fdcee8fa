import { describe, expect, it } from 'vitest';
import {
  addMonthsToDate,
  DEFAULT_TIME_ZONE,
  firstDueAt,
  localDateOf,
  localDateFromText,
  localDateText,
  nextDueAfter,
  occurrenceAt,
  scheduleAnchor,
  scheduleTimeZone,
  instantOfWallTime,
  wallTimeText,
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
  it.each([
    // The local hour in winter and in summer.
    [{ year: 2026, month: 1, day: 10 }, 9, 'America/New_York', '2026-01-10T14:00:00.000Z'],
    [{ year: 2026, month: 7, day: 10 }, 9, 'America/New_York', '2026-07-10T13:00:00.000Z'],
    [{ year: 2026, month: 7, day: 10 }, 9, 'Europe/Berlin', '2026-07-10T07:00:00.000Z'],
    [{ year: 2026, month: 7, day: 10 }, 9, 'Australia/Sydney', '2026-07-09T23:00:00.000Z'],
    // 09:00 is kept on the days the clocks change in the United States: spring forward on
    // 8 March 2026, fall back on 1 November 2026.
    [{ year: 2026, month: 3, day: 8 }, 9, 'America/Chicago', '2026-03-08T14:00:00.000Z'],
    [{ year: 2026, month: 11, day: 1 }, 9, 'America/Chicago', '2026-11-01T15:00:00.000Z'],
    // A skipped hour moves forward: 02:00 on 8 March 2026 does not exist in New York, 03:00 EDT.
    [{ year: 2026, month: 3, day: 8 }, 2, 'America/New_York', '2026-03-08T07:00:00.000Z'],
    // A repeated hour is the first: 01:00 on 1 November 2026 happens twice in New York, the first
    // still EDT; 02:00 on 25 October 2026 twice in Berlin, the first still CEST.
    [{ year: 2026, month: 11, day: 1 }, 1, 'America/New_York', '2026-11-01T05:00:00.000Z'],
    [{ year: 2026, month: 10, day: 25 }, 2, 'Europe/Berlin', '2026-10-25T00:00:00.000Z'],
  ])('places %j at %i:00 in %s at %s', (date, hour, zone, instant) => {
    expect(iso(zonedInstant(date, hour, zone))).toBe(instant);
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
    const anchor = localDateOf(winter, 'America/New_York');
    expect(iso(nextDueAfter(anchor, 1, 'America/New_York', winter))).toBe('2026-03-15T13:00:00.000Z'); // 09:00 EDT
  });
  it('resuming skips the dates missed while paused', () => {
    const anchor = localDateOf(new Date('2025-01-15T14:00:00Z'), 'America/New_York');
    const now = new Date('2026-05-20T12:00:00Z');
    expect(iso(nextDueAfter(anchor, 3, 'America/New_York', now))).toBe('2026-07-15T13:00:00.000Z');
    expect(iso(nextDueAfter(anchor, 1, 'America/New_York', now))).toBe('2026-06-15T13:00:00.000Z');
    expect(iso(nextDueAfter(anchor, 12, 'America/New_York', now))).toBe('2027-01-15T14:00:00.000Z');
  });
  it('the next date is always after now, also when now is the due instant', () => {
    const due = new Date('2026-05-15T13:00:00Z');
    const anchor = localDateOf(due, 'America/New_York');
    expect(iso(nextDueAfter(anchor, 1, 'America/New_York', due))).toBe('2026-06-15T13:00:00.000Z');
    const justBefore = new Date(due.getTime() - 1);
    expect(iso(nextDueAfter({ year: 2026, month: 4, day: 15 }, 1, 'America/New_York', justBefore))).toBe(
      iso(due),
    );
  });
  it('a month-end date stays on month ends after a pause', () => {
    const anchor = { year: 2026, month: 1, day: 31 };
    expect(iso(nextDueAfter(anchor, 1, 'America/New_York', new Date('2026-04-01T00:00:00Z')))).toBe(
      '2026-04-30T13:00:00.000Z',
    );
  });
});

describe('a schedule anchored on the day it started', () => {
  const zone = 'America/New_York';
  /** The local dates of the first `count` due dates, each counted from the one before, as sending does. */
  function sentDates(anchorText: string, interval: number, count: number): string[] {
    const anchor = localDateFromText(anchorText)!;
    const dates: string[] = [];
    let after = zonedInstant(anchor, 9, zone);
    for (let index = 0; index < count; index += 1) {
      after = nextDueAfter(anchor, interval, zone, after);
      dates.push(localDateText(localDateOf(after, zone)));
    }
    return dates;
  }

  it('keeps a month-end reminder at month end, month after month', () => {
    expect(sentDates('2025-12-31', 1, 6)).toEqual([
      '2026-01-31',
      '2026-02-28',
      '2026-03-31',
      '2026-04-30',
      '2026-05-31',
      '2026-06-30',
    ]);
  });
  it('keeps the 29th and 30th through February, in common and leap years', () => {
    expect(sentDates('2027-12-30', 1, 4)).toEqual(['2028-01-30', '2028-02-29', '2028-03-30', '2028-04-30']);
    expect(sentDates('2026-12-29', 1, 3)).toEqual(['2027-01-29', '2027-02-28', '2027-03-29']);
  });
  it('keeps 29 February on leap years only, yearly', () => {
    expect(sentDates('2027-02-28', 12, 1)).toEqual(['2028-02-28']);
    expect(sentDates('2028-02-29', 12, 5)).toEqual([
      '2029-02-28',
      '2030-02-28',
      '2031-02-28',
      '2032-02-29',
      '2033-02-28',
    ]);
  });
  it('keeps the anchor day quarterly across month ends', () => {
    expect(sentDates('2026-08-31', 3, 4)).toEqual(['2026-11-30', '2027-02-28', '2027-05-31', '2027-08-31']);
  });
  it('resuming after a pause lands on the date that sending would have reached', () => {
    const anchor = localDateFromText('2025-12-31')!;
    // Paused from February to mid-May: the next date is 31 May, as if every reminder had been sent.
    const resumed = nextDueAfter(anchor, 1, zone, new Date('2026-05-14T12:00:00Z'));
    expect(localDateText(localDateOf(resumed, zone))).toBe('2026-05-31');
    expect(sentDates('2025-12-31', 1, 5)).toContain('2026-05-31');
    // And on the due instant itself, the date after it.
    expect(iso(nextDueAfter(anchor, 1, zone, occurrenceAt(anchor, 5, 1, zone)))).toBe(
      iso(occurrenceAt(anchor, 6, 1, zone)),
    );
  });
  it('the first due date is one interval after the anchor, which is the day it starts', () => {
    const from = new Date('2026-02-01T03:30:00Z'); // 22:30 on 31 January in New York
    const anchor = scheduleAnchor(from, zone);
    expect(anchor).toEqual({ year: 2026, month: 1, day: 31 });
    expect(iso(occurrenceAt(anchor, 1, 1, zone))).toBe(iso(firstDueAt(from, 1, zone)));
    expect(iso(nextDueAfter(anchor, 1, zone, from))).toBe(iso(firstDueAt(from, 1, zone)));
  });
  it('reads and writes a date as the database keeps it', () => {
    expect(localDateFromText('2028-02-29')).toEqual({ year: 2028, month: 2, day: 29 });
    expect(localDateText({ year: 2026, month: 3, day: 5 })).toBe('2026-03-05');
    expect(localDateFromText('not a date')).toBeUndefined();
  });
});

describe('scheduleTimeZone', () => {
  it("takes the property's zone, else the corporation's, else the default", () => {
    expect(scheduleTimeZone('America/Denver', 'America/New_York')).toBe('America/Denver');
    expect(scheduleTimeZone(null, 'America/Chicago')).toBe('America/Chicago');
    expect(scheduleTimeZone('Not/AZone', undefined)).toBe(DEFAULT_TIME_ZONE);
  });
});

describe('wall times of a datetime-local field', () => {
  it('reads and writes a moment in the corporation zone, whatever the zone of the machine', () => {
    const moment = new Date('2026-11-28T18:52:00Z');
    expect(wallTimeText(moment, 'America/New_York')).toBe('2026-11-28T13:52');
    expect(wallTimeText(moment, 'Asia/Tokyo')).toBe('2026-11-29T03:52');
    expect(instantOfWallTime('2026-11-28T13:52', 'America/New_York')).toEqual(moment);
    expect(instantOfWallTime('2026-07-01T09:05', 'America/New_York')).toEqual(
      new Date('2026-07-01T13:05:00Z'),
    );
  });

  it('refuses text that is not a wall time', () => {
    expect(instantOfWallTime('', 'UTC')).toBeUndefined();
    expect(instantOfWallTime('2026-11-28', 'UTC')).toBeUndefined();
  });
});
