/**
 * A monthly reminder in a two-month season is sent in both months and then waits for the season
 * of the next year; one paused meanwhile resumes on the date sending would have reached
 * (docs/decisions/058).
 */
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { nextSeasonalDueAfter } from '@homeminder/shared/season-schedule';
import { monthsOfSeason } from '@homeminder/shared/climate';
import { localDateOf, localDateText, scheduleTimeZone, zonedInstant } from '@homeminder/shared/schedule';
import { ACME_TENANT_ID } from '../../db/demo-data';
import { describeEachDriver } from '../../test/test-app';
import { switchProperty } from '../../test/properties';
import { nextDueAt, testDispatcher, twoSendableSubscriptions } from '../../test/dispatch';

describeEachDriver('a seasonal schedule', (t) => {
  it('is sent only in its season months, and resumes on the date sending reached', async () => {
    const dispatcher = testDispatcher(t);
    const [corporation] = await t.rows<{ time_zone: string | null }>(
      sql`select time_zone from corporations where id = ${ACME_TENANT_ID}`,
    );
    const zone = scheduleTimeZone(corporation?.time_zone);
    const [sent, paused] = await twoSendableSubscriptions(t);
    // Both monthly in spring in New York (April and May), anchored on 15 May last year, due now.
    const today = localDateOf(t.clock.now(), zone);
    const anchor = { year: today.year - 1, month: 5, day: 15 };
    await t.rows(sql`update properties set state = 'NY', zip = '12203', time_zone = null
       where id in (${sent.property_id}, ${paused.property_id})`);
    await t.rows(sql`
      update reminder_subscriptions set maintenance_frequency_id = 1, anchor_on = ${localDateText(anchor)},
        season = 'spring', next_due_at = ${new Date(t.clock.nowMs() - 60_000).toISOString()}::timestamptz
       where id in (${sent.id}, ${paused.id})`);
    const dueAt = (id: string) => nextDueAt(t, id);
    const months = monthsOfSeason('spring', { state: 'NY', zip: '12203' });

    await dispatcher.dispatchDue();
    let next = await dueAt(sent.id);
    expect(next.toISOString()).toBe(
      nextSeasonalDueAfter(anchor, 1, months, zone, t.clock.now()).toISOString(),
    );
    const start = localDateOf(next, zone);
    expect(start.month).toBe(4);

    await t.rows(sql`update properties set enabled = false where id = ${paused.property_id}`);
    const seen: string[] = [];
    // Two rounds: the demo license ends within two years of today.
    for (let round = 0; round < 2; round += 1) {
      const target = zonedInstant(localDateOf(next, zone), 10, zone).getTime();
      if (target > t.clock.nowMs()) t.clock.advance(target - t.clock.nowMs());
      await dispatcher.dispatchDue();
      next = await dueAt(sent.id);
      seen.push(localDateText(localDateOf(next, zone)));
    }
    // The April date is followed by May's, and May's by April of the next year: nothing between.
    expect(seen).toEqual([`${start.year}-05-15`, `${start.year + 1}-04-15`]);

    const admin = await t.login('admin@acme.test');
    await switchProperty(t, admin, 'enable', { propertyId: paused.property_id, tenantId: ACME_TENANT_ID });
    expect((await dueAt(paused.id)).toISOString()).toBe(next.toISOString());
  });
});
