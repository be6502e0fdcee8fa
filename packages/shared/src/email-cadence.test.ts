import { describe, expect, it } from 'vitest';
import { firstSaturday, heardCadence, monthlyEmailDue, quietAfter } from './email-cadence';

describe('heardCadence', () => {
  it("keeps the client's choice until they leave 6 reminders unanswered, then monthly, then nothing after 12", () => {
    expect(heardCadence('each', 0)).toBe('each');
    expect(heardCadence('each', quietAfter.monthly - 1)).toBe('each');
    expect(heardCadence('each', quietAfter.monthly)).toBe('monthly');
    expect(heardCadence('monthly', 2)).toBe('monthly');
    expect(heardCadence('monthly', quietAfter.none - 1)).toBe('monthly');
    expect(heardCadence('each', quietAfter.none)).toBe('none');
    expect(heardCadence('monthly', 40)).toBe('none');
  });
});

describe('firstSaturday', () => {
  it('finds the first Saturday whatever day the month starts on', () => {
    expect(firstSaturday(2026, 12)).toEqual({ year: 2026, month: 12, day: 5 });
    expect(firstSaturday(2026, 8)).toEqual({ year: 2026, month: 8, day: 1 });
    expect(firstSaturday(2027, 5)).toEqual({ year: 2027, month: 5, day: 1 });
    expect(firstSaturday(2027, 2)).toEqual({ year: 2027, month: 2, day: 6 });
  });
});

describe('monthlyEmailDue', () => {
  const zone = 'America/New_York';
  it("is last month's until 9:00 on the first Saturday in the zone, then this month's", () => {
    // Saturday, December 5 2026, 8:59 and 9:00 in New York (UTC-5).
    expect(monthlyEmailDue(new Date('2026-12-05T13:59:00Z'), zone)).toEqual({
      month: '2026-11-01',
      coversUntil: new Date('2026-12-05T14:00:00Z'),
    });
    expect(monthlyEmailDue(new Date('2026-12-05T14:00:00Z'), zone)).toEqual({
      month: '2026-12-01',
      coversUntil: new Date('2027-01-02T14:00:00Z'),
    });
  });

  it('counts in the zone: the same instant is another month in Honolulu', () => {
    const at = new Date('2026-08-01T14:00:00Z');
    expect(monthlyEmailDue(at, zone).month).toBe('2026-08-01');
    expect(monthlyEmailDue(at, 'Pacific/Honolulu').month).toBe('2026-07-01');
  });
});
