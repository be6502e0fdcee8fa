import { describe, expect, it } from 'vitest';
import { firstDueAt, nextDueAfter, occurrenceAt, type LocalDate } from './schedule';
import {
  firstSchedule,
  lastDoneFromText,
  lastDoneText,
  nextSeasonalDueAfter,
  seasonalOccurrenceAt,
} from './season-schedule';
import { climateZoneOf, monthsOfSeason, seasonApplies } from './climate';
import { seasonMonths, seasons } from './seasons';

const iso = (date: Date) => date.toISOString();
const NY = 'America/New_York';
const LA = 'America/Los_Angeles';
const HONOLULU = 'Pacific/Honolulu';

/** A place judged by its state alone: no ZIP code. */
const byState = (state: string | null) => ({ state, zip: null });

/** The local dates of the first `count` due dates after the anchor, as 'YYYY-MM-DD'. */
function walk(
  anchor: LocalDate,
  interval: number,
  months: readonly number[] | null,
  zone: string,
  count: number,
) {
  const dates: string[] = [];
  for (let n = 1; n <= count; n += 1) {
    const instant = seasonalOccurrenceAt(anchor, n, interval, months, zone);
    dates.push(new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(instant));
  }
  return dates;
}

describe('climate zones', () => {
  it.each([
    ['MN', 'cold'],
    ['ny', 'cold'],
    ['TX', 'mild'],
    ['CA', 'mild'],
    ['FL', 'warm'],
    ['HI', 'warm'],
    // A code the lists lack reads as mild rather than failing.
    ['ZZ', 'mild'],
    [null, 'mild'],
  ])('groups the state %s into the %s zone', (state, zone) => {
    expect(climateZoneOf(byState(state))).toBe(zone);
  });
  it('gives every season its months in every zone, in order and within the year', () => {
    for (const season of seasons) {
      for (const months of Object.values(seasonMonths[season])) {
        expect([...months].sort((a, b) => a - b)).toEqual(months);
        for (const month of months) expect(month >= 1 && month <= 12).toBe(true);
      }
    }
  });
  it('a frost task does not apply in Florida or Hawaii, but does in Texas and Maine', () => {
    expect(seasonApplies('beforeFrost', byState('FL'))).toBe(false);
    expect(seasonApplies('beforeFrost', byState('HI'))).toBe(false);
    expect(seasonApplies('beforeFrost', byState('TX'))).toBe(true);
    expect(seasonApplies('beforeFrost', byState('ME'))).toBe(true);
    expect(seasonApplies(null, byState('FL'))).toBe(true);
    expect(monthsOfSeason(null, byState('FL'))).toBeNull();
    expect(monthsOfSeason('beforeSummer', byState('MN'))).toEqual([5, 6]);
    expect(monthsOfSeason('beforeSummer', byState('AZ'))).toEqual([4, 5]);
    expect(monthsOfSeason('beforeSummer', byState('FL'))).toEqual([3, 4]);
  });
});

describe('seasonal due dates', () => {
  it('without a season, are the plain schedule', () => {
    const anchor = { year: 2026, month: 1, day: 31 };
    for (let n = 1; n <= 30; n += 1) {
      expect(iso(seasonalOccurrenceAt(anchor, n, 1, null, NY))).toBe(iso(occurrenceAt(anchor, n, 1, NY)));
    }
    const after = new Date('2027-03-02T00:00:00Z');
    expect(iso(nextSeasonalDueAfter(anchor, 3, null, NY, after))).toBe(
      iso(nextDueAfter(anchor, 3, NY, after)),
    );
  });
  it('annual, before summer in every zone', () => {
    const anchor = { year: 2026, month: 11, day: 24 };
    expect(walk(anchor, 12, monthsOfSeason('beforeSummer', byState('MN')), NY, 3)).toEqual([
      '2028-05-24',
      '2029-05-24',
      '2030-05-24',
    ]);
    // From a date in the season, a year later lands in the season again.
    expect(
      walk({ year: 2027, month: 4, day: 10 }, 12, monthsOfSeason('beforeSummer', byState('TX')), NY, 2),
    ).toEqual(['2028-04-10', '2029-04-10']);
    expect(
      walk({ year: 2027, month: 3, day: 10 }, 12, monthsOfSeason('beforeSummer', byState('FL')), NY, 2),
    ).toEqual(['2028-03-10', '2029-03-10']);
  });
  it.each([
    {
      what: 'semi-annual in spring and autumn alternates between the two',
      months: monthsOfSeason('springAndAutumn', byState('OH')),
      from: { year: 2026, month: 4, day: 15 },
      interval: 6,
      zone: NY,
      dates: ['2026-10-15', '2027-04-15', '2027-10-15', '2028-04-15'],
    },
    {
      what: 'monthly within a two-month season sends both months, then waits for next year',
      months: monthsOfSeason('spring', byState('NY')), // April and May
      from: { year: 2026, month: 4, day: 12 },
      interval: 1,
      zone: NY,
      dates: ['2026-05-12', '2027-04-12', '2027-05-12', '2028-04-12', '2028-05-12'],
    },
    {
      what: 'the 31st in a 30-day season month is the 30th, and the 31st again in the next 31-day month',
      months: monthsOfSeason('autumn', byState('NY')), // September, October
      from: { year: 2026, month: 8, day: 31 },
      interval: 1,
      zone: NY,
      dates: ['2026-09-30', '2026-10-31', '2027-09-30', '2027-10-31'],
    },
    {
      what: 'the 29th of February in a warm spring returns on leap years and is the 28th otherwise',
      months: monthsOfSeason('spring', byState('FL')), // February, March
      from: { year: 2028, month: 2, day: 29 },
      interval: 12,
      zone: HONOLULU,
      dates: ['2029-02-28', '2030-02-28', '2031-02-28', '2032-02-29'],
    },
  ])('$what', ({ months, from, interval, zone, dates }) => {
    expect(walk(from, interval, months, zone, dates.length)).toEqual(dates);
  });
  it('stays at 09:00 local across daylight-saving changes', () => {
    const months = monthsOfSeason('springAndAutumn', byState('CA')); // March, April, October, November
    const anchor = { year: 2026, month: 3, day: 8 };
    const dates = [1, 2, 3, 4].map((n) => iso(seasonalOccurrenceAt(anchor, n, 1, months, LA)));
    expect(dates).toEqual([
      '2026-04-08T16:00:00.000Z', // PDT
      '2026-10-08T16:00:00.000Z', // PDT
      '2026-11-08T17:00:00.000Z', // PST
      '2027-03-08T17:00:00.000Z', // PST: 8 March 2027 is before the change on the 14th
    ]);
    // 8 March 2026 is the day the clocks change in the United States: 09:00 PDT.
    expect(iso(seasonalOccurrenceAt(anchor, 0, 1, months, LA))).toBe('2026-03-08T16:00:00.000Z');
  });
  it('sending and resuming agree: the next date after any moment is the next one of the walk', () => {
    const months = monthsOfSeason('springAndAutumn', byState('MN'));
    const anchor = { year: 2025, month: 10, day: 31 };
    const walked = [1, 2, 3, 4, 5, 6, 7, 8].map((n) => seasonalOccurrenceAt(anchor, n, 2, months, NY));
    for (let i = 0; i < walked.length - 1; i += 1) {
      const sentAt = walked[i]!;
      expect(iso(nextSeasonalDueAfter(anchor, 2, months, NY, sentAt))).toBe(iso(walked[i + 1]!));
      // Resumed a little later, before the next date: the same.
      const later = new Date(sentAt.getTime() + 3 * 86_400_000);
      expect(iso(nextSeasonalDueAfter(anchor, 2, months, NY, later))).toBe(iso(walked[i + 1]!));
    }
  });
  it('resuming years later skips the missed dates', () => {
    const months = monthsOfSeason('beforeWinter', byState('IL')); // September, October
    const anchor = { year: 2020, month: 9, day: 5 };
    expect(iso(nextSeasonalDueAfter(anchor, 12, months, NY, new Date('2026-11-26T12:00:00Z')))).toBe(
      '2027-09-05T13:00:00.000Z',
    );
  });
  it('a season that no longer applies where the property is falls back to the plain schedule', () => {
    const anchor = { year: 2026, month: 9, day: 5 };
    const after = new Date('2026-11-26T12:00:00Z');
    expect(iso(nextSeasonalDueAfter(anchor, 12, [], NY, after))).toBe(
      iso(nextDueAfter(anchor, 12, NY, after)),
    );
  });
});

describe('the first due date of a new subscription', () => {
  const now = new Date('2026-11-24T15:00:00Z'); // 24 November 2026, 10:00 in New York
  /** A task asked for today in New York, never done and without a season, but for what `values` say. */
  const scheduleOf = (values: Partial<Parameters<typeof firstSchedule>[0]> & { intervalMonths: number }) =>
    firstSchedule({ now, months: null, lastDone: null, timeZone: NY, ...values });

  it('without a season and without "last done" is one interval from today, as always', () => {
    for (const interval of [1, 3, 6, 12, 24]) {
      const schedule = scheduleOf({ intervalMonths: interval });
      expect(iso(schedule!.nextDueAt)).toBe(iso(firstDueAt(now, interval, NY)));
      expect(schedule!.anchor).toEqual({ year: 2026, month: 11, day: 24 });
    }
  });
  it('a seasonal task never done falls due on the next season date', () => {
    const schedule = scheduleOf({
      intervalMonths: 12,
      months: monthsOfSeason('beforeSummer', byState('NJ')),
    });
    expect(iso(schedule!.nextDueAt)).toBe('2027-05-24T13:00:00.000Z');
    expect(schedule!.anchor).toEqual({ year: 2027, month: 5, day: 24 });
  });
  it('in a season month, "never" takes the next season date after today, not today', () => {
    const schedule = scheduleOf({
      now: new Date('2026-04-10T12:00:00Z'),
      intervalMonths: 12,
      months: monthsOfSeason('spring', byState('VT')),
    });
    expect(iso(schedule!.nextDueAt)).toBe('2026-05-10T13:00:00.000Z');
  });
  it('last done recently: one interval later, moved into the season', () => {
    const gutters = scheduleOf({
      intervalMonths: 6,
      months: monthsOfSeason('springAndAutumn', byState('NY')),
      lastDone: { year: 2026, month: 10 },
    });
    expect(iso(gutters!.nextDueAt)).toBe('2027-04-24T13:00:00.000Z');
    const filter = scheduleOf({ intervalMonths: 3, lastDone: { year: 2026, month: 9 } });
    expect(iso(filter!.nextDueAt)).toBe('2026-12-24T14:00:00.000Z');
    // What follows counts from the same anchor.
    expect(
      iso(
        nextSeasonalDueAfter(
          gutters!.anchor,
          6,
          monthsOfSeason('springAndAutumn', byState('NY')),
          NY,
          gutters!.nextDueAt,
        ),
      ),
    ).toBe('2027-10-24T13:00:00.000Z');
  });
  it('last done long ago, out of season: overdue, on the next season date', () => {
    const schedule = scheduleOf({
      intervalMonths: 12,
      months: monthsOfSeason('beforeSummer', byState('TX')),
      lastDone: { year: 2019, month: 6 },
      timeZone: 'America/Chicago',
    });
    expect(iso(schedule!.nextDueAt)).toBe('2027-04-24T14:00:00.000Z');
  });
  it('last done long ago, in season or without a season: overdue, due tomorrow', () => {
    const autumn = scheduleOf({
      intervalMonths: 12,
      months: monthsOfSeason('beforeWinter', byState('GA')), // October, November
      lastDone: { year: 2023, month: 10 },
    });
    expect(iso(autumn!.nextDueAt)).toBe('2026-11-25T14:00:00.000Z');
    const plain = scheduleOf({ intervalMonths: 1, lastDone: { year: 2026, month: 1 } });
    expect(iso(plain!.nextDueAt)).toBe('2026-11-25T14:00:00.000Z');
    // What follows counts from the overdue date.
    expect(iso(nextDueAfter(plain!.anchor, 1, NY, plain!.nextDueAt))).toBe('2026-12-25T14:00:00.000Z');
  });
  it('a due date of today is overdue, so it is never at a time already past', () => {
    const lateEvening = new Date('2026-12-25T03:00:00Z'); // 24 December, 22:00 in Chicago
    const schedule = scheduleOf({
      now: lateEvening,
      intervalMonths: 1,
      lastDone: { year: 2026, month: 11 },
      timeZone: 'America/Chicago',
    });
    expect(iso(schedule!.nextDueAt)).toBe('2026-12-25T15:00:00.000Z');
    expect(schedule!.nextDueAt.getTime()).toBeGreaterThan(lateEvening.getTime());
  });
  it('overdue on the last day of a leap February goes to 1 March', () => {
    const schedule = scheduleOf({
      now: new Date('2028-02-29T20:00:00Z'),
      intervalMonths: 12,
      lastDone: { year: 2025, month: 2 },
    });
    expect(iso(schedule!.nextDueAt)).toBe('2028-03-01T14:00:00.000Z');
  });
  it('last done on a day the target month lacks keeps the month end', () => {
    const schedule = scheduleOf({
      now: new Date('2026-10-31T15:00:00Z'),
      intervalMonths: 12,
      months: monthsOfSeason('autumn', byState('MN')), // September, October
      lastDone: { year: 2026, month: 9 },
    });
    expect(iso(schedule!.nextDueAt)).toBe('2027-09-30T13:00:00.000Z');
  });
  it('returns null where the season does not apply', () => {
    expect(
      scheduleOf({ intervalMonths: 12, months: monthsOfSeason('beforeFrost', byState('FL')) }),
    ).toBeNull();
  });
  it('in another zone, the day counts in that zone', () => {
    // 24 November 15:00 UTC is already 25 November in Tokyo.
    const schedule = scheduleOf({ intervalMonths: 12, timeZone: 'Asia/Tokyo' });
    expect(iso(schedule!.nextDueAt)).toBe('2027-11-25T00:00:00.000Z');
  });
});

describe('last done as text', () => {
  it('reads and writes a month', () => {
    expect(lastDoneFromText('2026-03')).toEqual({ year: 2026, month: 3 });
    expect(lastDoneFromText('2026-03-01')).toEqual({ year: 2026, month: 3 });
    expect(lastDoneFromText('2026-13')).toBeNull();
    expect(lastDoneFromText('')).toBeNull();
    expect(lastDoneText({ year: 2026, month: 3 })).toBe('2026-03');
  });
});
