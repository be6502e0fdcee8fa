import { sql, type SQL } from 'drizzle-orm';
import type { TimelineActorKind, TimelineEventKind } from '@homeminder/shared/contracts/replies';
import type { Database } from '../../db/client';
import { REMINDER_KIND } from '../../db/email-outbox';

/** One row of a client's timeline as the database returns it: timestamps as ISO text. */
export interface TimelineRow {
  id: string;
  kind: TimelineEventKind;
  at: string;
  actorKind: TimelineActorKind;
  actorName: string | null;
  task: string | null;
  addressLine: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  dueAt: string | null;
  doneOn: string | null;
  movedTo: string | null;
  note: string | null;
  changes: unknown;
}

/** Where a page of the timeline starts: after the last row of the page before. */
export interface TimelineCursor {
  at: string;
  id: string;
}

/** ISO text made by the database, to the millisecond, so both drivers return the same string. */
const iso = (expression: SQL) =>
  sql`to_char(${expression} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
/** The instant to the millisecond: what the cursor carries, so a page boundary loses no row. */
const ms = (expression: SQL) => sql`date_trunc('milliseconds', ${expression})`;

/** The audit entries of a client the timeline shows, and the event each one is. */
const auditEvents = sql`case l.action when 'client.unsubscribed' then 'unsubscribed'
  when 'client.resubscribed' then 'resubscribed' when 'client.invited' then 'invited'
  when 'client.registered' then 'registered' when 'client.updated' then 'changed'
  when 'property.profile-changed' then 'profile-changed' when 'property.system-added' then 'system-added'
  when 'property.system-changed' then 'system-changed' when 'property.system-removed' then 'system-removed'
  when 'property.plan-changed' then 'plan-changed' when 'property.work-recorded' then 'work-recorded'
  when 'property.work-changed' then 'work-changed' when 'property.work-removed' then 'work-removed'
  when 'property.sale-marked' then 'sale-marked' when 'property.sale-changed' then 'sale-changed'
  when 'property.sale-undone' then 'sale-undone' when 'property.sold' then 'sold'
  when 'property.bought' then 'bought' end`;

/**
 * A client's timeline (docs/decisions/064), read from where each thing is recorded: the outbox
 * (reminders sent, by the portal), the replies (done, put off, help asked and handled) and the
 * audit log (unsubscribed, subscribed again, invited, registered, details and a home's profile
 * and systems changed with their values before and after, and its care record, docs/decisions/081,
 * 088, 089 and 094). Newest first, a page at a time.
 */
export function timelineRepository(db: Database) {
  return {
    async clientTimeline(
      tenantId: string,
      clientUserId: string,
      before: TimelineCursor | null,
      limit: number,
    ): Promise<TimelineRow[]> {
      const address = sql`p.address_line as "addressLine", p.city, p.state, p.zip`;
      const replyFrom = sql`from reminder_answers a
        join reminders r on r.id = a.reminder_id
        join properties p on p.tenant_id = a.tenant_id and p.id = a.property_id`;
      const cursor = before ? sql`where (t.at_ms, t.id) < (${before.at}::timestamptz, ${before.id})` : sql``;
      const result = await db.execute(sql`
        select t.id, t.kind, ${iso(sql`t.at_ms`)} as "at", t."actorKind", t."actorName", t.task,
          t."addressLine", t.city, t.state, t.zip, t."dueAt", t."doneOn", t."movedTo", t.note, t.changes
        from (
          select 'sent:' || o.id as id, 'reminder-sent' as kind, ${ms(sql`coalesce(o.sent_at, o.created_at)`)} as at_ms,
            'system' as "actorKind", null as "actorName", r.name as task, ${address},
            ${iso(sql`o.due_at`)} as "dueAt", null as "doneOn", null as "movedTo", null as note,
            null::jsonb as changes
          from properties p
          join reminder_subscriptions s on s.tenant_id = p.tenant_id and s.property_id = p.id
          join reminders r on r.id = s.reminder_id
          join email_outbox o on o.tenant_id = s.tenant_id and o.subscription_id = s.id
          where p.tenant_id = ${tenantId} and p.client_user_id = ${clientUserId}
            and o.kind = ${REMINDER_KIND} and o.status in ('sent', 'kept')
          union all
          select 'answer:' || a.id, a.kind, ${ms(sql`a.created_at`)},
            case when a.source = 'email' then 'homeowner-email' when u.id is not null then 'staff'
              else 'homeowner-signed-in' end,
            u.first_name || ' ' || u.last_name, r.name, ${address},
            ${iso(sql`a.due_at`)}, a.done_on::text, ${iso(sql`a.moved_to`)}, a.note, null
          ${replyFrom}
          left join tenant_users u on u.tenant_id = a.tenant_id and u.id = a.actor_user_id
          where a.tenant_id = ${tenantId} and a.client_user_id = ${clientUserId}
          union all
          select 'handled:' || a.id, 'help-handled', ${ms(sql`a.handled_at`)}, 'staff', a.handled_by_name,
            r.name, ${address}, ${iso(sql`a.due_at`)}, null, null, a.handled_note, null
          ${replyFrom}
          where a.tenant_id = ${tenantId} and a.client_user_id = ${clientUserId} and a.handled_at is not null
          union all
          -- No actor is a homeowner by an emailed link (unsubscribe, invitation); the client's own id
          -- is the homeowner signed in; anyone else is staff, named while their account exists.
          select 'audit:' || l.id, ${auditEvents}, ${ms(sql`l.at`)},
            case when l.actor_user_id is null then 'homeowner-email'
              when l.actor_user_id = ${clientUserId} then 'homeowner-signed-in' else 'staff' end,
            coalesce(case when l.real_actor_user_id is distinct from l.actor_user_id
              then coalesce(l.details ->> 'realActorName', ru.first_name || ' ' || ru.last_name) || ' as ' end, '')
              || (u.first_name || ' ' || u.last_name),
            -- A system's entry names it, and a care record's its work, where a reminder's names its task.
            coalesce(l.details ->> 'system', l.details ->> 'work'), hp.address_line, hp.city, hp.state, hp.zip, null, null, null, null,
            l.details -> 'changes'
          from audit_log l
          left join tenant_users u on u.tenant_id = l.tenant_id and u.id = l.actor_user_id
          -- The home whose profile or systems changed.
          left join properties hp on hp.tenant_id = l.tenant_id and hp.id::text = l.details ->> 'propertyId'
          left join tenant_users ru on ru.id = l.real_actor_user_id
          where l.tenant_id = ${tenantId} and l.record_type = 'client-user' and l.record_id = ${clientUserId}
            and l.action in ('client.unsubscribed', 'client.resubscribed', 'client.invited', 'client.registered',
              'client.updated', 'property.profile-changed', 'property.system-added', 'property.system-changed',
              'property.system-removed', 'property.plan-changed', 'property.work-recorded',
              'property.work-changed', 'property.work-removed', 'property.sale-marked',
              'property.sale-changed', 'property.sale-undone', 'property.sold', 'property.bought')
        ) t
        ${cursor}
        order by t.at_ms desc, t.id desc
        limit ${limit}`);
      return (result as { rows: TimelineRow[] }).rows;
    },
  };
}
export type TimelineRepository = ReturnType<typeof timelineRepository>;
