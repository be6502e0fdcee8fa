import type { Place } from '@homeminder/shared/climate';
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { p, s } from '../../db/client-property-queries';
import { defaultReminders, maintenanceFrequencies, reminders } from '../../db/schema';

/** A task of the corporation's catalogue as a plan weighs and starts it. */
export interface CatalogueTask {
  id: string;
  name: string;
  needs: string | null;
  season: string | null;
  inDefaultSet: boolean;
  /** The frequency a new reminder of it gets: the default set's, else the task's own. */
  frequencyId: number;
  intervalMonths: number;
}

/**
 * What a home's plan reads and changes (docs/decisions/090): the corporation's catalogue, the
 * home's state and its reminders. Callers first find the home within their reach (`home-access.ts`).
 */
export function homePlanRepository(db: Database) {
  return {
    /** The shared catalogue and the corporation's own active tasks, in the catalogue's order. */
    async catalogueOf(tenantId: string): Promise<CatalogueTask[]> {
      const inSet = sql<boolean>`${defaultReminders.reminderId} is not null`;
      return db
        .select({
          id: reminders.id,
          name: reminders.name,
          needs: reminders.needs,
          season: reminders.season,
          inDefaultSet: inSet,
          frequencyId: sql<number>`coalesce(${defaultReminders.maintenanceFrequencyId}, ${reminders.defaultFrequencyId})`,
          intervalMonths: maintenanceFrequencies.intervalMonths,
        })
        .from(reminders)
        .leftJoin(
          defaultReminders,
          and(eq(defaultReminders.tenantId, tenantId), eq(defaultReminders.reminderId, reminders.id)),
        )
        .innerJoin(
          maintenanceFrequencies,
          eq(
            maintenanceFrequencies.id,
            sql`coalesce(${defaultReminders.maintenanceFrequencyId}, ${reminders.defaultFrequencyId})`,
          ),
        )
        .where(
          and(eq(reminders.active, true), or(isNull(reminders.tenantId), eq(reminders.tenantId, tenantId))),
        )
        .orderBy(reminders.category, reminders.name);
    },

    /** Where the home is, for its climate. */
    async placeOf(tenantId: string, propertyId: string): Promise<Place> {
      const [row] = await db
        .select({ state: p.state, zip: p.zip })
        .from(p)
        .where(and(eq(p.tenantId, tenantId), eq(p.id, propertyId.toLowerCase())));
      return row ?? { state: null, zip: null };
    },

    /** The home's reminders: which task each is, and whether it is turned off. */
    async remindersOf(tenantId: string, propertyId: string) {
      return db
        .select({ id: s.id, reminderId: s.reminderId, paused: sql<boolean>`${s.pausedAt} is not null` })
        .from(s)
        .where(and(eq(s.tenantId, tenantId), eq(s.propertyId, propertyId.toLowerCase())));
    },

    /** Turns reminders off (keeping their schedule and history) or on again. */
    async setPaused(tenantId: string, ids: string[], paused: boolean, at: Date): Promise<void> {
      if (ids.length === 0) return;
      await db
        .update(s)
        .set({ pausedAt: paused ? at : null, updatedAt: at })
        .where(and(eq(s.tenantId, tenantId), inArray(s.id, ids)));
    },
  };
}
export type HomePlanRepository = ReturnType<typeof homePlanRepository>;
