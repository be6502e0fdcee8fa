import { and, eq, gte, isNull, lt, sql } from 'drizzle-orm';
import { Role } from '@homeminder/shared/permissions';
import type { Database } from '../../db/client';
import { countWithStatus } from '../../db/property-status';
import { rowById } from '../../db/query-helpers';
import {
  clientUsers,
  corporations,
  notifications,
  properties,
  reminderSubscriptions,
  tenantUsers,
  userRoles,
} from '../../db/schema';
import { propertyClientJoin, subscriptionPropertyJoin } from '../clients/client-tables';
import { showingAt } from '../notifications/notifications.repository';

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
        })
        .from(clientUsers)
        .leftJoin(properties, propertyClientJoin)
        .where(
          and(
            eq(clientUsers.tenantId, tenantId),
            realtorId ? eq(clientUsers.realtorId, realtorId) : undefined,
          ),
        );
      // The same reminders as Home's "Upcoming reminders" list for the next 30 days: due from now
      // on, of active properties (enabled, not pending) of enabled clients who have not unsubscribed.
      const in30Days = new Date(now.getTime() + 30 * 86_400_000);
      const [due] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(reminderSubscriptions)
        .innerJoin(properties, subscriptionPropertyJoin)
        .innerJoin(clientUsers, propertyClientJoin)
        .where(
          and(
            eq(reminderSubscriptions.tenantId, tenantId),
            gte(reminderSubscriptions.nextDueAt, now),
            lt(reminderSubscriptions.nextDueAt, in30Days),
            eq(properties.enabled, true),
            eq(properties.pending, false),
            eq(clientUsers.enabled, true),
            isNull(clientUsers.unsubscribedAt),
            realtorId ? eq(clientUsers.realtorId, realtorId) : undefined,
          ),
        );
      return { ...counts!, dueNext30Days: due?.count ?? 0 };
    },

    async staffCounts(tenantId: string) {
      const [row] = await db
        .select({
          realtors: sql<number>`(count(distinct ${tenantUsers.id}) filter (where ${userRoles.roleName} = ${Role.Realtor}))::int`,
          corporateUsers: sql<number>`(count(distinct ${tenantUsers.id}) filter (where ${userRoles.roleName} <> ${Role.Realtor}))::int`,
        })
        .from(tenantUsers)
        .leftJoin(
          userRoles,
          and(eq(userRoles.tenantId, tenantUsers.tenantId), eq(userRoles.userId, tenantUsers.id)),
        )
        .where(eq(tenantUsers.tenantId, tenantId));
      return row!;
    },

    /** The corporation's license, and whether it is the operator's own company (which holds none). */
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
