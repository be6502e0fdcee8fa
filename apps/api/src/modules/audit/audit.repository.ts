import { and, asc, desc, eq, gte, inArray, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type {
  AuditEntry,
  AuditPeople,
  AuditQuery,
  AuditSessionItem,
} from '@homeminder/shared/contracts/audit';
import type { Database } from '../../db/client';
import { containsPattern, countRows, groupedBy, pageRows } from '../../db/query-helpers';
import { auditLog, clientUsers, corporations, tenantUsers } from '../../db/schema';
import { actingSessionAction } from './audit.service';
import { changesOfDetails } from './audit-changes';

const actor = alias(tenantUsers, 'actor');
const realActor = alias(tenantUsers, 'real_actor');

/** The most entries one session lists; a longer session says how many requests it made anyway. */
const sessionItemsShown = 100;

/**
 * The record's name: as the entry's writer knew it (`details.recordName`, which outlives the
 * record), else as the record is named now, else the name older entries kept in `details.name`
 * (docs/decisions/081).
 */
const recordName = sql<string | null>`coalesce(
  ${auditLog.details} ->> 'recordName',
  case ${auditLog.recordType}
    when 'tenant-user' then (select u.first_name || ' ' || u.last_name from tenant_users u
      where u.tenant_id = ${auditLog.tenantId} and u.id::text = ${auditLog.recordId})
    when 'client-user' then (select c.first_name || ' ' || c.last_name from ${clientUsers} c
      where c.tenant_id = ${auditLog.tenantId} and c.id::text = ${auditLog.recordId})
    when 'corporation' then (select k.name from ${corporations} k where k.id::text = ${auditLog.recordId})
    when 'property' then ${auditLog.details} ->> 'addressLine'
  end,
  ${auditLog.details} ->> 'name')`;

const countOf = (details: unknown): number | null => {
  const count = (details as { count?: unknown } | null)?.count;
  return typeof count === 'number' ? count : null;
};

/** Reads the audit log; `tenantId` null means every corporation (operator only). */
export function auditRepository(db: Database) {
  /** What each session entry of a page did, by session id, oldest first. */
  async function sessionItems(
    sessions: { tenantId: string; sessionId: string }[],
  ): Promise<Map<string, AuditSessionItem[]>> {
    if (sessions.length === 0) return new Map();
    const rows = await db
      .select({
        id: auditLog.id,
        at: auditLog.at,
        sessionId: auditLog.sessionId,
        action: auditLog.action,
        recordType: auditLog.recordType,
        recordId: auditLog.recordId,
        recordName,
        details: auditLog.details,
      })
      .from(auditLog)
      .where(
        and(
          inArray(
            auditLog.tenantId,
            sessions.map((session) => session.tenantId),
          ),
          inArray(
            auditLog.sessionId,
            sessions.map((session) => session.sessionId),
          ),
          ne(auditLog.action, actingSessionAction),
        ),
      )
      .orderBy(asc(auditLog.at), asc(auditLog.id));
    return groupedBy(
      rows,
      (row) => row.sessionId!,
      (row): AuditSessionItem => ({
        id: row.id,
        at: row.at.toISOString(),
        action: row.action,
        recordType: row.recordType,
        recordId: row.recordId,
        recordName: row.recordName,
        count: countOf(row.details),
        changes: changesOfDetails(row.details),
      }),
    );
  }

  return {
    async page(
      tenantId: string | null,
      query: AuditQuery,
    ): Promise<{ items: AuditEntry[]; totalItemCount: number }> {
      const conditions: SQL[] = [];
      if (tenantId) conditions.push(eq(auditLog.tenantId, tenantId));
      if (query.personId) {
        const person = query.personId.toLowerCase();
        conditions.push(or(eq(auditLog.actorUserId, person), eq(auditLog.realActorUserId, person))!);
      }
      if (query.action) conditions.push(eq(auditLog.action, query.action));
      if (query.record) {
        conditions.push(
          or(
            sql`lower(${auditLog.recordId}) = lower(${query.record})`,
            sql`${recordName} ilike ${containsPattern(query.record)}`,
          )!,
        );
      }
      if (query.from) conditions.push(gte(auditLog.at, query.from));
      if (query.to) conditions.push(lt(auditLog.at, query.to));
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
              then coalesce(${auditLog.details} ->> 'realActorName',
                ${realActor.firstName} || ' ' || ${realActor.lastName}) end`,
            recordType: auditLog.recordType,
            recordId: auditLog.recordId,
            recordName,
            details: auditLog.details,
            sessionId: auditLog.sessionId,
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
      const sessions = rows.flatMap((row) =>
        row.action === actingSessionAction && row.sessionId
          ? [{ tenantId: row.tenantId, sessionId: row.sessionId }]
          : [],
      );
      const items = await sessionItems(sessions);
      return {
        items: rows.map(({ details, sessionId, ...row }) => {
          const session = details as { requests?: unknown; endedAt?: unknown } | null;
          return {
            ...row,
            at: row.at.toISOString(),
            count: countOf(details),
            changes: changesOfDetails(details),
            session:
              row.action === actingSessionAction && sessionId
                ? {
                    requests: typeof session?.requests === 'number' ? session.requests : 0,
                    endedAt: typeof session?.endedAt === 'string' ? session.endedAt : null,
                    items: (items.get(sessionId) ?? []).slice(0, sessionItemsShown),
                  }
                : null,
          };
        }),
        totalItemCount: await countRows(db, auditLog, where),
      };
    },

    /**
     * The people the person filter offers: the corporation's staff, and whoever acted in it from
     * elsewhere (the operator acting as one of its users); every corporation's for the operator.
     */
    async people(tenantId: string | null): Promise<AuditPeople> {
      const staff = await db
        .select({
          id: tenantUsers.id,
          name: sql<string>`${tenantUsers.firstName} || ' ' || ${tenantUsers.lastName}`,
          corporationName: corporations.name,
        })
        .from(tenantUsers)
        .innerJoin(corporations, eq(corporations.id, tenantUsers.tenantId))
        .where(tenantId ? eq(tenantUsers.tenantId, tenantId) : undefined)
        .limit(1000);
      // Who acted as one of them from another corporation, named as their entries keep them.
      const actedAs = await db
        .selectDistinctOn([auditLog.realActorUserId], {
          id: sql<string>`${auditLog.realActorUserId}`,
          name: sql<string>`${auditLog.details} ->> 'realActorName'`,
          corporationName: sql<string>`coalesce(${corporations.name}, '')`,
        })
        .from(auditLog)
        .leftJoin(
          corporations,
          sql`${corporations.id}::text = ${auditLog.details} ->> 'impersonatorTenantId'`,
        )
        .where(
          and(
            tenantId ? eq(auditLog.tenantId, tenantId) : undefined,
            sql`${auditLog.sessionId} is not null`,
            eq(auditLog.action, actingSessionAction),
            sql`${auditLog.details} ->> 'realActorName' is not null`,
          ),
        )
        .orderBy(auditLog.realActorUserId, desc(auditLog.at));
      const known = new Set(staff.map((person) => person.id));
      const items = [...staff, ...actedAs.filter((person) => !known.has(person.id))];
      return { items: items.sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id)) };
    },
  };
}
export type AuditRepository = ReturnType<typeof auditRepository>;
