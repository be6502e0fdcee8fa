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
     * date lies in [from, to), soonest first, with the total in the same query.
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
          total: sql<number>`(count(*) over ())::int`,
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
      let totalItemCount = rows[0]?.total ?? 0;
      if (rows.length === 0 && page.offset > 0) {
        totalItemCount = await countUpcomingReminders(db, tenantId, realtorId, window);
      }
      return {
        items: rows.map(({ total: _total, nextDueAt, ...row }) => ({
          ...row,
          nextDueAt: nextDueAt.toISOString(),
        })),
        totalItemCount,
      };
    },
  };
}
export type RemindersRepository = ReturnType<typeof remindersRepository>;
