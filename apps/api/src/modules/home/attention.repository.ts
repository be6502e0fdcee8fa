import { sql, type SQL } from 'drizzle-orm';
import {
  attentionReasonText,
  attentionReasons,
  attentionRules,
  type AttentionItem,
  type AttentionReason,
} from '@homeminder/shared/contracts/attention';
import { invitationLifetimeMs } from '@homeminder/shared/contracts/account';
import { warrantyNoticeDays } from '@homeminder/shared/contracts/home-system-words';
import type { Database } from '../../db/client';
import type { DigestItem } from '../digest';

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
 * without a second definition of who needs attention. A client's reasons are the same whoever
 * asks, so this reads the kept reasons alone; a realtor's are read off their own index.
 */
export function attentionByClientSql(at: AttentionScope): SQL {
  return sql`select k.client_id, max(k.since) as since, array_agg(distinct k.reason) as reasons
    from (${reasonsAt(at)}) k group by k.client_id`;
}

export interface AttentionPage {
  items: AttentionItem[];
  counts: Record<AttentionReason, number>;
}

/** ISO text of a timestamp, made by the database so both drivers return the same string. */
const iso = (expression: SQL) =>
  sql`to_char(${expression} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * Where the reasons are read from: the rows the database keeps as things happen (decision 087),
 * or, for the reconciliation test, the same definition run again for every client.
 */
export type AttentionSource = 'kept' | 'rebuilt';

const sourceTable: Record<AttentionSource, SQL> = {
  kept: sql`client_attention`,
  rebuilt: sql`(select r.*, c.realtor_id from client_attention_rows(
    (select array_agg(tenant_id) from client_users), (select array_agg(id) from client_users)) r
    join client_users c on c.tenant_id = r.tenant_id and c.id = r.client_user_id)`,
};

/**
 * Every reason a client of the corporation (or of one realtor) needs attention at `now`
 * (docs/decisions/063): the kept reasons (docs/decisions/087), each within its days. Each kept row
 * carries its client's realtor (docs/decisions/110), so a realtor's rows are read off their own index.
 */
function reasonsAt({ tenantId, realtorId, now }: AttentionScope, source: AttentionSource = 'kept'): SQL {
  const overdueBefore = new Date(now.getTime() - attentionRules.overdueAfterDays * dayMs).toISOString();
  const unsubscribedAfter = new Date(
    now.getTime() - attentionRules.unsubscribedWithinDays * dayMs,
  ).toISOString();
  // An invitation is kept at its expiry, `invitationLifetimeMs` after it was sent.
  const invitedBefore = new Date(now.getTime() - attentionRules.invitationUnacceptedDays * dayMs);
  const expiringBefore = new Date(invitedBefore.getTime() + invitationLifetimeMs).toISOString();
  const lifetimeSeconds = invitationLifetimeMs / 1000;
  const at = now.toISOString();
  const replacementAfter = new Date(
    now.getTime() - attentionRules.replacementListedDays * dayMs,
  ).toISOString();
  // A warranty is kept at its last day, and listed from the first notice's days before it.
  const warrantyDays = warrantyNoticeDays[0];
  const warrantyBefore = new Date(now.getTime() + warrantyDays * dayMs).toISOString();
  return sql`
    select k.reason, k.client_user_id as client_id,
           case when k.reason = 'invitation' then k.since - ${lifetimeSeconds} * interval '1 second'
                when k.reason = 'warranty' then k.since - ${warrantyDays} * interval '1 day'
                else k.since end as since,
           k.property_id, k.reply_id as answer_id, k.reminder_id, k.subscription_id, k.detail, k.system_id
      from ${sourceTable[source]} k
     where k.tenant_id = ${tenantId}::uuid
       ${realtorId ? sql`and k.realtor_id = ${realtorId}::uuid` : sql``}
       and (k.reason in ('help', 'failedEmail', 'bounced', 'markedSpam', 'quiet', 'failedText')
         or (k.reason = 'overdue' and k.since < ${overdueBefore}::timestamptz)
         or (k.reason = 'unsubscribed' and k.since >= ${unsubscribedAfter}::timestamptz)
         or (k.reason = 'invitation' and k.since <= ${expiringBefore}::timestamptz)
         or (k.reason = 'replacement' and k.since <= ${at}::timestamptz
             and k.since > ${replacementAfter}::timestamptz)
         or (k.reason = 'warranty' and k.since > ${at}::timestamptz - interval '1 day'
             and k.since <= ${warrantyBefore}::timestamptz))`;
}

/**
 * One page of who needs attention, newest first, and how many rows each reason has in all. The
 * listed rows are computed once (a CTE read twice is materialized) and returned as one JSON row; a
 * kept row's client always exists (its key cascades), so the client's and the task's names are
 * read for the page's rows only.
 */
export function attentionPageSql(filter: AttentionFilter, source: AttentionSource = 'kept'): SQL {
  return sql`
        with listed as (${reasonsAt(filter, source)}),
        page as (
          select l.*, c.first_name || ' ' || c.last_name as client_name, c.email, c.phone,
                 case when realtor.id is null then null
                      else realtor.first_name || ' ' || realtor.last_name end as realtor_name,
                 r.name as task,
                 case when h.id is null then null
                      else json_build_object('kind', h.kind, 'type', h.type, 'installedYear', h.installed_year,
                             'warrantyEndsOn', h.warranty_ends_on::text) end as system
            from (select * from listed order by since desc, reason, client_id
                   limit ${filter.limit} offset ${filter.offset}) l
            join client_users c on c.tenant_id = ${filter.tenantId}::uuid and c.id = l.client_id
            left join tenant_users realtor
              on realtor.tenant_id = ${filter.tenantId}::uuid and realtor.id = c.realtor_id
            left join reminder_subscriptions s
              on s.tenant_id = ${filter.tenantId}::uuid and s.id = l.subscription_id
            left join reminders r on r.id = coalesce(l.reminder_id, s.reminder_id)
            left join home_systems h on h.tenant_id = ${filter.tenantId}::uuid and h.id = l.system_id
        )
        select
          (select json_agg(json_build_object(
             'reason', reason, 'clientId', client_id, 'clientName', client_name, 'email', email,
             'phone', phone, 'realtorName', realtor_name, 'since', ${iso(sql`since`)},
             'propertyId', property_id, 'answerId', answer_id, 'task', task, 'detail', detail,
             'system', system)
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
    async attentionPage(filter: AttentionFilter, source: AttentionSource = 'kept'): Promise<AttentionPage> {
      const result = await db.execute(attentionPageSql(filter, source));
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
