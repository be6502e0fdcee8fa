/**
 * Reminder scheduling: pure date arithmetic in a time zone, with no clock and no database.
 *
 * A reminder falls due at a fixed local hour (docs/decisions/024) of the property's time zone, or
 * the corporation's when the property has none. Intervals are whole months counted from the
 * schedule's anchor day (docs/decisions/052); a day that the target month lacks (the 31st in
 * April, the 29th in a common February) becomes that month's last day.
 */

/** Reminders fall due at 09:00 local time. */
export const REMINDER_LOCAL_HOUR = 9;
/** The zone of a corporation that never set one. */
export const DEFAULT_TIME_ZONE = 'America/New_York';

export interface LocalDate {
  year: number;
  /** 1 to 12. */
  month: number;
  day: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** True for an IANA zone name this runtime knows ('America/Chicago'). */
export function isValidTimeZone(timeZone: string): boolean {
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The zone to schedule in: the property's, else the corporation's, else the default; never invalid. */
export function scheduleTimeZone(...candidates: Array<string | null | undefined>): string {
  for (const candidate of candidates) {
    if (candidate && isValidTimeZone(candidate)) return candidate;
  }
  return DEFAULT_TIME_ZONE;
}

interface WallClock extends LocalDate {
  hour: number;
  minute: number;
  second: number;
}

/**
 * Wall clocks already read, by zone and instant: `formatToParts` is slow, and the reminder
 * dispatcher asks about the same few dates for every subscription of a batch.
 */
const wallClocks = new Map<string, Readonly<WallClock>>();
const wallClocksKept = 10_000;

function wallClock(instant: Date, timeZone: string): Readonly<WallClock> {
  const key = `${timeZone}|${instant.getTime()}`;
  const known = wallClocks.get(key);
  if (known) return known;
  const values: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(instant)) {
    if (part.type !== 'literal') values[part.type] = Number(part.value);
  }
  const wall = {
    year: values.year!,
    month: values.month!,
    day: values.day!,
    hour: values.hour!,
    minute: values.minute!,
    second: values.second!,
  };
  if (wallClocks.size >= wallClocksKept) wallClocks.clear();
  wallClocks.set(key, wall);
  return wall;
}

/** The zone's offset from UTC at that instant, in milliseconds (east positive). */
function offsetMs(instant: Date, timeZone: string): number {
  const wall = wallClock(instant, timeZone);
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  return asUtc - (instant.getTime() - instant.getUTCMilliseconds());
}

/** The calendar date an instant falls on in the zone. */
export function localDateOf(instant: Date, timeZone: string): LocalDate {
  const { year, month, day } = wallClock(instant, timeZone);
  return { year, month, day };
}

/**
 * The instant a local date and hour happen in the zone. An hour that does not exist (skipped by
 * a spring-forward change) is moved forward by the gap; an hour that happens twice (fall back)
 * is its first occurrence.
 */
export function zonedInstant(date: LocalDate, hour: number, timeZone: string): Date {
  const wallAsUtc = Date.UTC(date.year, date.month - 1, date.day, hour, 0, 0);
  // The offsets a day before and a day after: equal unless the clocks change that day.
  const offsets = [
    offsetMs(new Date(wallAsUtc - 86_400_000), timeZone),
    offsetMs(new Date(wallAsUtc + 86_400_000), timeZone),
  ];
  const valid = offsets
    .map((offset) => wallAsUtc - offset)
    .filter((instant, index) => offsetMs(new Date(instant), timeZone) === offsets[index]);
  // Both valid: the hour happens twice (or no change at all); take the first occurrence.
  if (valid.length > 0) return new Date(Math.min(...valid));
  // Neither: the hour is skipped; the same wall time read with the offset before the change.
  return new Date(wallAsUtc - Math.min(...offsets));
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The same day `months` later; the month's last day when it is shorter. */
export function addMonthsToDate(date: LocalDate, months: number): LocalDate {
  const index = date.year * 12 + (date.month - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  return { year, month, day: Math.min(date.day, daysInMonth(year, month)) };
}

/** The first due date of a new subscription (or of a new frequency): one interval from `from`. */
export function firstDueAt(
  from: Date,
  intervalMonths: number,
  timeZone: string,
  hour = REMINDER_LOCAL_HOUR,
): Date {
  return zonedInstant(addMonthsToDate(localDateOf(from, timeZone), intervalMonths), hour, timeZone);
}

/** The day a schedule counts from: the local date of `from` (docs/decisions/052). */
export function scheduleAnchor(from: Date, timeZone: string): LocalDate {
  return localDateOf(from, timeZone);
}

/**
 * The n-th due date of a schedule: n intervals after its anchor, on the anchor's day of month or
 * the month's last day when it is shorter. Counted from the anchor each time, never from the date
 * before, so a reminder anchored on the 31st comes back to the 31st after February.
 */
export function occurrenceAt(
  anchor: LocalDate,
  n: number,
  intervalMonths: number,
  timeZone: string,
  hour = REMINDER_LOCAL_HOUR,
): Date {
  return zonedInstant(addMonthsToDate(anchor, n * intervalMonths), hour, timeZone);
}

/**
 * The first due date of the schedule strictly after `after`: where a reminder just sent goes
 * next, and where one resumed after a pause goes. Both count from the anchor, so they agree, and
 * dates missed in between are skipped, never sent in a burst.
 */
export function nextDueAfter(
  anchor: LocalDate,
  intervalMonths: number,
  timeZone: string,
  after: Date,
  hour = REMINDER_LOCAL_HOUR,
): Date {
  if (intervalMonths < 1) throw new RangeError('the interval must be at least one month');
  // Jump close to `after` in one step, then walk.
  const afterDate = localDateOf(after, timeZone);
  const monthsBehind = (afterDate.year - anchor.year) * 12 + (afterDate.month - anchor.month);
  let n = Math.max(1, Math.floor(monthsBehind / intervalMonths) - 1);
  for (;;) {
    const candidate = occurrenceAt(anchor, n, intervalMonths, timeZone, hour);
    if (candidate.getTime() > after.getTime()) return candidate;
    n += 1;
  }
}

/** A date as the database writes it ('2026-03-05'), or undefined for other text. */
export function localDateFromText(text: string): LocalDate | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return undefined;
  return { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
}

/** A date as the database takes it: '2026-03-05'. */
export function localDateText(date: LocalDate): string {
  const two = (value: number) => String(value).padStart(2, '0');
  return `${String(date.year).padStart(4, '0')}-${two(date.month)}-${two(date.day)}`;
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/**
 * An instant as a `datetime-local` field shows it in the zone, 'YYYY-MM-DDTHH:mm': a form edits
 * times in the corporation's zone as its screens show them, not in the browser's.
 */
export function wallTimeText(instant: Date, timeZone: string): string {
  const wall = wallClock(instant, timeZone);
  return `${pad(wall.year, 4)}-${pad(wall.month)}-${pad(wall.day)}T${pad(wall.hour)}:${pad(wall.minute)}`;
}

/** The instant a `datetime-local` text ('YYYY-MM-DDTHH:mm') names in the zone; undefined for other text. */
export function instantOfWallTime(text: string, timeZone: string): Date | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(text);
  if (!match) return undefined;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  return new Date(zonedInstant({ year, month, day }, hour, timeZone).getTime() + minute * 60_000);
}
