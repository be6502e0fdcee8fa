/**
 * How often a homeowner hears from us (docs/decisions/103): an email for each reminder, or one
 * email a month with the month's tasks; and how we slow down for a client who never answers.
 */
import { zonedInstant, localDateOf, type LocalDate } from './schedule';

export const emailCadences = ['each', 'monthly'] as const;
export type EmailCadence = (typeof emailCadences)[number];

/** What the dispatcher does for a client: the choice, or less for the quiet; `none` sends nothing. */
export type HeardCadence = EmailCadence | 'none';

export const emailCadenceLabels: Record<EmailCadence, string> = {
  each: 'An email for each reminder',
  monthly: 'One email a month',
};

export const emailCadenceWords = {
  legend: 'How often to email me',
  staffLegend: 'How often reminders are emailed',
  description:
    'The monthly email comes on the first Saturday of the month with everything due before the next one, anything overdue first.',
  changed: (label: string) => `Done. From now on: ${label.toLowerCase()}.`,
  defaultLegend: 'How often new clients get reminder emails',
  defaultDescription: 'Each new client starts with this; the client or you can change it.',
  defaultChanged: (label: string) => `New clients will get ${label.toLowerCase()}.`,
  cadenceInvalid: 'Choose an email for each reminder or one email a month.',
  nothingChosen: 'Choose when reminders are sent or how often clients are emailed.',
  /** Shown to staff beside a quiet client. */
  quietNote: (count: number, heard: HeardCadence) =>
    heard === 'none'
      ? `No answer to the last ${count} reminders, so reminder emails have stopped until the client answers one.`
      : `No answer to the last ${count} reminders, so reminders now come once a month until the client answers one.`,
} as const;

/**
 * A client who answered none of their last reminders (no reply and no click on a link) is sent
 * fewer: the monthly email after `monthly` of them, nothing after `none`. Any answer restores
 * their own choice.
 */
export const quietAfter = { monthly: 6, none: 12 } as const;

/** What a client hears, from their choice and how many reminders in a row went unanswered. */
export function heardCadence(choice: EmailCadence, unanswered: number): HeardCadence {
  if (unanswered >= quietAfter.none) return 'none';
  if (unanswered >= quietAfter.monthly) return 'monthly';
  return choice;
}

/** The monthly email goes at this local hour of the first Saturday of each month. */
export const MONTHLY_EMAIL_HOUR = 9;

/** The first Saturday of a month, as a local date. */
export function firstSaturday(year: number, month: number): LocalDate {
  const weekday = new Date(Date.UTC(year, month - 1, 1)).getUTCDay();
  return { year, month, day: 1 + ((6 - weekday + 7) % 7) };
}

/**
 * The month whose monthly email is due at `at` in the zone (its first day, 'YYYY-MM-01'), once the
 * first Saturday's morning has come; before it, the month before. The email covers what is due
 * until the next one (`coversUntil`), so no task falls between two emails.
 */
export function monthlyEmailDue(at: Date, timeZone: string): { month: string; coversUntil: Date } {
  const today = localDateOf(at, timeZone);
  const sendsAt = (year: number, month: number) =>
    zonedInstant(firstSaturday(year, month), MONTHLY_EMAIL_HOUR, timeZone);
  const shift = (year: number, month: number, by: number) => {
    const date = new Date(Date.UTC(year, month - 1 + by, 1));
    return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1 };
  };
  const current =
    at.getTime() >= sendsAt(today.year, today.month).getTime()
      ? { year: today.year, month: today.month }
      : shift(today.year, today.month, -1);
  const next = shift(current.year, current.month, 1);
  return {
    month: `${current.year}-${String(current.month).padStart(2, '0')}-01`,
    coversUntil: sendsAt(next.year, next.month),
  };
}
