import { describe, expect, it } from 'vitest';
import { dayIn, licenseHasEnded, licenseMessages } from './license';

describe('licenseHasEnded', () => {
  // 31 December 2026, 23:30 in New York is already 1 January 2027 in UTC.
  const lateOnTheLastDay = new Date('2027-01-01T04:30:00Z');

  it('counts the last day in, in the corporation’s time zone', () => {
    expect(dayIn(lateOnTheLastDay, 'America/New_York')).toBe('2026-12-31');
    expect(licenseHasEnded('2026-12-31', 'America/New_York', lateOnTheLastDay)).toBe(false);
    expect(licenseHasEnded('2026-12-31', 'Europe/Berlin', lateOnTheLastDay)).toBe(true);
  });

  it('has ended the day after its last day, and never without an end date', () => {
    expect(licenseHasEnded('2026-12-31', 'America/New_York', new Date('2027-01-01T05:00:00Z'))).toBe(true);
    expect(licenseHasEnded(null, 'America/New_York', new Date('2099-01-01T00:00:00Z'))).toBe(false);
  });

  it('falls back to the default zone for a corporation without a valid one', () => {
    expect(dayIn(lateOnTheLastDay, null)).toBe('2026-12-31');
    expect(dayIn(lateOnTheLastDay, 'Not/AZone')).toBe('2026-12-31');
  });
});

describe('licenseMessages', () => {
  it('print the end date as the portal prints dates', () => {
    expect(licenseMessages.ended('2026-03-05')).toContain('05MAR2026');
    expect(licenseMessages.belowUse(1)).toContain('1 active property:');
    expect(licenseMessages.belowUse(1200)).toContain('1,200 active properties:');
  });
});
