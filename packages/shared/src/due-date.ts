/**
 * Due dates as people read them, on every screen, in the export and in the emails: the date in the
 * corporation's time zone, whatever the zone of the browser or the server (docs/decisions/052).
 */
import { notSentLabels, type ClientRowStatus } from './contracts/grid-options';
import { formatDate, formatPerZone } from './format';

/**
 * A due date as 'DDMMMYYYY' in the corporation's zone (an IANA name, 'America/New_York'). The zone
 * is required: a date printed in the reader's own zone can name another day near midnight.
 */
export function formatDueDate(value: Date | string | number, timeZone: string): string {
  return formatDate(value, timeZone);
}

const inWordsFormat = formatPerZone({ weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' });

/**
 * A due date as an email reads it, 'Tuesday, November 24, 2026', in the corporation's zone: a
 * homeowner reads words more easily than the screens' compact dates.
 */
export function formatDueDateInWords(value: Date | string | number, timeZone: string): string {
  return inWordsFormat(timeZone).format(new Date(value));
}

/** A local date, 'YYYY-MM-DD', in words ('Monday, November 30, 2026'): the day itself, in no zone. */
export function formatDayInWords(day: string): string {
  return inWordsFormat('UTC').format(new Date(`${day}T12:00:00.000Z`));
}

const shortDayFormat = formatPerZone({ month: 'short', day: 'numeric', year: 'numeric' });

/** A local date, 'YYYY-MM-DD', short ('Nov 30, 2026'), for a printed table's column. */
export function formatDayShort(day: string): string {
  return shortDayFormat('UTC').format(new Date(`${day}T12:00:00.000Z`));
}

/**
 * The next reminder of a property as shown: its due date when it will be sent (an enabled property),
 * else the state that stops it ('Disabled: not sent'), never a date that will not be sent.
 */
export function nextReminderText(
  row: { status: ClientRowStatus; nextDueAt: string | null },
  timeZone: string,
): string {
  if (row.status !== 'enabled') return notSentLabels[row.status];
  return row.nextDueAt ? formatDueDate(row.nextDueAt, timeZone) : notSentLabels.noReminders;
}
