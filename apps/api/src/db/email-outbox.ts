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

/** The reminders of a client, cancelled when not yet sent once the client unsubscribes. */
export const REMINDER_KINDS = [REMINDER_KIND, REMINDER_NUDGE_KIND];
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
