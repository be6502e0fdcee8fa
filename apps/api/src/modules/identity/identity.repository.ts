import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { corporations, tenantUsers } from '../../db/schema';
import { rowById } from '../../db/query-helpers';
import { tenantDetailColumns } from '../corporations';

export function identityRepository(db: Database) {
  return {
    async profileImage(tenantId: string, userId: string) {
      const [row] = await db
        .select({ image: tenantUsers.profileImage, type: tenantUsers.profileImageType })
        .from(tenantUsers)
        .where(and(eq(tenantUsers.tenantId, tenantId), eq(tenantUsers.id, userId)));
      return row;
    },

    tenantDetails: (tenantId: string) => rowById(db, corporations.id, tenantId, tenantDetailColumns),
  };
}
export type IdentityRepository = ReturnType<typeof identityRepository>;
