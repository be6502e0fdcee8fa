import { and, eq, sql } from 'drizzle-orm';
import { Role } from '@homeminder/shared/permissions';
import type { Database } from '../../db/client';
import { rolesOf } from '../../db/user-roles';
import { withAllTenants, withTenant } from '../../db/data-scope';
import { attentionDigests, corporations, tenantUsers, userRoles } from '../../db/schema';
import { emailBrandColumns, type QueuedEmail, queueEmail } from '../../db/email-outbox';

export interface DueRealtor {
  tenantId: string;
  userId: string;
  email: string;
  firstName: string;
  /** Today in the corporation's time zone, 'YYYY-MM-DD'. */
  localDate: string;
  timeZone: string;
  corporationName: string;
  siteName: string | null;
  brandColour: string | null;
  hasBranding: boolean;
}

/** Who is owed a morning digest, and the claim that makes one server send it once a day. */
export function digestRepository(db: Database) {
  const u = tenantUsers;
  const co = corporations;
  const localNow = (at: Date) => sql`(${at.toISOString()}::timestamptz at time zone ${co.timeZone})`;

  return {
    /**
     * Enabled realtors who want the digest, of enabled corporations whose local clock has passed
     * the digest hour, and whose digest of the local day is not decided yet.
     */
    async due(at: Date, hour: number, limit = 500): Promise<DueRealtor[]> {
      return withAllTenants(db, () =>
        db
          .select({
            tenantId: u.tenantId,
            userId: u.id,
            email: u.email,
            firstName: u.firstName,
            localDate: sql<string>`(${localNow(at)})::date::text`,
            timeZone: co.timeZone,
            ...emailBrandColumns,
          })
          .from(u)
          .innerJoin(co, eq(co.id, u.tenantId))
          .innerJoin(userRoles, rolesOf(u, Role.Realtor))
          .where(
            and(
              eq(u.enabled, true),
              eq(u.attentionDigest, true),
              eq(co.enabled, true),
              eq(co.isSystem, false),
              sql`extract(hour from ${localNow(at)}) >= ${hour}`,
              sql`not exists (select 1 from ${attentionDigests} d
                   where d.tenant_id = ${u.tenantId} and d.user_id = ${u.id}
                     and d.local_date = (${localNow(at)})::date)`,
            ),
          )
          .limit(limit),
      );
    },

    /**
     * Runs `work` in the corporation's transaction once the day's digest of the realtor is
     * claimed; returns null when another server claimed it first. What `work` returns is the
     * number of clients listed, kept with the claim.
     */
    claimed(realtor: DueRealtor, at: Date, work: () => Promise<number>): Promise<number | null> {
      return withTenant(db, realtor.tenantId, () =>
        db.transaction(async () => {
          const [claim] = await db
            .insert(attentionDigests)
            .values({
              tenantId: realtor.tenantId,
              userId: realtor.userId,
              localDate: realtor.localDate,
              items: 0,
              createdAt: at,
            })
            .onConflictDoNothing()
            .returning({ userId: attentionDigests.userId });
          if (!claim) return null;
          const items = await work();
          await db
            .update(attentionDigests)
            .set({ items })
            .where(
              and(
                eq(attentionDigests.tenantId, realtor.tenantId),
                eq(attentionDigests.userId, realtor.userId),
                eq(attentionDigests.localDate, realtor.localDate),
              ),
            );
          return items;
        }),
      );
    },

    queueEmail: (tenantId: string, email: QueuedEmail, at: Date) => queueEmail(db, tenantId, email, at),
  };
}
export type DigestRepository = ReturnType<typeof digestRepository>;
