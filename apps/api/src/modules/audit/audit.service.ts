import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { withTenant } from '../../db/data-scope';
import { auditLog } from '../../db/schema';
import { currentRealActor } from '../../lib/real-actor';
import type { Caller } from '../../access/auth-context';

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

const auditRow = (entry: AuditEntry) => ({
  tenantId: entry.tenantId,
  actorUserId: entry.actorUserId,
  // While acting as someone, the person really acting is named beside the one acted as.
  realActorUserId: entry.realActorUserId ?? currentRealActor() ?? entry.actorUserId,
  action: entry.action,
  recordType: entry.recordType ?? null,
  recordId: entry.recordId ?? null,
  details: entry.details ?? null,
  ipAddress: entry.ipAddress ?? null,
});

/** Who acted, for which corporation and from where: the part of an entry a caller decides. */
export function actedBy({ auth, ip }: Caller) {
  return {
    tenantId: auth.tenantId,
    actorUserId: auth.userId,
    realActorUserId: auth.impersonator?.userId ?? auth.userId,
    ipAddress: ip,
  };
}

/** Who did what, to which record, when, and under whose impersonation. */
export function auditService(db: Database) {
  return {
    /** Writes the entry in the caller's transaction (`executor`), or in the entry's corporation. */
    async record(entry: AuditEntry, executor?: Pick<Database, 'insert'>): Promise<void> {
      if (!executor) return withTenant(db, entry.tenantId, () => this.record(entry, db));
      await executor.insert(auditLog).values(auditRow(entry));
    },

    /**
     * Several entries in one statement (a batch of bulk-created clients), passed as one JSON
     * parameter: a few hundred entries would otherwise be thousands of parameters.
     */
    async recordMany(entries: AuditEntry[], executor: Pick<Database, 'execute'> = db) {
      if (entries.length === 0) return;
      await executor.execute(sql`
        insert into audit_log
          (tenant_id, actor_user_id, real_actor_user_id, action, record_type, record_id, details, ip_address)
        select e."tenantId", e."actorUserId", e."realActorUserId", e.action, e."recordType", e."recordId",
          e.details, e."ipAddress"
        from jsonb_to_recordset(${JSON.stringify(entries.map(auditRow))}::jsonb) as e(
          "tenantId" uuid, "actorUserId" uuid, "realActorUserId" uuid, action text, "recordType" text,
          "recordId" text, details jsonb, "ipAddress" text)`);
    },
  };
}
export type AuditService = ReturnType<typeof auditService>;
