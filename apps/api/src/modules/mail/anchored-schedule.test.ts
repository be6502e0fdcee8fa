/**
 * A monthly reminder anchored on the 31st is sent on the last day of every month and comes back to
 * the 31st after a short month; one paused meanwhile resumes on the date sending would have
 * reached (docs/decisions/052).
 */
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { localDateOf, localDateText, zonedInstant } from '@homeminder/shared/schedule';
import { ACME_TENANT_ID } from '../../db/demo-data';
import { describeEachDriver } from '../../test/test-app';
import { switchProperty } from '../../test/properties';
import { nextDueAt, testDispatcher, twoSendableSubscriptions } from '../../test/dispatch';

const zone = 'America/New_York';

describeEachDriver('a schedule anchored on a month end', (t) => {
  it('stays on month ends when sent, and resumes on one after a pause', async () => {
    const dispatcher = testDispatcher(t);
    const [sent, paused] = await twoSendableSubscriptions(t);
    // Both monthly in any month (the demo's seasonal tasks keep a season), anchored on 31 August
    // of last year, and due now.
    const today = localDateOf(t.clock.now(), zone);
    const anchor = { year: today.year - 1, month: 8, day: 31 };
    await t.rows(sql`
      update reminder_subscriptions set maintenance_frequency_id = 1, anchor_on = ${localDateText(anchor)},
        season = null, next_due_at = ${new Date(t.clock.nowMs() - 60_000).toISOString()}::timestamptz
       where id in (${sent.id}, ${paused.id})`);
    const dueDate = async (id: string) => localDateOf(await nextDueAt(t, id), zone);
    const monthEnd = (date: { year: number; month: number }) =>
      new Date(Date.UTC(date.year, date.month, 0)).getUTCDate();
    const goTo = (date: { year: number; month: number; day: number }) => {
      const target = zonedInstant(date, 10, zone).getTime();
      if (target > t.clock.nowMs()) t.clock.advance(target - t.clock.nowMs());
    };

    await dispatcher.dispatchDue();
    let next = await dueDate(sent.id);
    expect(next.day).toBe(monthEnd(next));

    // Pause the second one; send the first one on each of the next four due dates.
    await t.rows(sql`update properties set enabled = false where id = ${paused.property_id}`);
    const seen: string[] = [];
    for (let month = 0; month < 4; month += 1) {
      goTo(next);
      await dispatcher.dispatchDue();
      next = await dueDate(sent.id);
      expect(next.day, localDateText(next)).toBe(monthEnd(next));
      seen.push(localDateText(next));
    }
    // Four months in a row, at least one of them with 31 days after a shorter one.
    expect(new Set(seen.map((date) => date.slice(-2))).has('31')).toBe(true);

    // Enabled again: the paused one lands on the same month end as the one that was sent.
    const admin = await t.login('admin@acme.test');
    await switchProperty(t, admin, 'enable', { propertyId: paused.property_id, tenantId: ACME_TENANT_ID });
    expect(localDateText(await dueDate(paused.id))).toBe(localDateText(next));
  });
});
