import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { withAllTenants, withTenant } from '../../db/data-scope';
import { corporations, tenantUsers } from '../../db/schema';

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
          .where(sql`lower(${tenantUsers.email}) = lower(${email})`),
      );
      return row;
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
