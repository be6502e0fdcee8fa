import { sql, type SQL } from 'drizzle-orm';
import {
  attentionReasonText,
  attentionReasons,
  attentionRules,
  type AttentionItem,
  type AttentionReason,
} from '@homeminder/shared/contracts/attention';
import { invitationLifetimeMs } from '@homeminder/shared/contracts/account';
import type { Database } from '../../db/client';
import type { DigestItem } from '../digest';
import { REMINDER_KIND } from '../../db/email-outbox';

const dayMs = 86_400_000;

export interface AttentionFilter {
  tenantId: string;
  /** Only this realtor's clients; null for the whole corporation. */
  realtorId: string | null;
  now: Date;
  limit: number;
  offset: number;
}

/** Whose list and when: a corporation's, or one realtor's, at `now`. */
export type AttentionScope = Pick<AttentionFilter, 'tenantId' | 'realtorId' | 'now'>;

/**
 * The clients needing attention, one row each: `client_id`, the newest reason's `since`, and its
 * `reasons` (text[]). The same rows as Home's list, so the client grid filters and sorts by them
 * without a second definition of who needs attention.
 */
export function attentionByClientSql(scope: AttentionScope): SQL {
  return sql`select l.client_id, max(l.since) as since, array_agg(distinct l.reason) as reasons
    from (${listedRows(scope)}) l group by l.client_id`;
}

export interface AttentionPage {
  items: AttentionItem[];
  counts: Record<AttentionReason, number>;
}

/** ISO text of a timestamp, made by the database so both drivers return the same string. */
const iso = (expression: SQL) =>
  sql`to_char(${expression} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * Every reason a client needs attention (docs/decisions/063), as one statement: each reason is a
 * branch read off an index of its own (open help requests, recent unsubscribes, open invitations,
 * failed emails, and the subscriptions of the clients who ever replied), each joined to the
 * client under the realtor scope, so a corporation's list costs the same in a database of any size.
 */
function listedRows({ tenantId, realtorId, now }: AttentionScope): SQL {
  const scope = realtorId ? sql`and c.realtor_id = ${realtorId}::uuid` : sql``;
  const overdueBefore = new Date(now.getTime() - attentionRules.overdueAfterDays * dayMs).toISOString();
  const unsubscribedAfter = new Date(
    now.getTime() - attentionRules.unsubscribedWithinDays * dayMs,
  ).toISOString();
  // An invitation is sent `invitationLifetimeMs` before it expires.
  const invitedBefore = new Date(now.getTime() - attentionRules.invitationUnacceptedDays * dayMs);
  const expiringBefore = new Date(invitedBefore.getTime() + invitationLifetimeMs).toISOString();
  const lifetimeSeconds = invitationLifetimeMs / 1000;
  // The client's columns every branch returns, so the list needs no second read of the clients.
  const person = sql`c.id as client_id, c.first_name, c.last_name, c.email, c.phone, c.realtor_id`;
  return sql`
    select 'help' as reason, ${person}, a.created_at as since, a.property_id, a.id as answer_id,
           r.name as task, a.note as detail
      from reminder_answers a
      join reminders r on r.id = a.reminder_id
      join client_users c on c.tenant_id = a.tenant_id and c.id = a.client_user_id ${scope}
     where a.tenant_id = ${tenantId}::uuid and a.kind = 'help' and a.handled_at is null
    union all
    select * from (
      select distinct on (c.id) 'overdue', ${person}, o.due_at, p.id, null::uuid, r.name, null
        from (select distinct a.client_user_id from reminder_answers a
               where a.tenant_id = ${tenantId}::uuid) answered
        join client_users c on c.tenant_id = ${tenantId}::uuid and c.id = answered.client_user_id ${scope}
        join properties p on p.tenant_id = c.tenant_id and p.client_user_id = c.id
        join reminder_subscriptions s on s.tenant_id = p.tenant_id and s.property_id = p.id
        join reminders r on r.id = s.reminder_id
        -- The last "done" of each subscription (given, or recorded, after it fell due), in one pass.
        left join (select d.subscription_id, max(greatest(d.due_at, d.created_at)) as last
                     from reminder_answers d
                    where d.tenant_id = ${tenantId}::uuid and d.kind = 'done'
                    group by d.subscription_id) done on done.subscription_id = s.id
        -- The first occurrence emailed after it.
        cross join lateral (
          select o.due_at from email_outbox o
           where o.tenant_id = s.tenant_id and o.subscription_id = s.id
             and o.due_at < ${overdueBefore}::timestamptz
             and o.due_at > coalesce(done.last, '-infinity'::timestamptz)
             and o.kind = ${REMINDER_KIND} and o.status in ('sent', 'kept')
           order by o.due_at limit 1) o
       order by c.id, o.due_at) overdue
    union all
    select 'failedEmail', ${person}, x.since, null, null, null, x.detail
      from (select distinct on (lower(o.to_address)) lower(o.to_address) as address,
                   o.created_at as since, o.subject as detail
              from email_outbox o
             where o.tenant_id = ${tenantId}::uuid and o.status = 'failed'
             order by lower(o.to_address), o.created_at) x
      join client_users c on c.tenant_id = ${tenantId}::uuid and lower(c.email) = x.address ${scope}
    union all
    select 'unsubscribed', ${person}, c.unsubscribed_at, null, null, null, null
      from client_users c
     where c.tenant_id = ${tenantId}::uuid and c.unsubscribed_at is not null
       and c.unsubscribed_at >= ${unsubscribedAfter}::timestamptz ${scope}
    union all
    select 'invitation', ${person}, c.invitation_expires_at - ${lifetimeSeconds} * interval '1 second',
           null, null, null, null
      from client_users c
     where c.tenant_id = ${tenantId}::uuid and c.invitation_code is not null
       and c.invitation_expires_at <= ${expiringBefore}::timestamptz and c.password_hash is null ${scope}`;
}

/**
 * One page of who needs attention, newest first, and how many rows each reason has in all. The
 * listed rows are computed once (a CTE read twice is materialized) and returned as one JSON row.
 */
export function attentionPageSql(filter: AttentionFilter): SQL {
  return sql`
        with listed as (
          select l.*, l.first_name || ' ' || l.last_name as client_name,
                 case when realtor.id is null then null
                      else realtor.first_name || ' ' || realtor.last_name end as realtor_name
            from (${listedRows(filter)}) l
            left join tenant_users realtor
              on realtor.tenant_id = ${filter.tenantId}::uuid and realtor.id = l.realtor_id
        ),
        page as (
          select * from listed order by since desc, reason, client_id
           limit ${filter.limit} offset ${filter.offset}
        )
        select
          (select json_agg(json_build_object(
             'reason', reason, 'clientId', client_id, 'clientName', client_name, 'email', email,
             'phone', phone, 'realtorName', realtor_name, 'since', ${iso(sql`since`)},
             'propertyId', property_id, 'answerId', answer_id, 'task', task, 'detail', detail)
             order by since desc, reason, client_id) from page) as items,
          (select json_object_agg(reason, n) from
             (select reason, count(*)::int as n from listed group by reason) counted) as counts`;
}

interface PageRow {
  items: Array<Omit<AttentionItem, 'reason'> & { reason: string }> | null;
  counts: Record<string, number> | null;
}

export function attentionRepository(db: Database) {
  return {
    async attentionPage(filter: AttentionFilter): Promise<AttentionPage> {
      const result = await db.execute(attentionPageSql(filter));
      const [row] = (result as { rows: PageRow[] }).rows;
      const counts = Object.fromEntries(attentionReasons.map((reason) => [reason, 0])) as Record<
        AttentionReason,
        number
      >;
      for (const [reason, n] of Object.entries(row?.counts ?? {})) counts[reason as AttentionReason] = n;
      return { items: (row?.items ?? []) as AttentionItem[], counts };
    },

    /**
     * A realtor's list for the morning digest (the digest's `attentionOf`), newest first, at most
     * `attentionRules.digestRows` lines: the email points to Home for the rest.
     */
    async digestItems(tenantId: string, realtorId: string, at: Date): Promise<DigestItem[]> {
      const { items } = await this.attentionPage({
        tenantId,
        realtorId,
        now: at,
        limit: attentionRules.digestRows,
        offset: 0,
      });
      return items.map((item) => ({
        clientId: item.clientId,
        clientName: item.clientName,
        reason: attentionReasonText(item),
        since: new Date(item.since),
        email: item.email,
        phone: item.phone,
      }));
    },
  };
}
export type AttentionRepository = ReturnType<typeof attentionRepository>;
