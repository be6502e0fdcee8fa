import { and, asc, inArray, sql } from 'drizzle-orm';
import type { HomeSystemKind } from '@homeminder/shared/contracts/home-systems';
import type { HomeFacts } from '@homeminder/shared/home-plan';
import { quietAfter } from '@homeminder/shared/email-cadence';
import type { Database } from '../../db/client';
import { groupedBy } from '../../db/query-helpers';
import { homeSystems, reminderReplies } from '../../db/schema';

/** What a dispatch batch reads beside its claim, for the claimed rows only, and writes of its clients. */

/** The systems of the homes whose reminders name their details (docs/decisions/090), by home. */
export async function systemsOfHomes(
  db: Pick<Database, 'select'>,
  rows: { tenantId: string; propertyId: string }[],
) {
  if (rows.length === 0) return new Map<string, HomeFacts['systems'][number][]>();
  const found = await db
    .select({
      propertyId: homeSystems.propertyId,
      kind: homeSystems.kind,
      type: homeSystems.type,
      filterSize: homeSystems.filterSize,
      waterFilter: homeSystems.waterFilter,
    })
    .from(homeSystems)
    .where(
      and(
        inArray(homeSystems.tenantId, [...new Set(rows.map((row) => row.tenantId))]),
        inArray(homeSystems.propertyId, [...new Set(rows.map((row) => row.propertyId))]),
      ),
    )
    .orderBy(asc(homeSystems.createdAt), asc(homeSystems.id));
  return groupedBy(
    found,
    (system) => system.propertyId,
    // Written only through the shared contract, so the kind is one of its kinds.
    ({ propertyId: _property, kind, ...system }): HomeFacts['systems'][number] => ({
      kind: kind as HomeSystemKind,
      ...system,
    }),
  );
}

/**
 * The claimed subscriptions someone replied to since their reminder went, by id: their nudge
 * stays unsent. Read by client, off the index of a client's replies.
 */
export async function repliedSinceSent(
  db: Pick<Database, 'select'>,
  rows: { tenantId: string; clientUserId: string; id: string; lastSentAt: Date | null }[],
) {
  const replied = new Set<string>();
  const since = new Map(rows.map((row) => [row.id, row.lastSentAt?.getTime() ?? 0]));
  const found = await db
    .select({ subscriptionId: reminderReplies.subscriptionId, createdAt: reminderReplies.createdAt })
    .from(reminderReplies)
    .where(
      and(
        inArray(reminderReplies.tenantId, [...new Set(rows.map((row) => row.tenantId))]),
        inArray(reminderReplies.clientUserId, [...new Set(rows.map((row) => row.clientUserId))]),
        inArray(reminderReplies.subscriptionId, [...since.keys()]),
      ),
    );
  for (const reply of found) {
    if (reply.createdAt.getTime() >= (since.get(reply.subscriptionId) ?? 0))
      replied.add(reply.subscriptionId);
  }
  return replied;
}

/**
 * Counts the reminders just sent to each client as unanswered until the client answers one
 * (docs/decisions/103), from when the first of them went; the quiet hear less. A client who
 * becomes quiet has had this month's reminders one by one, so their first monthly email is the
 * next month's (`month`, the monthly email's month now in their corporation's zone).
 */
export async function countUnanswered(
  db: Pick<Database, 'execute'>,
  clients: { tenant_id: string; id: string; sent: number; month: string }[],
  at: Date,
) {
  // In one order: two dispatchers whose batches share clients then lock them in the same order
  // instead of each waiting on the other.
  const key = (client: { tenant_id: string; id: string }) => `${client.tenant_id}/${client.id}`;
  const ordered = [...clients].sort((a, b) => (key(a) < key(b) ? -1 : 1));
  await db.execute(sql`
    update client_users as c
       set unanswered_reminders = c.unanswered_reminders + v.sent,
           unanswered_since = coalesce(c.unanswered_since, ${at.toISOString()}::timestamptz),
           monthly_sent_for = case
             when c.unanswered_reminders < ${quietAfter.monthly}
                  and c.unanswered_reminders + v.sent >= ${quietAfter.monthly}
               then greatest(c.monthly_sent_for, v.month)
             else c.monthly_sent_for end
      from jsonb_to_recordset(${JSON.stringify(ordered)}::jsonb)
           as v(tenant_id uuid, id uuid, sent int, month date)
     where c.tenant_id = v.tenant_id and c.id = v.id`);
}
