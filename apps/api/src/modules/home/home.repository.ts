import { eq, sql } from 'drizzle-orm';
import { Role } from '@homeminder/shared/permissions';
import type { Database } from '../../db/client';
import { rolesOf } from '../../db/user-roles';
import { countWithStatus } from '../../db/property-status';
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
import { clientInScope, countUpcomingReminders, propertyClientJoin } from '../../db/client-property-queries';
import { showingAt } from '../notifications';

export function homeRepository(db: Database) {
  return {
    async clientCounts(tenantId: string, realtorId: string | null, now: Date) {
      const [counts] = await db
        .select({
          clients: sql<number>`count(distinct ${clientUsers.id})::int`,
          // By the client grid's statuses, so Home's tiles and the grid's filter count alike.
          enabledProperties: countWithStatus('enabled'),
          noReminderProperties: countWithStatus('noReminders'),
          unsubscribedProperties: countWithStatus('unsubscribed'),
          pendingProperties: countWithStatus('pending'),
          disabledProperties: countWithStatus('disabled'),
          // The grid's "Likely replacement soon" filter, so the figure and the list it opens agree.
          replacementSoonProperties: sql<number>`(count(distinct ${properties.id}) filter (where ${propertyHasSystems(
            'replaceSoon',
            systemsFilterValue('replaceSoon', now),
          )}))::int`,
        })
        .from(clientUsers)
        .leftJoin(properties, propertyClientJoin)
        .where(clientInScope(tenantId, realtorId));
      // The same reminders as Home's "Upcoming reminders" list for the next 30 days.
      const dueNext30Days = await countUpcomingReminders(db, tenantId, realtorId, {
        from: now,
        to: new Date(now.getTime() + 30 * 86_400_000),
      });
      return { ...counts!, dueNext30Days };
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
