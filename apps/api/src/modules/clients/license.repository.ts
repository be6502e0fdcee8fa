import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { corporations } from '../../db/schema';
import { rowById } from '../../db/query-helpers';

/** What a corporation's license allows and how much of it is used. */
export function licenseQueries(db: Database) {
  return {
    /**
     * The corporation's licensed number and the properties using one (enabled, not pending). With
     * `lock`, the corporation row is locked first, which serialises every change that may take a
     * license, so two cannot take the last one. The count is a statement of its own, run once the
     * lock is held: a statement sees what was committed when it began, so a count in the locking
     * statement could miss the property the previous lock holder just added.
     * NO KEY UPDATE, not UPDATE: inserting a client takes a KEY SHARE lock on its corporation (the
     * foreign key), which UPDATE would wait for, so two set-ups at once would deadlock.
     */
    async licenseUse(tenantId: string, options: { lock?: boolean } = {}) {
      if (options.lock) {
        await db
          .select({ id: corporations.id })
          .from(corporations)
          .where(eq(corporations.id, tenantId))
          .for('no key update');
      }
      const row = await rowById(db, corporations.id, tenantId, {
        licensed: corporations.licensedProperties,
        used: sql<number>`(select count(*)::int from properties u
          where u.tenant_id = ${tenantId} and u.enabled and not u.pending)`,
        endsOn: corporations.licenseEndsOn,
        timeZone: corporations.timeZone,
      });
      return {
        licensed: row?.licensed ?? 0,
        used: row?.used ?? 0,
        /** The license's last day (YYYY-MM-DD), validated in `timeZone`; null when it has no end. */
        endsOn: row?.endsOn ?? null,
        timeZone: row?.timeZone ?? null,
      };
    },
  };
}
