import { describe, expect, it } from 'vitest';
import { monthsOfSeason } from '@homeminder/shared/climate';
import { formatDueDateInWords } from '@homeminder/shared/due-date';
import { zonedInstant } from '@homeminder/shared/schedule';
import {
  doneOnProblem,
  putOffDate,
  realLocalDate,
  scheduleAfterDone,
  type ReplySchedule,
} from './reply-dates';

const zone = 'America/Chicago';
const words = (at: Date | null) => (at ? formatDueDateInWords(at, zone) : null);
/** `hour` o'clock on a date, in the zone. */
const local = (hour: number, date: string) => zonedInstant(realLocalDate(date)!, hour, zone);

describe('"done": the next due date counts from the day it was done', () => {
  const monthly = { intervalMonths: 1, months: null, timeZone: zone };

  it('one interval after the done day, at 09:00 local', () => {
    const next = scheduleAfterDone(
      { ...monthly, intervalMonths: 3 },
      { year: 2026, month: 11, day: 20 },
      local(15, '2026-11-24'),
    );
    expect(next.anchor).toEqual({ year: 2026, month: 11, day: 20 });
    expect(next.nextDueAt.toISOString()).toBe('2027-02-20T15:00:00.000Z');
  });

  it('keeps month ends: done on January 31, monthly, is due on the last of February', () => {
    const next = scheduleAfterDone(monthly, { year: 2027, month: 1, day: 31 }, local(15, '2027-01-31'));
    expect(words(next.nextDueAt)).toBe('Sunday, February 28, 2027');
  });

  it('never gives a date already past, even for a done day long ago', () => {
    const next = scheduleAfterDone(monthly, { year: 2026, month: 6, day: 10 }, local(15, '2026-11-24'));
    expect(words(next.nextDueAt)).toBe('Thursday, December 10, 2026');
  });

  it('done before the reminder hour today is still due one interval on, not today', () => {
    const next = scheduleAfterDone(monthly, { year: 2026, month: 11, day: 24 }, local(7, '2026-11-24'));
    expect(words(next.nextDueAt)).toBe('Thursday, December 24, 2026');
  });

  it('lands a seasonal task in its season, one interval on at least', () => {
    // Spring in a cold state: April and May. Done in April, yearly: due next April.
    const spring = monthsOfSeason('spring', { state: 'MN', zip: '55401' });
    expect(spring).toEqual([4, 5]);
    const yearly = scheduleAfterDone(
      { intervalMonths: 12, months: spring, timeZone: zone },
      { year: 2026, month: 4, day: 15 },
      local(15, '2026-04-15'),
    );
    expect(words(yearly.nextDueAt)).toBe('Thursday, April 15, 2027');
    // Every 6 months from May 31 would be November: the season moves it to April, whose last day is the 30th.
    const halfYearly = scheduleAfterDone(
      { intervalMonths: 6, months: spring, timeZone: zone },
      { year: 2026, month: 5, day: 31 },
      local(15, '2026-06-02'),
    );
    expect(words(halfYearly.nextDueAt)).toBe('Friday, April 30, 2027');
  });

  it('takes today and up to a year back as a done day, and real dates only', () => {
    const today = { year: 2026, month: 11, day: 24 };
    expect(doneOnProblem(today, today)).toBeNull();
    expect(doneOnProblem({ year: 2026, month: 11, day: 25 }, today)).toBe('future');
    expect(doneOnProblem({ year: 2025, month: 11, day: 24 }, today)).toBeNull();
    expect(doneOnProblem({ year: 2025, month: 11, day: 1 }, today)).toBe('tooOld');
    expect(realLocalDate('2027-02-29')).toBeUndefined();
    expect(realLocalDate('2028-02-29')).toEqual({ year: 2028, month: 2, day: 29 });
    expect(realLocalDate('29/02/2028')).toBeUndefined();
  });
});

describe('"remind me later": a week on, the schedule kept', () => {
  // Monthly from the 31st: due October 31, then November 30, December 31.
  const monthly: ReplySchedule = {
    anchorOn: '2026-08-31',
    nextDueAt: local(9, '2026-11-30'),
    intervalMonths: 1,
    months: null,
    timeZone: zone,
  };
  const shown = local(9, '2026-10-31');

  it('moves the occurrence a week from its due date, at the reminder hour', () => {
    expect(words(putOffDate(monthly, shown, local(10, '2026-10-31')))).toBe('Saturday, November 7, 2026');
  });

  it('counts the week from today when the email is read late', () => {
    expect(words(putOffDate(monthly, shown, local(10, '2026-11-05')))).toBe('Thursday, November 12, 2026');
  });

  it('a put-off occurrence moves again from its new date', () => {
    expect(words(putOffDate(monthly, local(9, '2026-11-07'), local(10, '2026-11-07')))).toBe(
      'Saturday, November 14, 2026',
    );
  });

  it('refuses to reach the next regular due date, which comes anyway', () => {
    expect(putOffDate(monthly, shown, local(10, '2026-11-23'))).toBeNull();
    // From the short February's last day a week on is still before March 31.
    const february = { ...monthly, nextDueAt: local(9, '2027-03-31') };
    expect(words(putOffDate(february, local(9, '2027-02-28'), local(10, '2027-02-28')))).toBe(
      'Sunday, March 7, 2027',
    );
  });

  it('refuses an email older than the last reminder sent', () => {
    const movedOn = { ...monthly, nextDueAt: local(9, '2026-12-31') };
    expect(putOffDate(movedOn, shown, local(10, '2026-10-31'))).toBeNull();
  });

  it('keeps a seasonal schedule: the next regular date is the season’s', () => {
    const spring: ReplySchedule = {
      anchorOn: '2026-04-15',
      nextDueAt: local(9, '2027-04-15'),
      intervalMonths: 12,
      months: [3, 4, 5],
      timeZone: zone,
    };
    expect(words(putOffDate(spring, local(9, '2026-04-15'), local(10, '2026-04-15')))).toBe(
      'Wednesday, April 22, 2026',
    );
  });
});
