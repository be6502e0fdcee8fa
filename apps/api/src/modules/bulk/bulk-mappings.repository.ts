import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { bulkColumnMappings } from '../../db/schema';

/** Data access of a corporation's saved column mappings, keyed by the hash of a header row. */
export function bulkMappingsRepository(db: Database) {
  return {
    async find(tenantId: string, headerKey: string): Promise<unknown> {
      const [row] = await db
        .select({ mapping: bulkColumnMappings.mapping })
        .from(bulkColumnMappings)
        .where(and(eq(bulkColumnMappings.tenantId, tenantId), eq(bulkColumnMappings.headerKey, headerKey)));
      return row?.mapping ?? null;
    },

    async save(tenantId: string, headerKey: string, mapping: unknown, at: Date): Promise<void> {
      await db
        .insert(bulkColumnMappings)
        .values({ tenantId, headerKey, mapping, updatedAt: at })
        .onConflictDoUpdate({
          target: [bulkColumnMappings.tenantId, bulkColumnMappings.headerKey],
          set: { mapping, updatedAt: at },
        });
    },
  };
}
