/**
 * Display formats of docs/requirements.md §10: currency in US dollars without decimals, dates as
 * DDMMMYYYY hh:mm, all written by Intl in en-US. The browser and the server print the same text.
 */
import { currencyCode } from './constants';

const currencyFormat = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: currencyCode,
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
  // No minus sign on a value that rounds to zero (-0.4 prints '$0', not '-$0').
  signDisplay: 'negative',
});
const numberFormat = new Intl.NumberFormat('en-US');

/**
 * US dollars rounded to whole dollars (half away from zero): 1234.5 → '$1,235', -20 → '-$20'.
 * A value that is not a finite number prints as '' rather than '$NaN'.
 */
export function formatCurrency(value: number): string {
  if (!Number.isFinite(value)) return '';
  return currencyFormat.format(value);
}

const centsFormat = new Intl.NumberFormat('en-US', { style: 'currency', currency: currencyCode });

/** A cost as a receipt writes it: '$2,400', or '$185.50' when it has cents. */
export function formatCost(value: number): string {
  if (!Number.isFinite(value)) return '';
  return Number.isInteger(value) ? currencyFormat.format(value) : centsFormat.format(value);
}

/** A count with thousands separators: 12345 → '12,345'; -0 → '0'. */
export function formatNumber(value: number): string {
  if (!Number.isFinite(value)) return '';
  // Intl writes -0 as '-0'.
  return numberFormat.format(value === 0 ? 0 : value);
}

/**
 * The word for `count` things: `singular` for exactly one, else `plural` (by default the singular
 * with an s). plural(1, 'row') → 'row', plural(0, 'row') → 'rows', plural(2, 'needs', 'need') → 'need'.
 */
export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return count === 1 ? singular : pluralForm;
}

/** A count and its word: formatCount(1, 'client') → '1 client', formatCount(1200, 'row') → '1,200 rows'. */
export function formatCount(count: number, singular: string, pluralForm?: string): string {
  return `${formatNumber(count)} ${plural(count, singular, pluralForm)}`;
}

/** A whole group by its count: allOf(1, 'user') → 'The 1 user', allOf(12, 'user') → 'All 12 users'. */
export function allOf(count: number, singular: string, pluralForm?: string): string {
  return count === 1 ? `The 1 ${singular}` : `All ${formatCount(count, singular, pluralForm)}`;
}

/**
 * A phone number as people write it: the 10 digits the server keeps (validation/rules.ts,
 * `phoneSchema`) as '(555) 123-4567'; anything else as it is, and no number as ''.
 */
export function formatPhone(phone: string | null | undefined): string {
  if (!phone) return '';
  return /^\d{10}$/.test(phone) ? `(${phone.slice(0, 3)}) ${phone.slice(3, 6)}-${phone.slice(6)}` : phone;
}

/** Date-only ISO text ('2026-03-05') names a calendar day, not an instant. */
const dateOnlyText = /^\d{4}-\d{2}-\d{2}$/;

/**
 * One `Intl.DateTimeFormat` per time zone for these options (undefined is the machine's own
 * zone, for figures that are not a moment of the corporation): making a formatter is slow, using
 * one is fast.
 */
export function formatPerZone(
  options: Intl.DateTimeFormatOptions,
): (timeZone: string | undefined) => Intl.DateTimeFormat {
  const formats = new Map<string, Intl.DateTimeFormat>();
  return (timeZone) => {
    const key = timeZone ?? '';
    let format = formats.get(key);
    if (!format) {
      format = new Intl.DateTimeFormat('en-US', { ...options, timeZone });
      formats.set(key, format);
    }
    return format;
  };
}

const dateTimeFormat = formatPerZone({
  day: '2-digit',
  // en-US gives three letters for every month ('Sep'; some locales give 'Sept').
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  // h23 rather than hour12: false, which some engines print as '24:05' just after midnight.
  hourCycle: 'h23',
});

/** The date and time as `formatDateTime` writes them, in `timeZone`. */
function partsOf(date: Date, timeZone: string) {
  const found = dateTimeFormat(timeZone).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => found.find((p) => p.type === type)?.value ?? '';
  return {
    date: `${part('day')}${part('month').toUpperCase()}${part('year').padStart(4, '0')}`,
    time: `${part('hour')}:${part('minute')}`,
  };
}

function parts(value: Date | string | number, timeZone: string) {
  const isDateOnly = typeof value === 'string' && dateOnlyText.test(value);
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return undefined;
  // `new Date('2026-03-05')` is midnight UTC, which is 4 March in America; print the day as written.
  return partsOf(date, isDateOnly ? 'UTC' : timeZone);
}

/**
 * The required 'DDMMMYYYY hh:mm' (docs/requirements.md §10), e.g. '05MAR2026 14:07'. Decision: the
 * hours are on the 24-hour clock (00-23): the format has no AM/PM marker, so a 12-hour '02:07'
 * would be ambiguous. `timeZone` is an IANA name ('America/New_York'), required: every time a
 * person reads is in their corporation's zone, never the reader's machine's (docs/decisions/074).
 * An invalid date prints as '' so a screen never shows 'Invalid Date'.
 */
export function formatDateTime(value: Date | string | number, timeZone: string): string {
  const formatted = parts(value, timeZone);
  return formatted ? `${formatted.date} ${formatted.time}` : '';
}

/** The date part alone, 'DDMMMYYYY', e.g. '05MAR2026'; same rules as `formatDateTime`. */
export function formatDate(value: Date | string | number, timeZone: string): string {
  return parts(value, timeZone)?.date ?? '';
}

/**
 * A calendar day written as date-only text ('2026-03-05', a license's last day), as 'DDMMMYYYY':
 * it names a day, not a moment, so no zone applies. Other text prints as ''.
 */
export function formatDay(day: string): string {
  return dateOnlyText.test(day) ? (parts(day, 'UTC')?.date ?? '') : '';
}

/**
 * The words that name the zone of a screen's times (docs/decisions/074), e.g. 'Times in
 * America/New_York, your company's time zone'.
 */
export function timeZoneNote(timeZone: string): string {
  return `Times in ${timeZone}, your company's time zone`;
}

/** The months' names, January first, as dates in words write them. */
export const monthNames = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;
