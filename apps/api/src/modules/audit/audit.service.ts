import type { Database } from '../../db/client';
import { withTenant } from '../../db/data-scope';
import { auditLog } from '../../db/schema';

export interface AuditEntry {
  tenantId: string;
  actorUserId: string | null;
  realActorUserId?: string | null;
  action: string;
  recordType?: string;
  recordId?: string;
  details?: Record<string, unknown>;
  ipAddress?: string | null;
}

/** Who did what, to which record, when, and under whose impersonation. */
export function auditService(db: Database) {
  return {
    /** Writes the entry in the caller's transaction (`executor`), or in the entry's corporation. */
    async record(entry: AuditEntry, executor?: Pick<Database, 'insert'>): Promise<void> {
      if (!executor) return withTenant(db, entry.tenantId, () => this.record(entry, db));
      await executor.insert(auditLog).values({
        tenantId: entry.tenantId,
        actorUserId: entry.actorUserId,
        realActorUserId: entry.realActorUserId ?? entry.actorUserId,
        action: entry.action,
        recordType: entry.recordType ?? null,
        recordId: entry.recordId ?? null,
        details: entry.details ?? null,
        ipAddress: entry.ipAddress ?? null,
      });
    },
  };
}
export type AuditService = ReturnType<typeof auditService>;
