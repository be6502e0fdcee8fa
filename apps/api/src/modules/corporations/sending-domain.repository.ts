import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { deletedAny } from '../../db/query-helpers';
import { sendingDomains } from '../../db/schema';

export type SendingDomainRow = typeof sendingDomains.$inferSelect;

/** A corporation's own sending domain and its DKIM key (docs/decisions/105). */
export function sendingDomainRepository(db: Database) {
  const ofTenant = (tenantId: string) => eq(sendingDomains.tenantId, tenantId);
  return {
    async find(tenantId: string): Promise<SendingDomainRow | undefined> {
      const [row] = await db.select().from(sendingDomains).where(ofTenant(tenantId));
      return row;
    },

    /** Sets the domain with a new key, replacing any other; not yet verified. */
    async replace(row: Omit<SendingDomainRow, 'verifiedAt' | 'createdAt' | 'updatedAt'>, at: Date) {
      const values = { ...row, verifiedAt: null, createdAt: at, updatedAt: at };
      await db
        .insert(sendingDomains)
        .values(values)
        .onConflictDoUpdate({ target: sendingDomains.tenantId, set: values });
    },

    async markVerified(tenantId: string, at: Date) {
      await db.update(sendingDomains).set({ verifiedAt: at, updatedAt: at }).where(ofTenant(tenantId));
    },

    remove: (tenantId: string) => deletedAny(db, sendingDomains, ofTenant(tenantId)),
  };
}
export type SendingDomainRepository = ReturnType<typeof sendingDomainRepository>;
