import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import { idExists, textTaken } from '../../db/query-helpers';
import type { ReminderTask, ReminderTaskValues } from '@homeminder/shared/contracts/reminder-tasks';
import { isTaskNeed } from '@homeminder/shared/home-plan';
import { isSeason } from '@homeminder/shared/seasons';
import type { Database } from '../../db/client';
import { maintenanceFrequencies, reminders, reminderSubscriptions } from '../../db/schema';
import { taskColumns } from './visible-tasks';

/** The columns an own task is written with. */
type TaskColumns = Omit<ReminderTaskValues, 'season'> & { season: string | null };

/** A corporation's own reminder tasks; every query names the corporation. */
export function ownTasksRepository(db: Database) {
  const ofTenant = (tenantId: string, id: string) =>
    and(eq(reminders.tenantId, tenantId), eq(reminders.id, id));
  // Counted per task under the tenant's own policy: only the corporation's properties.
  const inUse = sql<number>`(select count(*)::int from ${reminderSubscriptions} rs
    where rs.tenant_id = ${reminders.tenantId} and rs.reminder_id = ${reminders.id})`;

  async function select(where: ReturnType<typeof and>): Promise<ReminderTask[]> {
    const rows = await db
      .select({
        ...taskColumns,
        needs: reminders.needs,
        active: reminders.active,
        inUse,
      })
      .from(reminders)
      .innerJoin(maintenanceFrequencies, eq(maintenanceFrequencies.id, reminders.defaultFrequencyId))
      .where(where)
      .orderBy(sql`lower(${reminders.name})`, asc(reminders.id));
    return rows.map((row) => ({
      ...row,
      season: isSeason(row.season) ? row.season : null,
      needs: isTaskNeed(row.needs) ? row.needs : null,
    }));
  }

  return {
    async list(tenantId: string): Promise<ReminderTask[]> {
      return select(eq(reminders.tenantId, tenantId));
    },

    async find(tenantId: string, id: string): Promise<ReminderTask | undefined> {
      const [row] = await select(ofTenant(tenantId, id));
      return row;
    },

    /** True when the shared catalogue has a task of that name (letter case does not count). */
    sharedNameExists: (name: string): Promise<boolean> =>
      textTaken(db, reminders.name, name, isNull(reminders.tenantId)),

    /** The corporation's own task of that name, other than `exceptId`, if any. */
    ownNameTaken: (tenantId: string, name: string, exceptId?: string): Promise<boolean> =>
      textTaken(
        db,
        reminders.name,
        name,
        eq(reminders.tenantId, tenantId),
        exceptId ? ne(reminders.id, exceptId) : undefined,
      ),

    frequencyExists: (id: number) => idExists(db, maintenanceFrequencies.id, id),

    async insert(tenantId: string, values: TaskColumns): Promise<string> {
      const [row] = await db
        .insert(reminders)
        .values({ tenantId, ...values })
        .returning({ id: reminders.id });
      return row!.id;
    },

    async update(tenantId: string, id: string, values: TaskColumns): Promise<void> {
      await db.update(reminders).set(values).where(ofTenant(tenantId, id));
    },

    async deactivate(tenantId: string, id: string): Promise<void> {
      await db.update(reminders).set({ active: false }).where(ofTenant(tenantId, id));
    },

    async remove(tenantId: string, id: string): Promise<void> {
      await db.delete(reminders).where(ofTenant(tenantId, id));
    },
  };
}
export type OwnTasksRepository = ReturnType<typeof ownTasksRepository>;
