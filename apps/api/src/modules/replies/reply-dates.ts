import { putOffDays } from '@homeminder/shared/reply-words';
import {
  localDateFromText,
  localDateOf,
  REMINDER_LOCAL_HOUR,
  scheduleAnchor,
  zonedInstant,
  type LocalDate,
} from '@homeminder/shared/schedule';
import { nextSeasonalDueAfter } from '@homeminder/shared/season-schedule';

/** What the date rules of a reply need to know of a subscription. */
export interface ReplySchedule {
  anchorOn: string;
  nextDueAt: Date;
  intervalMonths: number;
  /** The season's months where the property is (`monthsOfSeason`); null for any month. */
  months: readonly number[] | null;
  /** The property's zone, else the corporation's (`scheduleTimeZone`). */
  timeZone: string;
}

const addDays = (date: LocalDate, days: number): LocalDate => {
  const moved = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: moved.getUTCFullYear(), month: moved.getUTCMonth() + 1, day: moved.getUTCDate() };
};

const dayNumber = (date: LocalDate) => Date.UTC(date.year, date.month - 1, date.day) / 86_400_000;

/**
 * "Done" on `doneOn`: the schedule starts again from that day. It becomes the anchor, and the next
 * due date is the first one of the schedule after both the done day's reminder hour and now, by
 * the rule every other due date follows (season months included, month ends kept): one interval
 * on, moved into the season.
 */
export function scheduleAfterDone(
  schedule: Pick<ReplySchedule, 'intervalMonths' | 'months' | 'timeZone'>,
  doneOn: LocalDate,
  now: Date,
): { anchor: LocalDate; nextDueAt: Date } {
  const doneAt = zonedInstant(doneOn, REMINDER_LOCAL_HOUR, schedule.timeZone);
  const after = doneAt.getTime() > now.getTime() ? doneAt : now;
  const months = schedule.months && schedule.months.length > 0 ? schedule.months : null;
  return {
    anchor: doneOn,
    nextDueAt: nextSeasonalDueAfter(doneOn, schedule.intervalMonths, months, schedule.timeZone, after),
  };
}

/** Why a done date is refused, or null: not after today, and at most a year before it. */
export function doneOnProblem(doneOn: LocalDate, today: LocalDate): 'future' | 'tooOld' | null {
  if (dayNumber(doneOn) > dayNumber(today)) return 'future';
  if (dayNumber(doneOn) < dayNumber(today) - 366) return 'tooOld';
  return null;
}

/** A local date from 'YYYY-MM-DD' that names a real day; undefined otherwise. */
export function realLocalDate(text: string): LocalDate | undefined {
  const date = localDateFromText(text);
  if (!date) return undefined;
  const back = addDays(date, 0);
  return back.year === date.year && back.month === date.month && back.day === date.day ? date : undefined;
}

/**
 * "Remind me later" on the email of `shownDueAt`: that occurrence moves a week on, at the
 * reminder hour, counted from its due date, or from today when the email is read more than a week
 * late. The anchor stays, so every later occurrence keeps its date. Returns null when the move
 * would reach the schedule's next regular due date (that reminder comes anyway), or when that one
 * has been sent already (the email is out of date).
 */
export function putOffDate(schedule: ReplySchedule, shownDueAt: Date, now: Date): Date | null {
  const { timeZone } = schedule;
  const from = shownDueAt.getTime() > now.getTime() ? shownDueAt : now;
  const movedTo = zonedInstant(
    addDays(localDateOf(from, timeZone), putOffDays),
    REMINDER_LOCAL_HOUR,
    timeZone,
  );
  const anchor = localDateFromText(schedule.anchorOn) ?? scheduleAnchor(schedule.nextDueAt, timeZone);
  const months = schedule.months && schedule.months.length > 0 ? schedule.months : null;
  const regularNext = nextSeasonalDueAfter(anchor, schedule.intervalMonths, months, timeZone, shownDueAt);
  // A reminder newer than this one has been sent already: this email is out of date.
  if (schedule.nextDueAt.getTime() > regularNext.getTime()) return null;
  return movedTo.getTime() < regularNext.getTime() ? movedTo : null;
}

/** Today in the zone. */
export const todayIn = (now: Date, timeZone: string): LocalDate => localDateOf(now, timeZone);
