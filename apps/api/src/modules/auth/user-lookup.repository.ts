import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { sameTextIgnoringCase } from '../../db/query-helpers';
import type { Database } from '../../db/client';
import { withAllTenants, withTenant } from '../../db/data-scope';
import { clientUsers, corporations, tenantUsers } from '../../db/schema';

/** Sign-in looks a user up by email across the service: the email is the username. */
export function userLookupRepository(db: Database) {
  return {
    async findByEmail(email: string) {
      const [row] = await withAllTenants(db, () =>
        db
          .select({
            id: tenantUsers.id,
            tenantId: tenantUsers.tenantId,
            email: tenantUsers.email,
            passwordHash: tenantUsers.passwordHash,
            enabled: tenantUsers.enabled,
            corporationEnabled: corporations.enabled,
          })
          .from(tenantUsers)
          .innerJoin(corporations, eq(corporations.id, tenantUsers.tenantId))
          .where(sameTextIgnoringCase(tenantUsers.email, email)),
      );
      return row;
    },

    /**
     * The homeowners who made a sign-in with this address (docs/decisions/062). A client's address
     * is unique within a corporation only, so one person may be a client of several.
     */
    async findClientsByEmail(email: string) {
      return withAllTenants(db, () =>
        db
          .select({
            id: clientUsers.id,
            tenantId: clientUsers.tenantId,
            email: clientUsers.email,
            passwordHash: clientUsers.passwordHash,
            // A client's flag follows their properties: a homeowner whose homes are all paused
            // still signs in, to see that and resume them.
            enabled: sql<boolean>`true`,
            corporationEnabled: corporations.enabled,
          })
          .from(clientUsers)
          .innerJoin(corporations, eq(corporations.id, clientUsers.tenantId))
          .where(and(sameTextIgnoringCase(clientUsers.email, email), isNotNull(clientUsers.passwordHash)))
          .orderBy(clientUsers.createdAt, clientUsers.id),
      );
    },

    async recordLogin(tenantId: string, userId: string, at: Date) {
      await withTenant(db, tenantId, () =>
        db
          .update(tenantUsers)
          .set({ lastLoginAt: at })
          .where(sql`${tenantUsers.tenantId} = ${tenantId} and ${tenantUsers.id} = ${userId}`),
      );
    },
  };
}
