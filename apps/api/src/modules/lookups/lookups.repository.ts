import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { corporations } from '../../db/schema';

export function lookupsRepository(db: Database) {
  return {
    async companyName(tenantId: string) {
      const [row] = await db
        .select({ id: corporations.id, name: corporations.name })
        .from(corporations)
        .where(eq(corporations.id, tenantId));
      return row;
    },
  };
}
export type LookupsRepository = ReturnType<typeof lookupsRepository>;
