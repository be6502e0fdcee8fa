/**
 * When reminder emails go (docs/decisions/102): on the due day or a few days ahead, as the home
 * chooses; one nudge a week after the due date when nobody replied; and never in the night of the
 * home's time zone.
 */
import { formatPerZone } from './format';
import { localDateOf, zonedInstant, type LocalDate } from './schedule';

/** How many days before the due date a home's reminders go: 0 is on the day. */
export const leadDayChoices = [0, 3, 7, 14] as const;
export type LeadDays = (typeof leadDayChoices)[number];

export const leadDayLabels: Record<LeadDays, string> = {
  0: 'On the day it is due',
  3: '3 days before',
  7: '1 week before',
  14: '2 weeks before',
};

export const reminderTimingWords = {
  legend: 'When to remind me',
  staffLegend: 'When reminders are sent',
  description: 'Reminders are emailed at about 9 in the morning.',
  changed: (label: string) => `Reminders for this home will now come ${label.toLowerCase()}.`,
  defaultLegend: "When new clients' homes get their reminders",
  defaultDescription: 'Each home starts with this; its owner or you can change it for the home.',
  defaultChanged: (label: string) => `New homes' reminders will come ${label.toLowerCase()}.`,
  leadDaysInvalid: 'Choose on the day, or 3, 7 or 14 days before.',
} as const;

/** A reminder nobody replied to is emailed once more this many days after its due date. */
export const NUDGE_AFTER_DAYS = 7;

/** Nothing is sent before 8:00 or from 21:00 on, in the home's time zone. */
export const quietHours = { endsAt: 8, startsAt: 21 } as const;

/** The first instant at or after `instant` outside the quiet hours of the zone. */
export function quietHoursAfter(instant: Date, timeZone: string): Date {
  const hour = Number(hourFormat(timeZone).format(instant));
  if (hour >= quietHours.endsAt && hour < quietHours.startsAt) return instant;
  const today = localDateOf(instant, timeZone);
  const morning = hour < quietHours.endsAt ? today : nextDay(today);
  return zonedInstant(morning, quietHours.endsAt, timeZone);
}

const hourFormat = formatPerZone({ hour: 'numeric', hourCycle: 'h23' });
const dateFormat = formatPerZone({ weekday: 'long', month: 'long', day: 'numeric' });
const fullFormat = formatPerZone({ weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' });

function nextDay(date: LocalDate): LocalDate {
  const next = new Date(Date.UTC(date.year, date.month - 1, date.day + 1));
  return { year: next.getUTCFullYear(), month: next.getUTCMonth() + 1, day: next.getUTCDate() };
}

/** Whole calendar days from one local date to another. */
function daysBetween(from: LocalDate, to: LocalDate): number {
  return Math.round(
    (Date.UTC(to.year, to.month - 1, to.day) - Date.UTC(from.year, from.month - 1, from.day)) / 86_400_000,
  );
}

/**
 * A due date as a reminder sent at `at` says it, in the zone: 'today', 'tomorrow, Saturday,
 * December 12', 'this Saturday, December 12' within the week, 'next Saturday, December 19' in the
 * week after, else the whole date; past dates as the whole date.
 */
export function dueInWords(due: Date, at: Date, timeZone: string): string {
  const days = daysBetween(localDateOf(at, timeZone), localDateOf(due, timeZone));
  if (days === 0) return `today, ${dateFormat(timeZone).format(due)}`;
  if (days === 1) return `tomorrow, ${dateFormat(timeZone).format(due)}`;
  if (days > 1 && days < 7) return `this ${dateFormat(timeZone).format(due)}`;
  if (days >= 7 && days < 14) return `next ${dateFormat(timeZone).format(due)}`;
  return fullFormat(timeZone).format(due);
}
