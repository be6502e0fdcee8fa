import { and, asc, eq, inArray } from 'drizzle-orm';
import { idExists } from '../../db/query-helpers';
import type { DefaultReminder } from '@homeminder/shared/contracts/default-reminders';
import type { CorporationReminderTiming as ReminderDefaults } from '@homeminder/shared/contracts/reminder-timing';
import type { Database } from '../../db/client';
import { corporations, defaultReminders, maintenanceFrequencies, reminders } from '../../db/schema';

/** A corporation's default reminder set (docs/decisions/060), always read and written whole. */
export function defaultRemindersRepository(db: Database) {
  return {
    /** The set in its order, with the names the screens show; a task retired from the catalogue drops out. */
    async list(tenantId: string): Promise<DefaultReminder[]> {
      return db
        .select({
          reminderId: defaultReminders.reminderId,
          name: reminders.name,
          category: reminders.category,
          maintenanceFrequencyId: defaultReminders.maintenanceFrequencyId,
          frequencyName: maintenanceFrequencies.name,
        })
        .from(defaultReminders)
        .innerJoin(reminders, eq(reminders.id, defaultReminders.reminderId))
        .innerJoin(
          maintenanceFrequencies,
          eq(maintenanceFrequencies.id, defaultReminders.maintenanceFrequencyId),
        )
        .where(and(eq(defaultReminders.tenantId, tenantId), eq(reminders.active, true)))
        .orderBy(asc(defaultReminders.position));
    },

    corporationExists: (tenantId: string) => idExists(db, corporations.id, tenantId),

    /**
     * When the corporation's new homes get their reminders (docs/decisions/102) and how often its
     * new clients are emailed (docs/decisions/103).
     */
    async timingOf(tenantId: string): Promise<ReminderDefaults> {
      const [row] = await db
        .select({ leadDays: corporations.reminderLeadDays, emailCadence: corporations.emailCadence })
        .from(corporations)
        .where(eq(corporations.id, tenantId));
      return row ?? { leadDays: 0, emailCadence: 'each' };
    },

    async setTiming(tenantId: string, timing: ReminderDefaults, at: Date) {
      await db
        .update(corporations)
        .set({ reminderLeadDays: timing.leadDays, emailCadence: timing.emailCadence, updatedAt: at })
        .where(eq(corporations.id, tenantId));
    },

    /** Which of `ids` are active reminders of the catalogue. */
    async activeReminders(ids: readonly string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const rows = await db
        .select({ id: reminders.id })
        .from(reminders)
        .where(and(inArray(reminders.id, [...ids]), eq(reminders.active, true)));
      return new Set(rows.map((row) => row.id));
    },

    async frequencyIds(): Promise<Set<number>> {
      const rows = await db.select({ id: maintenanceFrequencies.id }).from(maintenanceFrequencies);
      return new Set(rows.map((row) => row.id));
    },

    /** Replaces the whole set within the request's transaction. */
    async replace(
      tenantId: string,
      items: ReadonlyArray<{ reminderId: string; maintenanceFrequencyId: number }>,
    ): Promise<void> {
      await db.delete(defaultReminders).where(eq(defaultReminders.tenantId, tenantId));
      if (items.length === 0) return;
      await db.insert(defaultReminders).values(
        items.map((item, position) => ({
          tenantId,
          reminderId: item.reminderId,
          maintenanceFrequencyId: item.maintenanceFrequencyId,
          position,
        })),
      );
    },
  };
}
export type DefaultRemindersRepository = ReturnType<typeof defaultRemindersRepository>;
