import type { Database } from '../../db/client';
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
    async record(entry: AuditEntry, executor: Pick<Database, 'insert'> = db) {
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
