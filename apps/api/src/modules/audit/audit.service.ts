import { sql } from 'drizzle-orm';
import type { AuditAction } from '@homeminder/shared/audit-labels';
import type { Database } from '../../db/client';
import { withTenant } from '../../db/data-scope';
import { auditLog } from '../../db/schema';
import { currentActingSession, currentRealActor, currentRealActorName } from '../../lib/real-actor';
import type { Caller } from '../../access/auth-context';

export interface AuditEntry {
  tenantId: string;
  actorUserId: string | null;
  realActorUserId?: string | null;
  /** The name of the person really acting, when it is another than the actor. */
  realActorName?: string;
  /** A code of the shared catalogue, so every entry the server writes has its plain words. */
  action: AuditAction;
  recordType?: string;
  recordId?: string;
  details?: Record<string, unknown>;
  ipAddress?: string | null;
  /** The session of acting as someone; by default the one of the request being served. */
  sessionId?: string | null;
}

/** The action of the one entry each session of acting as another user has (docs/decisions/081). */
export const actingSessionAction = 'auth.impersonation-started';

/**
 * The real actor's name is kept in the details: the acted-as user's corporation cannot read the
 * operator's staff, yet its log must say who really acted (docs/decisions/081).
 */
function detailsOf(entry: AuditEntry) {
  const realActorName = entry.realActorName ?? currentRealActorName();
  return realActorName ? { ...entry.details, realActorName } : (entry.details ?? null);
}

const auditRow = (entry: AuditEntry) => ({
  tenantId: entry.tenantId,
  actorUserId: entry.actorUserId,
  // While acting as someone, the person really acting is named beside the one acted as.
  realActorUserId: entry.realActorUserId ?? currentRealActor() ?? entry.actorUserId,
  action: entry.action,
  recordType: entry.recordType ?? null,
  recordId: entry.recordId ?? null,
  details: detailsOf(entry),
  ipAddress: entry.ipAddress ?? null,
  sessionId: entry.sessionId ?? currentActingSession() ?? null,
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
  /** Changes the details of a session's entry in one statement, so concurrent requests add up. */
  async function updateSession(tenantId: string, sessionId: string, change: ReturnType<typeof sql>) {
    await withTenant(db, tenantId, () =>
      db.execute(sql`
        update audit_log set details = ${change}
        where tenant_id = ${tenantId} and session_id = ${sessionId} and action = ${actingSessionAction}`),
    );
  }

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
          (tenant_id, actor_user_id, real_actor_user_id, action, record_type, record_id, details, ip_address,
            session_id)
        select e."tenantId", e."actorUserId", e."realActorUserId", e.action, e."recordType", e."recordId",
          e.details, e."ipAddress", e."sessionId"
        from jsonb_to_recordset(${JSON.stringify(entries.map(auditRow))}::jsonb) as e(
          "tenantId" uuid, "actorUserId" uuid, "realActorUserId" uuid, action text, "recordType" text,
          "recordId" text, details jsonb, "ipAddress" text, "sessionId" uuid)`);
    },

    /** One more request made while acting as someone, counted on the session's entry. */
    countSessionRequest(tenantId: string, sessionId: string) {
      return updateSession(
        tenantId,
        sessionId,
        sql`jsonb_set(coalesce(details, '{}'::jsonb), '{requests}',
          to_jsonb(coalesce((details ->> 'requests')::int, 0) + 1))`,
      );
    },

    /** The session of acting as someone ended: its entry says when. */
    closeSession(tenantId: string, sessionId: string, at: Date) {
      return updateSession(
        tenantId,
        sessionId,
        sql`jsonb_set(coalesce(details, '{}'::jsonb), '{endedAt}', to_jsonb(${at.toISOString()}::text))`,
      );
    },
  };
}
export type AuditService = ReturnType<typeof auditService>;
