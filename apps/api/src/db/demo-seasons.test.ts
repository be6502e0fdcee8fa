import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEFAULT_TIME_ZONE, localDateOf } from '@homeminder/shared/schedule';
import { monthsOfSeason } from '@homeminder/shared/climate';
import { describeEachDriver } from '../test/test-app';
import { demoDueInSeason } from './demo-seasons';

describe('demoDueInSeason', () => {
  const at = (text: string) => new Date(text);
  const monthOf = (date: Date) => localDateOf(date, DEFAULT_TIME_ZONE).month;

  it('keeps a date in its season, or of a task without one', () => {
    expect(demoDueInSeason(at('2026-10-12T14:00:00Z'), [9, 10], DEFAULT_TIME_ZONE)).toEqual(
      at('2026-10-12T14:00:00Z'),
    );
    expect(demoDueInSeason(at('2026-07-12T14:00:00Z'), null, DEFAULT_TIME_ZONE)).toEqual(
      at('2026-07-12T14:00:00Z'),
    );
  });

  it('moves a date out of season to the same day of the next season month, into the next year if need be', () => {
    const autumn = demoDueInSeason(at('2026-12-20T15:00:00Z'), [9, 10], DEFAULT_TIME_ZONE);
    expect(localDateOf(autumn, DEFAULT_TIME_ZONE)).toEqual({ year: 2027, month: 9, day: 20 });
    const spring = demoDueInSeason(at('2026-01-31T15:00:00Z'), [4, 5], DEFAULT_TIME_ZONE);
    expect(localDateOf(spring, DEFAULT_TIME_ZONE)).toEqual({ year: 2026, month: 4, day: 30 });
    expect(monthOf(spring)).toBe(4);
  });
});

describeEachDriver('the demo data', (t) => {
  it("puts every seasonal reminder's next date in its season where the property is", async () => {
    const rows = await t.rows<{
      season: string;
      state: string;
      zip: string;
      next_due_at: Date | string;
      stored: string | null;
    }>(
      sql`select r.season, p.state, p.zip, s.next_due_at, s.season as stored
            from reminder_subscriptions s
            join reminders r on r.id = s.reminder_id
            join properties p on p.tenant_id = s.tenant_id and p.id = s.property_id
           where r.season is not null`,
    );
    expect(rows.length).toBeGreaterThan(10);
    for (const row of rows) {
      const month = localDateOf(new Date(row.next_due_at), DEFAULT_TIME_ZONE).month;
      expect(monthsOfSeason(row.season, row), `${row.season} in ${row.zip}`).toContain(month);
      // The subscription keeps its season, so the dates after this one stay in it too.
      expect(row.stored).toBe(row.season);
    }
  });
});
