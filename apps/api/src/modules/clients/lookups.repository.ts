import { and, asc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import { searchWords } from '@homeminder/shared/search';
import { isSeason } from '@homeminder/shared/seasons';
import type { MaintenanceFrequency, RealtorOption, Reminder } from '@homeminder/shared/contracts/clients';
import { Role } from '@homeminder/shared/permissions';
import type { Database } from '../../db/client';
import { rolesOf } from '../../db/user-roles';
import { corporations, maintenanceFrequencies, reminders, tenantUsers, userRoles } from '../../db/schema';
import { containsPattern, idExists, rowById } from '../../db/query-helpers';
import { taskColumns, tasksVisibleTo } from '../reminders';

/** What a client is set up with: realtors, the reminder catalogue, frequencies, the corporation. */
export function lookupQueries(db: Database) {
  return {
    /** False for the operator's own corporation, which holds no clients (docs/decisions/051). */
    async holdsClients(tenantId: string): Promise<boolean> {
      const row = await rowById(db, corporations.id, tenantId, { isSystem: corporations.isSystem });
      return !row?.isSystem;
    },

    corporationExists: (tenantId: string) => idExists(db, corporations.id, tenantId),

    /** The corporation's realtors, or only `onlyId` (a realtor sees themselves). */
    async realtors(tenantId: string, onlyId: string | null = null): Promise<RealtorOption[]> {
      return db
        .select({
          id: tenantUsers.id,
          firstName: tenantUsers.firstName,
          lastName: tenantUsers.lastName,
          email: tenantUsers.email,
          enabled: tenantUsers.enabled,
        })
        .from(tenantUsers)
        .innerJoin(userRoles, rolesOf(tenantUsers, Role.Realtor))
        .where(and(eq(tenantUsers.tenantId, tenantId), onlyId ? eq(tenantUsers.id, onlyId) : undefined))
        .orderBy(
          sql`lower(${tenantUsers.lastName})`,
          sql`lower(${tenantUsers.firstName})`,
          asc(tenantUsers.id),
        );
    },

    /** The shared catalogue and the corporation's own active tasks, with their seasons. */
    async reminderCatalogue(
      tenantId: string,
      query: {
        search?: string | undefined;
        sorting: Array<{ propertyName: 'name' | 'category'; dir: 'asc' | 'desc' }>;
        limit: number;
        offset: number;
      },
    ): Promise<{ items: Reminder[]; totalItemCount: number }> {
      const where = and(
        eq(reminders.active, true),
        tasksVisibleTo(tenantId),
        ...searchWords(query.search).map((term) =>
          or(
            ilike(reminders.name, containsPattern(term)),
            ilike(reminders.category, containsPattern(term)),
            ilike(reminders.description, containsPattern(term)),
          ),
        ),
      );
      const order = query.sorting.map(({ propertyName, dir }) => {
        const column = propertyName === 'category' ? reminders.category : reminders.name;
        return dir === 'desc' ? sql`lower(${column}) desc` : sql`lower(${column}) asc`;
      });
      const rows = await db
        .select({
          ...taskColumns,
          own: sql<boolean>`${reminders.tenantId} is not null`,
          total: sql<number>`(count(*) over ())::int`,
        })
        .from(reminders)
        .innerJoin(maintenanceFrequencies, eq(maintenanceFrequencies.id, reminders.defaultFrequencyId))
        .where(where)
        .orderBy(...order, sql`lower(${reminders.name}) asc`)
        .limit(query.limit)
        .offset(query.offset);
      return {
        items: rows.map(({ total: _total, season, ...row }) => ({
          ...row,
          season: isSeason(season) ? season : null,
        })),
        totalItemCount: rows[0]?.total ?? 0,
      };
    },

    async frequencies(): Promise<MaintenanceFrequency[]> {
      return db
        .select({
          id: maintenanceFrequencies.id,
          name: maintenanceFrequencies.name,
          intervalMonths: maintenanceFrequencies.intervalMonths,
        })
        .from(maintenanceFrequencies)
        .orderBy(asc(maintenanceFrequencies.sortOrder));
    },

    /** The active reminders among `ids` that the corporation may choose (shared or its own). */
    async activeReminderIds(tenantId: string, ids: string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const rows = await db
        .select({ id: reminders.id })
        .from(reminders)
        .where(and(inArray(reminders.id, ids), eq(reminders.active, true), tasksVisibleTo(tenantId)));
      return new Set(rows.map((row) => row.id));
    },

    /** The name and season of each of `ids` the corporation sees, active or not. */
    async reminderTasks(
      tenantId: string,
      ids: string[],
    ): Promise<Map<string, { name: string; season: string | null }>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select({ id: reminders.id, name: reminders.name, season: reminders.season })
        .from(reminders)
        .where(and(inArray(reminders.id, ids), tasksVisibleTo(tenantId)));
      return new Map(rows.map(({ id, ...task }) => [id, task]));
    },
  };
}
