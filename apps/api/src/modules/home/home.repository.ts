import { eq, sql } from 'drizzle-orm';
import { Role } from '@homeminder/shared/permissions';
import type { Database } from '../../db/client';
import { rolesOf } from '../../db/user-roles';
import type { StatusCounter } from '../../db/property-status';
import { propertyHasSystems, systemsFilterValue } from '../../db/home-system-queries';
import { rowById } from '../../db/query-helpers';
import {
  clientUsers,
  corporations,
  notifications,
  properties,
  tenantUsers,
  userRoles,
} from '../../db/schema';
import {
  countUpcomingReminders,
  propertyClientJoin,
  propertyInScope,
} from '../../db/client-property-queries';
import { showingAt } from '../notifications';

/** `statusCounts` is the process's one counter of clients and properties by status. */
export function homeRepository(db: Database, statusCounts: StatusCounter) {
  return {
    async clientCounts(tenantId: string, realtorId: string | null, now: Date) {
      // By the client grid's statuses, so Home's tiles and the grid's filter count alike.
      const counts = await statusCounts.count(db, tenantId, realtorId);
      // The grid's "Likely replacement soon" filter, so the figure and the list it opens agree.
      const [worn] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(properties)
        .innerJoin(clientUsers, propertyClientJoin)
        .where(
          propertyInScope(
            tenantId,
            realtorId,
            propertyHasSystems('replaceSoon', systemsFilterValue('replaceSoon', now)),
          ),
        );
      // The same reminders as Home's "Upcoming reminders" list for the next 30 days.
      const dueNext30Days = await countUpcomingReminders(db, tenantId, realtorId, {
        from: now,
        to: new Date(now.getTime() + 30 * 86_400_000),
      });
      return {
        clients: counts.clients,
        enabledProperties: counts.enabled,
        noReminderProperties: counts.noReminders,
        unsubscribedProperties: counts.unsubscribed,
        pendingProperties: counts.pending,
        disabledProperties: counts.disabled,
        replacementSoonProperties: worn?.count ?? 0,
        dueNext30Days,
      };
    },

    async staffCounts(tenantId: string) {
      const [row] = await db
        .select({
          realtors: sql<number>`(count(distinct ${tenantUsers.id}) filter (where ${userRoles.roleName} = ${Role.Realtor}))::int`,
          corporateUsers: sql<number>`(count(distinct ${tenantUsers.id}) filter (where ${userRoles.roleName} <> ${Role.Realtor}))::int`,
        })
        .from(tenantUsers)
        .leftJoin(userRoles, rolesOf(tenantUsers))
        .where(eq(tenantUsers.tenantId, tenantId));
      return row!;
    },

    /** The corporation's license, and whether it is the operator's own corporation (which holds none). */
    async license(tenantId: string) {
      const row = await rowById(db, corporations.id, tenantId, {
        licensedProperties: corporations.licensedProperties,
        endsOn: corporations.licenseEndsOn,
        timeZone: corporations.timeZone,
        isSystem: corporations.isSystem,
      });
      return row ?? { licensedProperties: 0, endsOn: null, timeZone: null, isSystem: false };
    },

    async corporationCount() {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(corporations)
        .where(eq(corporations.isSystem, false));
      return row?.count ?? 0;
    },

    async activeNotificationCount(now: Date) {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(notifications)
        .where(showingAt(now));
      return row?.count ?? 0;
    },
  };
}
export type HomeRepository = ReturnType<typeof homeRepository>;
