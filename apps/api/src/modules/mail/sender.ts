import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { withAllTenants, withTenant } from '../../db/data-scope';
import { mailboxOf } from '../../lib/mail/links';

export interface OutgoingMail {
  /** The outbox id: the Message-ID is made of it, so a message sent twice is known as one. */
  id: string;
  to: string;
  /** The name on the From line, when not the service's own. */
  fromName: string | null;
  subject: string;
  html: string;
  text: string;
  headers: Record<string, string> | null;
}

/** Delivers one message; throws when the mail server did not take it. */
export type MailTransport = (mail: OutgoingMail) => Promise<void>;

/** Retry policy (docs/decisions/026). */
export const retryPolicy = {
  /** The first retry waits this long; each further one twice as long ... */
  firstDelayMs: 30_000,
  /** ... up to this. */
  maxDelayMs: 60 * 60_000,
  /** Permanent refusals (SMTP 5xx) give up after this many attempts; outages never give up. */
  maxPermanentAttempts: 3,
  /** A claimed message not settled by then (the process died mid-send) is tried again. */
  leaseMs: 5 * 60_000,
} as const;

export function retryDelayMs(attempts: number): number {
  return Math.min(retryPolicy.maxDelayMs, retryPolicy.firstDelayMs * 2 ** Math.max(0, attempts - 1));
}

/** An SMTP answer in the 5xx range: the server refuses the message itself, so trying again will not help. */
function isPermanent(error: unknown): boolean {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

interface ClaimedRow {
  tenant_id: string;
  id: string;
  to_address: string;
  from_name: string | null;
  headers: Record<string, string> | null;
  subject: string;
  html: string;
  text: string;
  attempts: number;
}

export interface SendResult {
  sent: number;
  retrying: number;
  failed: number;
  kept: number;
}

/**
 * Delivers the outbox. Each batch claims due messages (FOR UPDATE SKIP LOCKED) and leases them
 * by moving their next attempt forward, in one short statement; it then sends outside any
 * transaction and settles each message: sent, retried later with exponential back-off, or failed
 * after repeated permanent refusals. A message is deleted never, lost never: when the mail server
 * is down it stays pending and is tried again. Without a transport (no SMTP_URL) messages are
 * marked `kept`: they stay in the outbox, shown on the Sent mail screen.
 */
export function outboxSender({
  db,
  transport,
  now = () => new Date(),
  batchSize = 20,
}: {
  db: Database;
  transport: MailTransport | null;
  now?: () => Date;
  batchSize?: number;
}) {
  const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
  // Claims span corporations (the outbox is one queue); each message is settled in its own.
  const acrossTenants = (query: SQL) => withAllTenants(db, () => db.execute(query));
  const inTenant = (tenantId: string, query: SQL) => withTenant(db, tenantId, () => db.execute(query));

  async function sendBatch(): Promise<SendResult> {
    const at = now();
    const atText = at.toISOString();
    const result: SendResult = { sent: 0, retrying: 0, failed: 0, kept: 0 };
    if (!transport) {
      const kept = rowsOf<{ id: string }>(
        await acrossTenants(sql`
          update email_outbox set status = 'kept'
           where (tenant_id, id) in (
             select tenant_id, id from email_outbox
              where status = 'pending' and next_attempt_at <= ${atText}::timestamptz
              order by next_attempt_at limit ${batchSize}
              for update skip locked)
          returning id`),
      );
      result.kept = kept.length;
      return result;
    }
    const leaseUntil = new Date(at.getTime() + retryPolicy.leaseMs).toISOString();
    const claimed = rowsOf<ClaimedRow>(
      await acrossTenants(sql`
        update email_outbox set attempts = attempts + 1, next_attempt_at = ${leaseUntil}::timestamptz
         where (tenant_id, id) in (
           select tenant_id, id from email_outbox
            where status = 'pending' and next_attempt_at <= ${atText}::timestamptz
            order by next_attempt_at limit ${batchSize}
            for update skip locked)
        returning tenant_id, id, to_address, from_name, headers, subject, html, text, attempts`),
    );
    // The batch's messages go out side by side, each on its own connection.
    const settle = async (row: ClaimedRow) => {
      try {
        await transport({
          id: row.id,
          to: row.to_address,
          fromName: row.from_name,
          subject: row.subject,
          html: row.html,
          text: row.text,
          headers: row.headers,
        });
        await inTenant(
          row.tenant_id,
          sql`
          update email_outbox set status = 'sent', sent_at = ${now().toISOString()}::timestamptz, last_error = null
           where tenant_id = ${row.tenant_id} and id = ${row.id}`,
        );
        result.sent += 1;
      } catch (error) {
        const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
        const giveUp = isPermanent(error) && row.attempts >= retryPolicy.maxPermanentAttempts;
        const retryAt = new Date(now().getTime() + retryDelayMs(row.attempts)).toISOString();
        await inTenant(
          row.tenant_id,
          sql`
          update email_outbox
             set status = ${giveUp ? 'failed' : 'pending'}, last_error = ${message},
                 next_attempt_at = ${retryAt}::timestamptz
           where tenant_id = ${row.tenant_id} and id = ${row.id}`,
        );
        if (giveUp) result.failed += 1;
        else result.retrying += 1;
      }
    };
    await Promise.all(claimed.map(settle));
    return result;
  }

  return {
    sendBatch,
    /** Batches until nothing is due to send now; answers the totals. */
    async sendDue(): Promise<SendResult> {
      const total: SendResult = { sent: 0, retrying: 0, failed: 0, kept: 0 };
      for (;;) {
        const batch = await sendBatch();
        total.sent += batch.sent;
        total.retrying += batch.retrying;
        total.failed += batch.failed;
        total.kept += batch.kept;
        if (batch.sent + batch.retrying + batch.failed + batch.kept < batchSize) return total;
      }
    },
  };
}
export type OutboxSender = ReturnType<typeof outboxSender>;

/**
 * A transport over SMTP_URL with nodemailer. Every message leaves from the MAIL_FROM mailbox, under
 * the corporation's name when it has one, with a Message-ID on that mailbox's domain.
 */
export async function smtpTransport(smtpUrl: string, from: string): Promise<MailTransport> {
  const { createTransport } = await import('nodemailer');
  // Short time-outs, so an outage is noticed quickly; the URL's own settings win.
  const transporter = createTransport({
    url: smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  const address = mailboxOf(from);
  const domain = address.split('@').pop() ?? 'localhost';
  return async (mail) => {
    await transporter.sendMail({
      from: mail.fromName ? { name: mail.fromName, address } : from,
      to: mail.to,
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
      messageId: `<${mail.id}@${domain}>`,
      headers: mail.headers ?? {},
    });
  };
}
