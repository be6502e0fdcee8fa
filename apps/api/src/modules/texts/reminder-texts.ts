import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { heardCadence, type HeardCadence } from '@homeminder/shared/email-cadence';
import { reminderText } from '@homeminder/shared/texts';
import type { Database } from '../../db/client';
import { textConsents } from '../../db/schema';

/** The number a client agreed to be texted at (E.164), as a column of a query over `client_users`. */
export const textPhoneColumn = (client: { tenantId: unknown; id: unknown }) =>
  sql<string | null>`(select ${textConsents.phone} from ${textConsents}
    where ${textConsents.tenantId} = ${client.tenantId} and ${textConsents.clientUserId} = ${client.id}
      and ${textConsents.endedAt} is null)`;

/**
 * What the dispatcher's steps follow for a client who is texted (docs/decisions/106): every
 * reminder, as texts go one per task whatever the email's cadence; a quiet client hears less by
 * text too.
 */
export function heardWithTexts(heard: HeardCadence, unanswered: number, texted: boolean): HeardCadence {
  return texted && heardCadence('each', unanswered) === 'each' ? 'each' : heard;
}

export interface ReminderTextRow {
  tenant_id: string;
  kind: string;
  client_user_id: string;
  to_phone: string;
  body: string;
  subscription_id: string;
  due_at: string;
  time_zone: string;
  next_attempt_at: string;
  link_code: string;
  link_url: string;
}

/** A reminder's text: the task, when it is due, and a short link to its Done page. */
export function reminderTextRow(
  portalUrl: string,
  text: {
    tenantId: string;
    clientUserId: string;
    phone: string;
    sender: string;
    task: string;
    due: string;
    nudge: boolean;
    subscriptionId: string;
    dueAt: Date;
    timeZone: string;
    sendAt: Date;
    answerUrl: string;
  },
): ReminderTextRow {
  // 48 random bits: a guess finds no link, and a found one opens a page that asks before acting.
  const code = randomBytes(6).toString('base64url');
  return {
    tenant_id: text.tenantId,
    kind: text.nudge ? 'reminder-nudge' : 'reminder',
    client_user_id: text.clientUserId,
    to_phone: text.phone,
    body: reminderText({ ...text, link: `${portalUrl}api/t/${code}` }),
    subscription_id: text.subscriptionId,
    due_at: text.dueAt.toISOString(),
    time_zone: text.timeZone,
    next_attempt_at: text.sendAt.toISOString(),
    link_code: code,
    link_url: text.answerUrl,
  };
}

/** Queues reminder texts; one of a kind per subscription and due date, ever, as emails. */
export async function insertReminderTexts(
  db: Pick<Database, 'execute'>,
  rows: readonly ReminderTextRow[],
  at: Date,
): Promise<void> {
  if (rows.length === 0) return;
  await db.execute(sql`
    insert into text_outbox
      (tenant_id, kind, client_user_id, to_phone, body, subscription_id, due_at, time_zone, next_attempt_at,
       link_code, link_url, created_at)
    select r.tenant_id, r.kind, r.client_user_id, r.to_phone, r.body, r.subscription_id, r.due_at, r.time_zone,
           r.next_attempt_at, r.link_code, r.link_url, ${at.toISOString()}::timestamptz
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(
        tenant_id uuid, kind text, client_user_id uuid, to_phone text, body text, subscription_id uuid,
        due_at timestamptz, time_zone text, next_attempt_at timestamptz, link_code text, link_url text)
    on conflict do nothing`);
}
