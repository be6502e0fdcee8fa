import { describe, expect, it } from 'vitest';
import { dueInWords, quietHoursAfter } from './reminder-timing';

const zone = 'America/Chicago';

describe('quietHoursAfter', () => {
  it('leaves a daytime instant as it is', () => {
    const at = new Date('2026-12-05T15:00:00Z'); // 09:00 in Chicago
    expect(quietHoursAfter(at, zone)).toEqual(at);
  });

  it('moves the late evening to eight the next morning', () => {
    // 21:30 on the 4th in Chicago.
    expect(quietHoursAfter(new Date('2026-12-05T03:30:00Z'), zone).toISOString()).toBe(
      '2026-12-05T14:00:00.000Z',
    );
  });

  it('moves the small hours to eight the same morning', () => {
    // 06:59 in Chicago.
    expect(quietHoursAfter(new Date('2026-12-05T12:59:00Z'), zone).toISOString()).toBe(
      '2026-12-05T14:00:00.000Z',
    );
  });

  it('reads the hour in the zone given, not the server one', () => {
    const at = new Date('2026-12-05T04:00:00Z'); // 20:00 in Los Angeles, 23:00 in New York
    expect(quietHoursAfter(at, 'America/Los_Angeles')).toEqual(at);
    expect(quietHoursAfter(at, 'America/New_York').toISOString()).toBe('2026-12-05T13:00:00.000Z');
  });

  it('keeps to eight in the morning across a change of the clocks', () => {
    // 22:00 on Saturday 7 March 2026 in Chicago; the clocks go forward that night.
    expect(quietHoursAfter(new Date('2026-03-08T04:00:00Z'), zone).toISOString()).toBe(
      '2026-03-08T13:00:00.000Z',
    );
  });
});

describe('dueInWords', () => {
  const at = new Date('2026-12-05T15:00:00Z'); // Saturday 5 December, 09:00 in Chicago
  const due = (iso: string) => dueInWords(new Date(iso), at, zone);

  it('names today and tomorrow', () => {
    expect(due('2026-12-05T15:00:00Z')).toBe('today, Saturday, December 5');
    expect(due('2026-12-06T15:00:00Z')).toBe('tomorrow, Sunday, December 6');
  });

  it('says this and next weekday within two weeks', () => {
    expect(due('2026-12-08T15:00:00Z')).toBe('this Tuesday, December 8');
    expect(due('2026-12-12T15:00:00Z')).toBe('next Saturday, December 12');
    expect(due('2026-12-18T15:00:00Z')).toBe('next Friday, December 18');
  });

  it('writes the whole date further ahead and in the past', () => {
    expect(due('2026-12-19T15:00:00Z')).toBe('Saturday, December 19, 2026');
    expect(due('2026-11-28T15:00:00Z')).toBe('Saturday, November 28, 2026');
  });

  it('counts days in the zone, not in UTC', () => {
    // 20:00 on Saturday in Chicago is already Sunday in UTC.
    expect(dueInWords(new Date('2026-12-06T02:00:00Z'), at, zone)).toBe('today, Saturday, December 5');
  });
});
