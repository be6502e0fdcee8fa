import { asc, eq, sql } from 'drizzle-orm';
import type { UpcomingReminder } from '@homeminder/shared/contracts/clients';
import type { Database } from '../../db/client';
import { maintenanceFrequencies, reminders } from '../../db/schema';
import {
  c,
  countUpcomingReminders,
  p,
  propertyAddressColumns,
  propertyClientJoin,
  s,
  subscriptionPropertyJoin,
  upcomingReminder,
} from '../../db/client-property-queries';

export function remindersRepository(db: Database) {
  return {
    /**
     * Subscriptions of active properties (enabled, not pending) of enabled, subscribed clients whose next due
     * date lies in [from, to), soonest first, and how many there are. The page walks the
     * corporation's due-date index and stops at its last row; the total is counted apart, since
     * counting in the same query would join and sort every row of the window first.
     */
    async dueBetween(
      tenantId: string,
      realtorId: string | null,
      window: { from: Date; to: Date },
      page: { limit: number; offset: number },
    ): Promise<{ items: UpcomingReminder[]; totalItemCount: number }> {
      const where = upcomingReminder(tenantId, realtorId, window);
      const rows = await db
        .select({
          id: s.id,
          clientUserId: c.id,
          clientName: sql<string>`${c.firstName} || ' ' || ${c.lastName}`,
          clientEmail: c.email,
          propertyId: p.id,
          ...propertyAddressColumns,
          reminderId: s.reminderId,
          reminderName: reminders.name,
          frequencyName: maintenanceFrequencies.name,
          nextDueAt: s.nextDueAt,
        })
        .from(s)
        .innerJoin(p, subscriptionPropertyJoin)
        .innerJoin(c, propertyClientJoin)
        .innerJoin(reminders, eq(reminders.id, s.reminderId))
        .innerJoin(maintenanceFrequencies, eq(maintenanceFrequencies.id, s.maintenanceFrequencyId))
        .where(where)
        .orderBy(asc(s.nextDueAt), asc(s.id))
        .limit(page.limit)
        .offset(page.offset);
      // A page that is not full is the last one: it gives the total without counting.
      const lastPage = rows.length < page.limit && (rows.length > 0 || page.offset === 0);
      return {
        items: rows.map(({ nextDueAt, ...row }) => ({ ...row, nextDueAt: nextDueAt.toISOString() })),
        totalItemCount: lastPage
          ? page.offset + rows.length
          : await countUpcomingReminders(db, tenantId, realtorId, window),
      };
    },
  };
}
export type RemindersRepository = ReturnType<typeof remindersRepository>;
