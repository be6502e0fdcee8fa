import { and, desc, eq, gte, ilike, lte, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AuditEntry, AuditQuery } from '@homeminder/shared/contracts/audit';
import type { Database } from '../../db/client';
import { countRows, pageRows } from '../../db/query-helpers';
import { auditLog, corporations, tenantUsers } from '../../db/schema';

const actor = alias(tenantUsers, 'actor');
const realActor = alias(tenantUsers, 'real_actor');

/** Reads the audit log; `tenantId` null means every corporation (operator only). */
export function auditRepository(db: Database) {
  return {
    async page(
      tenantId: string | null,
      query: AuditQuery,
    ): Promise<{ items: AuditEntry[]; totalItemCount: number }> {
      const conditions: SQL[] = [];
      if (tenantId) conditions.push(eq(auditLog.tenantId, tenantId));
      if (query.action)
        conditions.push(ilike(auditLog.action, `%${query.action.replace(/[%_\\]/g, '\\$&')}%`));
      if (query.from) conditions.push(gte(auditLog.at, query.from));
      if (query.to) conditions.push(lte(auditLog.at, query.to));
      const where = conditions.length ? and(...conditions) : undefined;

      const rows = await pageRows(
        db
          .select({
            id: auditLog.id,
            at: auditLog.at,
            tenantId: auditLog.tenantId,
            tenantName: corporations.name,
            action: auditLog.action,
            actorName: sql<string | null>`${actor.firstName} || ' ' || ${actor.lastName}`,
            realActorName: sql<
              string | null
            >`case when ${auditLog.realActorUserId} is distinct from ${auditLog.actorUserId}
              then ${realActor.firstName} || ' ' || ${realActor.lastName} end`,
            recordType: auditLog.recordType,
            recordId: auditLog.recordId,
            ipAddress: auditLog.ipAddress,
          })
          .from(auditLog)
          .leftJoin(corporations, eq(corporations.id, auditLog.tenantId))
          .leftJoin(actor, eq(actor.id, auditLog.actorUserId))
          .leftJoin(realActor, eq(realActor.id, auditLog.realActorUserId))
          .where(where)
          .orderBy(desc(auditLog.at), desc(auditLog.id)),
        query,
      );
      return {
        items: rows.map((row) => ({ ...row, at: row.at.toISOString() })),
        totalItemCount: await countRows(db, auditLog, where),
      };
    },
  };
}
export type AuditRepository = ReturnType<typeof auditRepository>;
