import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { corporations, tenantUsers } from '../../db/schema';
import { tenantDetailColumns } from '../corporations/corporations.repository';

export function identityRepository(db: Database) {
  return {
    async profileImage(tenantId: string, userId: string) {
      const [row] = await db
        .select({ image: tenantUsers.profileImage, type: tenantUsers.profileImageType })
        .from(tenantUsers)
        .where(and(eq(tenantUsers.tenantId, tenantId), eq(tenantUsers.id, userId)));
      return row;
    },

    async tenantDetails(tenantId: string) {
      const [row] = await db
        .select(tenantDetailColumns)
        .from(corporations)
        .where(eq(corporations.id, tenantId));
      return row;
    },
  };
}
export type IdentityRepository = ReturnType<typeof identityRepository>;
