import { sql } from 'drizzle-orm';
import type { Database } from './client';
import { corporations, emailOutbox, type EmailAttachment } from './schema';

/**
 * The outbox, which several modules write to and read back: the kinds of message more than one
 * module looks for, how an email is branded, and how one is queued.
 */

/** The kind of an outbox message that is a maintenance reminder. */
export const REMINDER_KIND = 'reminder';

/** The kind of the one nudge of a reminder nobody replied to (docs/decisions/102). */
export const REMINDER_NUDGE_KIND = 'reminder-nudge';

/** The one email a month of a client who chose it, or who answers none (docs/decisions/103). */
export const REMINDER_MONTHLY_KIND = 'reminder-monthly';

/** The reminders of a client, cancelled when not yet sent once the client unsubscribes. */
export const REMINDER_KINDS = [REMINDER_KIND, REMINDER_NUDGE_KIND, REMINDER_MONTHLY_KIND];
export const unsubscribedMailError = 'The client unsubscribed.';

/** The kind of an outbox message that tells staff a client asked for help with a task. */
export const HELP_REQUEST_KIND = 'help-request';

/** What brands a corporation's emails: its name, site name, colour and whether it has an image. */
export const emailBrandColumns = {
  corporationName: corporations.name,
  siteName: corporations.siteName,
  brandColour: corporations.brandColour,
  hasBranding: sql<boolean>`${corporations.brandingImage} is not null`,
};

/** An email for the outbox to send: what it is, to whom, from whose name, and its two parts. */
export interface QueuedEmail {
  kind: string;
  toAddress: string;
  fromName: string;
  subject: string;
  html: string;
  text: string;
  /** Extra message headers, such as a Reply-To. */
  headers?: Record<string, string>;
  attachments?: EmailAttachment[];
}

/**
 * Puts an email in the outbox, to go at `at`, inside the caller's transaction and corporation.
 * Without `at` it goes at once, written at the database's time.
 */
export async function queueEmail(
  db: Database,
  tenantId: string,
  email: QueuedEmail,
  at?: Date,
): Promise<void> {
  await db
    .insert(emailOutbox)
    .values({ tenantId, ...email, ...(at && { nextAttemptAt: at, createdAt: at }) });
}

/** A reminder email of a dispatch batch, as the outbox's columns name it. */
export interface ReminderOutboxRow {
  tenant_id: string;
  kind: string;
  to_address: string;
  from_name: string;
  headers: Record<string, string> | undefined;
  subject: string;
  html: string;
  text: string;
  /** Null for the monthly email, which is about several. */
  subscription_id: string | null;
  due_at: string | null;
  /** The zone whose quiet hours the email keeps, retries included. */
  time_zone: string;
  next_attempt_at: string;
}

/**
 * Writes a dispatch batch's emails in one statement, the rows sent as one JSON parameter: the query
 * text stays the same size whatever the batch, and the database does the row work. A reminder
 * already queued for its subscription, due date and kind is skipped: its key is taken in
 * `reminder_email_keys`, which holds across the outbox's monthly partitions.
 */
export async function insertReminderEmails(
  db: Pick<Database, 'execute'>,
  rows: readonly ReminderOutboxRow[],
  at: Date,
): Promise<void> {
  if (rows.length === 0) return;
  await db.execute(sql`
    with r as (
      select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(
        tenant_id uuid, kind text, to_address text, from_name text, headers jsonb, subject text, html text,
        text text, subscription_id uuid, due_at timestamptz, time_zone text, next_attempt_at timestamptz)
    ), taken as (
      insert into reminder_email_keys (tenant_id, subscription_id, due_at, kind)
      select tenant_id, subscription_id, due_at, kind from r where subscription_id is not null and due_at is not null
      on conflict do nothing
      returning tenant_id, subscription_id, due_at, kind
    )
    insert into email_outbox
      (tenant_id, kind, to_address, from_name, headers, subject, html, text, subscription_id, due_at,
       time_zone, next_attempt_at, created_at)
    select r.tenant_id, r.kind, r.to_address, r.from_name, r.headers, r.subject, r.html, r.text,
           r.subscription_id, r.due_at, r.time_zone, r.next_attempt_at, ${at.toISOString()}::timestamptz
      from r
     where r.subscription_id is null or r.due_at is null
        or exists (select from taken k where k.tenant_id = r.tenant_id and k.subscription_id = r.subscription_id
                     and k.due_at = r.due_at and k.kind = r.kind)
    on conflict do nothing`);
}
