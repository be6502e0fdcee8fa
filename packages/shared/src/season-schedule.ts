/**
 * Due dates of tasks with a season, and the first due date of a new subscription from when the
 * task was last done (docs/decisions/058). Pure date arithmetic, like `schedule.ts`: the server's
 * set-up, the bulk upload, the reminder service, resuming and the set-up form all count here.
 *
 * A schedule is its anchor (a local date), its interval and its months (null: any month). Due
 * date k+1 is the first season month at least one interval after due date k, on the anchor's day
 * of month (the month's last day when it is shorter). Without a season that is exactly
 * `occurrenceAt`: whole intervals from the anchor.
 */
import { monthNames } from './format';
import { localDateOf, nextDueAfter, REMINDER_LOCAL_HOUR, zonedInstant, type LocalDate } from './schedule';

/** A month a task was last done in; null for "Never / not sure". */
export interface LastDone {
  year: number;
  /** 1 to 12. */
  month: number;
}

const monthIndex = (date: { year: number; month: number }) => date.year * 12 + (date.month - 1);

function dateIn(index: number, day: number): LocalDate {
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return { year, month, day: Math.min(day, last) };
}

/** The first month at or after `index` that is one of `months` (every month when null). */
function seasonMonthFrom(index: number, months: readonly number[] | null): number {
  if (months === null) return index;
  if (months.length === 0) throw new RangeError('the season does not apply');
  for (let candidate = index; ; candidate += 1) {
    if (months.includes((candidate % 12) + 1)) return candidate;
  }
}

/** True when a season list leaves nothing out: the plain schedule, with its faster path. */
const anyMonth = (months: readonly number[] | null): months is null => months === null;

/** The month index of due date `n` (n = 0 is the anchor's own month). */
function occurrenceMonth(
  anchor: LocalDate,
  n: number,
  intervalMonths: number,
  months: readonly number[] | null,
) {
  let index = monthIndex(anchor);
  if (anyMonth(months)) return index + n * intervalMonths;
  for (let k = 0; k < n; k += 1) index = seasonMonthFrom(index + intervalMonths, months);
  return index;
}

/** Due date `n` of a seasonal schedule, at the local hour in the zone. */
export function seasonalOccurrenceAt(
  anchor: LocalDate,
  n: number,
  intervalMonths: number,
  months: readonly number[] | null,
  timeZone: string,
  hour = REMINDER_LOCAL_HOUR,
): Date {
  return zonedInstant(dateIn(occurrenceMonth(anchor, n, intervalMonths, months), anchor.day), hour, timeZone);
}

/**
 * The first due date strictly after `after`: where the reminder service puts a subscription once
 * it sent it, and where resuming puts an overdue one. Both count from the anchor, so they agree.
 * Without a season (or with one that does not apply where the property now is) it is
 * `nextDueAfter`, so subscriptions without a season keep their dates.
 */
export function nextSeasonalDueAfter(
  anchor: LocalDate,
  intervalMonths: number,
  months: readonly number[] | null,
  timeZone: string,
  after: Date,
  hour = REMINDER_LOCAL_HOUR,
): Date {
  if (intervalMonths < 1) throw new RangeError('the interval must be at least one month');
  if (months === null || months.length === 0)
    return nextDueAfter(anchor, intervalMonths, timeZone, after, hour);
  // Walk the months cheaply up to the month before `after`, then compare instants.
  const stopBefore = monthIndex(localDateOf(after, timeZone)) - 1;
  let index = monthIndex(anchor);
  for (;;) {
    index = seasonMonthFrom(index + intervalMonths, months);
    if (index < stopBefore) continue;
    const candidate = zonedInstant(dateIn(index, anchor.day), hour, timeZone);
    if (candidate.getTime() > after.getTime()) return candidate;
  }
}

/** How a new subscription's schedule starts: its anchor and its first due date. */
export interface FirstSchedule {
  anchor: LocalDate;
  nextDueAt: Date;
}

/** Compares two local dates: negative when `a` is earlier. */
function compareDates(a: LocalDate, b: LocalDate): number {
  return monthIndex(a) - monthIndex(b) || a.day - b.day;
}

function nextDay(date: LocalDate): LocalDate {
  const next = new Date(Date.UTC(date.year, date.month - 1, date.day + 1));
  return { year: next.getUTCFullYear(), month: next.getUTCMonth() + 1, day: next.getUTCDate() };
}

/** The first date after `today`, on today's day of month, in a season month. */
function nextSeasonDate(today: LocalDate, months: readonly number[]): LocalDate {
  let index = seasonMonthFrom(monthIndex(today), months);
  if (compareDates(dateIn(index, today.day), today) <= 0) index = seasonMonthFrom(index + 1, months);
  return dateIn(index, today.day);
}

/**
 * The schedule of a new subscription (or of one given a new frequency) started at `now`:
 * - without "last done", a task without a season is first due one interval from today (as
 *   always), a seasonal one on the next season date: today's day of month in the first season
 *   month after today;
 * - with "last done", one interval after that month (on today's day of month), moved into the
 *   season; when that is today or earlier the task is overdue and falls due tomorrow, or on the
 *   next season date when tomorrow is out of season. Never at a time already past.
 * Returns null when the task's season does not apply where the property is (`months` empty).
 */
export function firstSchedule(options: {
  now: Date;
  intervalMonths: number;
  /** The task's months at the property (`monthsOfSeason`): null for any month. */
  months: readonly number[] | null;
  lastDone: LastDone | null;
  timeZone: string;
  hour?: number;
}): FirstSchedule | null {
  const { now, intervalMonths, months, lastDone, timeZone, hour = REMINDER_LOCAL_HOUR } = options;
  if (months !== null && months.length === 0) return null;
  const today = localDateOf(now, timeZone);
  const startOn = (anchor: LocalDate): FirstSchedule => ({
    anchor,
    nextDueAt: zonedInstant(anchor, hour, timeZone),
  });
  if (!lastDone) {
    if (months === null) {
      return {
        anchor: today,
        nextDueAt: seasonalOccurrenceAt(today, 1, intervalMonths, null, timeZone, hour),
      };
    }
    return startOn(nextSeasonDate(today, months));
  }
  const anchor = dateIn(monthIndex(lastDone), today.day);
  const due = dateIn(occurrenceMonth(anchor, 1, intervalMonths, months), anchor.day);
  if (compareDates(due, today) > 0) {
    return { anchor, nextDueAt: zonedInstant(due, hour, timeZone) };
  }
  // Overdue: a schedule of its own from the day it falls due, so what follows agrees with it.
  const tomorrow = nextDay(today);
  if (months === null || months.includes(tomorrow.month)) return startOn(tomorrow);
  return startOn(nextSeasonDate(today, months));
}

/** "2026-03" (or a stored "2026-03-01") as a month last done; null for other text. */
export function lastDoneFromText(text: string | null | undefined): LastDone | null {
  const match = /^(\d{4})-(\d{2})(?:-\d{2})?$/.exec(text ?? '');
  if (!match) return null;
  const month = Number(match[2]);
  if (month < 1 || month > 12) return null;
  return { year: Number(match[1]), month };
}

/** A month last done as the form and the API write it: "2026-03". */
export function lastDoneText(lastDone: LastDone): string {
  return `${String(lastDone.year).padStart(4, '0')}-${String(lastDone.month).padStart(2, '0')}`;
}

/** The choice of a task whose last time nobody knows (the default). */
export const neverDoneLabel = 'Never / not sure';

/**
 * The months a person may say a task was last done in: this month and each before it, back ten
 * years, newest first, as "2026-11" with "November 2026" to read.
 */
export function lastDoneOptions(today: Date, timeZone: string): Array<{ value: string; label: string }> {
  const { year, month } = localDateOf(today, timeZone);
  const options = [];
  for (let back = 0; back < 120; back += 1) {
    const index = year * 12 + (month - 1) - back;
    const lastDone = { year: Math.floor(index / 12), month: (index % 12) + 1 };
    options.push({
      value: lastDoneText(lastDone),
      label: `${monthNames[lastDone.month - 1]} ${lastDone.year}`,
    });
  }
  return options;
}
