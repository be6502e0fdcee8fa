import ical, { ICalCalendarMethod } from 'ical-generator';
import { calendarFeedMonths } from '@homeminder/shared/contracts/homeowner';
import {
  addMonthsToDate,
  localDateFromText,
  localDateOf,
  scheduleAnchor,
  scheduleTimeZone,
  zonedInstant,
} from '@homeminder/shared/schedule';
import { nextSeasonalDueAfter } from '@homeminder/shared/season-schedule';
import { monthsOfSeason } from '@homeminder/shared/climate';

/** A subscription as the feed needs it: its schedule, as stored, and what the event says. */
export interface FeedReminder {
  id: string;
  task: string;
  howTo: string;
  frequency: string;
  address: string;
  nextDueAt: Date;
  anchorOn: string;
  season: string | null;
  state: string;
  zip: string;
  intervalMonths: number;
  propertyTimeZone: string | null;
}

/**
 * The due dates of one subscription from its next one up to `until`, each the next by the same
 * rule the reminder service moves a sent reminder on with (packages/shared/season-schedule), so
 * the calendar and the emails agree.
 */
export function occurrencesOf(reminder: FeedReminder, corporationTimeZone: string, until: Date): Date[] {
  const timeZone = scheduleTimeZone(reminder.propertyTimeZone, corporationTimeZone);
  const anchor = localDateFromText(reminder.anchorOn) ?? scheduleAnchor(reminder.nextDueAt, timeZone);
  const months = monthsOfSeason(reminder.season, reminder);
  const dates: Date[] = [];
  for (let due = reminder.nextDueAt; due.getTime() <= until.getTime();) {
    dates.push(due);
    due = nextSeasonalDueAfter(anchor, reminder.intervalMonths, months, timeZone, due);
  }
  return dates;
}

/** The end of the feed's window: the same day `calendarFeedMonths` months on, in the zone. */
export function feedWindowEnd(now: Date, timeZone: string): Date {
  return zonedInstant(addMonthsToDate(localDateOf(now, timeZone), calendarFeedMonths), 23, timeZone);
}

/**
 * The right-hand part of every event's UID: fixed, so that a move of the portal to another address
 * (PUBLIC_URL) keeps each event the same event. `.invalid` is a name no real host will ever have.
 */
export const calendarUidDomain = 'homeminder.invalid';

/** The UID of a reminder's event on one day: the subscription and the date, stable for good. */
export function calendarEventUid(reminderId: string, day: { year: number; month: number; day: number }) {
  const date = `${day.year}${String(day.month).padStart(2, '0')}${String(day.day).padStart(2, '0')}`;
  return `${reminderId}-${date}@${calendarUidDomain}`;
}

/**
 * A calendar needs at least one component (RFC 5545, section 3.6): a feed with no reminders
 * carries the definition of UTC, which calendar programs read and show nothing for.
 */
const utcTimeZone = [
  'BEGIN:VTIMEZONE',
  'TZID:UTC',
  'BEGIN:STANDARD',
  'DTSTART:19700101T000000',
  'TZOFFSETFROM:+0000',
  'TZOFFSETTO:+0000',
  'TZNAME:UTC',
  'END:STANDARD',
  'END:VTIMEZONE',
].join('\r\n');

/**
 * An iCalendar feed of a homeowner's coming reminders: one all-day event per due date on the day
 * it falls due in the corporation's zone, with the task's how-to text and a link to their page.
 * Each event's UID is the subscription and date, so a calendar that fetches again updates it.
 * The same data and `revisedAt` give the same text, byte for byte, so its hash is an ETag.
 */
export function calendarFeed(options: {
  siteName: string;
  timeZone: string;
  pageUrl: string;
  reminders: FeedReminder[];
  now: Date;
  /** When the feed's data last changed: every event's DTSTAMP, and the response's Last-Modified. */
  revisedAt: Date;
}): string {
  const { timeZone, now } = options;
  const calendar = ical({
    name: `${options.siteName}: home maintenance`,
    description: 'Home maintenance reminders from your realtor',
    prodId: { company: 'HomeMinder', product: 'reminders', language: 'EN' },
    method: ICalCalendarMethod.PUBLISH,
    // Calendar programs fetch again about twice a day; a reminder rarely changes faster.
    ttl: 12 * 60 * 60,
  });
  const until = feedWindowEnd(now, timeZone);
  for (const reminder of options.reminders) {
    for (const due of occurrencesOf(reminder, timeZone, until)) {
      const day = localDateOf(due, timeZone);
      calendar.createEvent({
        id: calendarEventUid(reminder.id, day),
        // Dates only: written with UTC's calendar fields, so the day is the zone's day.
        start: new Date(Date.UTC(day.year, day.month - 1, day.day)),
        allDay: true,
        summary: reminder.task,
        description: `${reminder.howTo}\n\n${reminder.frequency} · ${reminder.address}\n${options.pageUrl}`,
        location: reminder.address,
        url: options.pageUrl,
        stamp: options.revisedAt,
      });
    }
  }
  if (calendar.length() === 0) calendar.timezone({ name: 'UTC', generator: () => utcTimeZone });
  return calendar.toString();
}

/**
 * When a feed last changed, to the second: the newest change of its data, and no earlier than the
 * start of the day in its zone, since its twelve months move on a day at a time.
 */
export function feedRevisedAt(now: Date, timeZone: string, dataChangedAt: Date | null): Date {
  const dayStart = zonedInstant(localDateOf(now, timeZone), 0, timeZone).getTime();
  const newest = Math.max(dayStart, dataChangedAt?.getTime() ?? 0);
  return new Date(Math.floor(Math.min(newest, now.getTime()) / 1000) * 1000);
}
