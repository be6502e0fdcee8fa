/**
 * The calendar feed as calendar programs use it: polled with If-None-Match or If-Modified-Since and
 * given a 304 response while nothing changed, valid iCalendar even with nothing in it (read with ical.js),
 * and the same events, by UID, after the portal moves to another address.
 */
import ICAL from 'ical.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { describeEachDriver } from '../../test/test-app';
import {
  homeownerOverview,
  homeownerPassword,
  twoHomeowners,
  type TestHomeowner,
} from '../../test/homeowners';
import { calendarUidDomain } from './calendar-feed';

/** The components of a feed as a calendar program reads them. */
function parsed(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text) as unknown[]);
  return {
    calendar,
    uids: calendar.getAllSubcomponents('vevent').map((event) => String(event.getFirstPropertyValue('uid'))),
  };
}

describeEachDriver('the calendar feed', (t) => {
  let other: TestHomeowner;
  let token: string;
  /** The feed's address under the API, as the homeowner's page shows it. */
  let feedPath: string;

  const feed = (headers: Record<string, string> = {}) => t.api({ path: feedPath, headers });

  const feedPathOf = async (as: string) => {
    const made = await t.api({ method: 'POST', path: '/homeowner/calendar', token: as });
    expect(made.statusCode, made.body).toBe(200);
    const url = new URL(made.json<{ url: string }>().url);
    return `${url.pathname.replace(/^\/ui\/api/, '')}${url.search}`;
  };

  beforeAll(async () => {
    ({ other, token } = await twoHomeowners(t));
    feedPath = await feedPathOf(token);
  });

  describe('polled by a calendar program', () => {
    it('responds with an ETag and a Last-Modified, and 304 with no body to either sent back', async () => {
      const first = await feed();
      expect(first.statusCode, first.body).toBe(200);
      const etag = first.headers.etag as string;
      const lastModified = first.headers['last-modified'] as string;
      expect(etag).toMatch(/^"[\w-]+"$/);
      expect(Date.parse(lastModified)).toBeLessThanOrEqual(t.clock.nowMs());
      expect(parsed(first.body).uids.length).toBeGreaterThan(0);

      for (const headers of <Record<string, string>[]>[
        { 'if-none-match': etag },
        { 'if-none-match': `"other", W/${etag}` },
        { 'if-modified-since': lastModified },
        { 'if-modified-since': new Date(t.clock.nowMs() + 60_000).toUTCString() },
      ]) {
        const again = await feed(headers);
        expect(again.statusCode, JSON.stringify(headers)).toBe(304);
        expect(again.body).toBe('');
        expect(again.headers.etag).toBe(etag);
        expect(again.headers['last-modified']).toBe(lastModified);
      }
      // Unchanged, the feed is the same text, byte for byte.
      expect((await feed()).body).toBe(first.body);

      // A tag of another version, or an older date, gets the whole feed.
      expect((await feed({ 'if-none-match': '"other"' })).statusCode).toBe(200);
      const before = new Date(Date.parse(lastModified) - 1_000).toUTCString();
      expect((await feed({ 'if-modified-since': before })).statusCode).toBe(200);
      // If-None-Match decides alone when both are sent.
      expect((await feed({ 'if-none-match': '"other"', 'if-modified-since': lastModified })).statusCode).toBe(
        200,
      );
    });

    it('responds with the new feed to both once a reminder is turned off', async () => {
      const first = await feed();
      const reminder = (await homeownerOverview(t, token)).homes.flatMap((home) => home.reminders)[0]!;
      t.clock.advance(5_000);
      const off = await t.api({
        method: 'PUT',
        path: `/homeowner/reminders/${reminder.id}`,
        token,
        body: { on: false },
      });
      expect(off.statusCode, off.body).toBe(200);

      const sinceEtag = await feed({ 'if-none-match': first.headers.etag as string });
      expect(sinceEtag.statusCode).toBe(200);
      expect(sinceEtag.headers.etag).not.toBe(first.headers.etag);
      expect(parsed(sinceEtag.body).uids.some((uid) => uid.startsWith(reminder.id))).toBe(false);
      const sinceDate = await feed({ 'if-modified-since': first.headers['last-modified'] as string });
      expect(sinceDate.statusCode).toBe(200);
      expect(Date.parse(sinceDate.headers['last-modified'] as string)).toBeGreaterThan(
        Date.parse(first.headers['last-modified'] as string),
      );
    });
  });

  it('is a valid calendar with at least one component when no reminder is on', async () => {
    const otherToken = await t.login(other.email, homeownerPassword);
    const path = await feedPathOf(otherToken);
    for (const reminder of (await homeownerOverview(t, otherToken)).homes.flatMap((home) => home.reminders)) {
      const off = await t.api({
        method: 'PUT',
        path: `/homeowner/reminders/${reminder.id}`,
        token: otherToken,
        body: { on: false },
      });
      expect(off.statusCode, off.body).toBe(200);
    }
    const empty = await t.api({ path });
    expect(empty.statusCode, empty.body).toBe(200);
    const { calendar, uids } = parsed(empty.body);
    expect(uids).toEqual([]);
    expect(calendar.name).toBe('vcalendar');
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
    expect(calendar.getFirstPropertyValue('prodid')).toBeTruthy();
    // RFC 5545: icalbody = calprops component, and component = 1*(...).
    expect(calendar.getAllSubcomponents().length).toBeGreaterThan(0);
    expect(empty.body).toMatch(/^BEGIN:VCALENDAR\r\n[\s\S]*\r\nEND:VCALENDAR\r?\n?$/);
  });

  it('keeps every event the same, by UID, when the portal moves to another address', async () => {
    const moved = await buildApp({
      env: {
        BASE_PATH: '/ui/',
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        WEB_DIST: '/nonexistent/homeminder-web-dist',
        PUBLIC_URL: 'https://homes.moved.example',
      },
      database: t.database,
      now: t.clock.now,
      logger: false,
    });
    try {
      const here = await feed();
      const there = await moved.inject({ method: 'GET', url: `/ui/api${feedPath}` });
      expect(there.statusCode, there.body).toBe(200);
      // The links follow the portal; the events stay the same events.
      expect(there.body).toContain('https://homes.moved.example/ui/my-home');
      expect(here.body).not.toContain('homes.moved.example');
      const uids = parsed(here.body).uids;
      expect(uids.length).toBeGreaterThan(0);
      expect(parsed(there.body).uids).toEqual(uids);
      for (const uid of uids) expect(uid).toMatch(new RegExp(`^[0-9a-f-]{36}-\\d{8}@${calendarUidDomain}$`));
    } finally {
      await moved.close();
    }
  });
});
