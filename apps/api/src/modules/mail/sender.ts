import { sql, type SQL } from 'drizzle-orm';
import { quietHoursAfter } from '@homeminder/shared/reminder-timing';
import type { Database } from '../../db/client';
import { withAllTenants } from '../../db/data-scope';
import type { EmailAttachment } from '../../db/schema';
import { mailboxOf } from '../../lib/mail/links';
import { sendInBatches } from '../../lib/outbox-batches';
import { retryDelayMs, retryPolicy } from '../../lib/retry-policy';

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
  attachments: EmailAttachment[] | null;
  /** The corporation's own domain, found in DNS, and its DKIM key (docs/decisions/105); else null. */
  sendingDomain: SendingDomainKey | null;
}

export interface SendingDomainKey {
  domain: string;
  selector: string;
  privateKey: string;
}

/** Delivers one message; throws when the mail server did not take it. */
export type MailTransport = (mail: OutgoingMail) => Promise<void>;

export { retryDelayMs, retryPolicy } from '../../lib/retry-policy';

/** The SMTP response code of a failed send, if the mail server responded at all. */
function responseCodeOf(error: unknown): number | undefined {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' ? code : undefined;
}

/**
 * The mail server cannot be reached, or said it is closing (421): every other message would meet
 * the same, unlike a refusal of one message or one address.
 */
function isServerUnreachable(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  const responseCode = responseCodeOf(error);
  return (
    responseCode === 421 ||
    (responseCode === undefined &&
      typeof code === 'string' &&
      ['ECONNECTION', 'ESOCKET', 'ETIMEDOUT', 'EDNS', 'ETLS'].includes(code))
  );
}

/** An SMTP response in the 5xx range: the server refuses the message itself, so trying again will not help. */
function isPermanent(error: unknown): boolean {
  const code = responseCodeOf(error);
  return code !== undefined && code >= 500 && code < 600;
}

interface ClaimedRow {
  tenant_id: string;
  id: string;
  /**
   * The row's month, as text to the microsecond: a statement that names it reads that month's
   * partition alone, where the id alone would probe every month's index (docs/decisions/108).
   */
  created_at: string;
  to_address: string;
  from_name: string | null;
  headers: Record<string, string> | null;
  attachments: EmailAttachment[] | null;
  subject: string;
  html: string;
  text: string;
  attempts: number;
  /** A reminder's home zone: its retries keep out of the quiet hours there. */
  time_zone: string | null;
  sending_domain: string | null;
  dkim_selector: string | null;
  dkim_private_key: string | null;
}

export interface SendResult {
  sent: number;
  retrying: number;
  failed: number;
  kept: number;
  /** Cancelled unsent: their address is on the corporation's suppression list (docs/decisions/101). */
  suppressed: number;
}

/** Why a message to a suppressed address was not sent, by the suppression's reason. */
export const suppressedMailErrors = {
  bounce: 'Not sent: mail to this address bounced, so it is no longer sent to.',
  complaint: 'Not sent: the recipient marked an email as spam, so none are sent to this address.',
} as const;

/**
 * Delivers the outbox (docs/decisions/026 and 065). Each batch claims due messages (FOR UPDATE
 * SKIP LOCKED) and leases them by moving their next attempt forward, in one short statement. It
 * then sends them one at a time, outside any transaction, and records each as soon as the mail
 * server responded: sent, retried later with exponential back-off, or failed after repeated
 * permanent refusals. So a process that dies mid-batch leaves at most the one message in flight
 * to be sent again; the rest of its batch waits for the lease and goes once. When the mail server
 * cannot be reached, the rest of the batch is put back for the same later try without waiting on
 * it message by message. A message is deleted never, lost never. Without a transport (no
 * SMTP_URL) messages are marked `kept`: they stay in the outbox, shown on the Sent mail screen.
 */
export function outboxSender({
  db,
  transport,
  quietHours,
  now = () => new Date(),
  batchSize = 20,
}: {
  db: Database;
  transport: MailTransport | null;
  /** A reminder's retry waits out the night of its home's time zone. */
  quietHours: boolean;
  now?: () => Date;
  batchSize?: number;
}) {
  const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
  // Claims and settlements span corporations: the outbox is one queue, worked by a system task.
  const acrossTenants = (query: SQL) => withAllTenants(db, () => db.execute(query));
  let stopping = false;
  const quietAfter = (instant: Date, timeZone: string | null) =>
    quietHours && timeZone ? quietHoursAfter(instant, timeZone) : instant;

  /** Settles messages that were not sent: back to pending for a later try, or failed for good. */
  const settleUnsent = (rows: ClaimedRow[], error: unknown) => {
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
    const at = now().getTime();
    const settled = rows.map((row) => ({
      tenant_id: row.tenant_id,
      id: row.id,
      created_at: row.created_at,
      status: isPermanent(error) && row.attempts >= retryPolicy.maxPermanentAttempts ? 'failed' : 'pending',
      next_attempt_at: quietAfter(new Date(at + retryDelayMs(row.attempts)), row.time_zone).toISOString(),
    }));
    return acrossTenants(sql`
      update email_outbox as o
         set status = v.status, last_error = ${message}, next_attempt_at = v.next_attempt_at
        from jsonb_to_recordset(${JSON.stringify(settled)}::jsonb)
             as v(tenant_id uuid, id uuid, created_at timestamptz, status text, next_attempt_at timestamptz)
       where o.tenant_id = v.tenant_id and o.id = v.id and o.created_at = v.created_at`).then(() => settled);
  };

  /** Gives claimed messages that were not tried back at once, their attempt uncounted. */
  const release = (rows: ClaimedRow[]) =>
    acrossTenants(sql`
      update email_outbox as o
         set attempts = o.attempts - 1, next_attempt_at = ${now().toISOString()}::timestamptz
        from jsonb_to_recordset(${JSON.stringify(rows.map(({ tenant_id, id, created_at }) => ({ tenant_id, id, created_at })))}::jsonb)
             as v(tenant_id uuid, id uuid, created_at timestamptz)
       where o.tenant_id = v.tenant_id and o.id = v.id and o.created_at = v.created_at and o.status = 'pending'`);

  async function sendBatch(): Promise<SendResult> {
    const at = now();
    const atText = at.toISOString();
    const result: SendResult = { sent: 0, retrying: 0, failed: 0, kept: 0, suppressed: 0 };
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
    // Sent in the order they fell due: the oldest first. Those to a suppressed address are
    // cancelled in the same statement, so nothing is sent to it whenever it was queued.
    const claimed = rowsOf<ClaimedRow & { suppressed: boolean }>(
      await acrossTenants(sql`
        with due as (
          select e.tenant_id, e.id, e.created_at, e.next_attempt_at as due_at, x.reason as suppressed_for
            from email_outbox e
            left join email_suppressions x on x.tenant_id = e.tenant_id and x.address = lower(e.to_address)
           where e.status = 'pending' and e.next_attempt_at <= ${atText}::timestamptz
           order by e.next_attempt_at limit ${batchSize}
           for update of e skip locked),
        stopped as (
          update email_outbox as o set status = 'cancelled',
                 last_error = case due.suppressed_for when 'complaint' then ${suppressedMailErrors.complaint}
                                                    else ${suppressedMailErrors.bounce} end
            from due where o.tenant_id = due.tenant_id and o.id = due.id and o.created_at = due.created_at
                       and due.suppressed_for is not null
          returning o.id),
        claimed as (
          update email_outbox as o set attempts = o.attempts + 1, next_attempt_at = ${leaseUntil}::timestamptz
            from due where o.tenant_id = due.tenant_id and o.id = due.id and o.created_at = due.created_at
                       and due.suppressed_for is null
          returning o.tenant_id, o.id, o.created_at::text, o.to_address, o.from_name, o.headers, o.attachments, o.subject,
                    o.html, o.text, o.attempts, o.time_zone, due.due_at)
        select c.tenant_id, c.id, c.created_at, to_address, from_name, headers, attachments, subject, html, text, attempts,
               time_zone, false as suppressed, due_at, d.domain as sending_domain, d.selector as dkim_selector,
               d.private_key as dkim_private_key
          from claimed c
          left join sending_domains d on d.tenant_id = c.tenant_id and d.verified_at is not null
        union all
        select null, id, null, null, null, null, null, null, null, null, null, null, true, null, null, null, null
          from stopped
         order by suppressed, due_at, id`),
    );
    result.suppressed = claimed.filter((row) => row.suppressed).length;
    const toSend = claimed.filter((row) => !row.suppressed);
    const startBy = at.getTime() + retryPolicy.startWithinMs;
    // One message at a time: a crash can then repeat only the one the mail server was responding to.
    for (const [index, row] of toSend.entries()) {
      if (stopping || now().getTime() > startBy) {
        await release(toSend.slice(index));
        break;
      }
      try {
        await transport({
          id: row.id,
          to: row.to_address,
          fromName: row.from_name,
          subject: row.subject,
          html: row.html,
          text: row.text,
          headers: row.headers,
          attachments: row.attachments,
          sendingDomain:
            row.sending_domain && row.dkim_selector && row.dkim_private_key
              ? { domain: row.sending_domain, selector: row.dkim_selector, privateKey: row.dkim_private_key }
              : null,
        });
      } catch (error) {
        const unreachable = isServerUnreachable(error);
        const unsent = unreachable ? toSend.slice(index) : [row];
        for (const settled of await settleUnsent(unsent, error)) {
          if (settled.status === 'failed') result.failed += 1;
          else result.retrying += 1;
        }
        if (unreachable) break;
        continue;
      }
      await acrossTenants(sql`
        update email_outbox set status = 'sent', sent_at = ${now().toISOString()}::timestamptz, last_error = null
         where tenant_id = ${row.tenant_id} and id = ${row.id} and created_at = ${row.created_at}::timestamptz`);
      result.sent += 1;
    }
    return result;
  }

  return {
    sendBatch,
    /** Batches until nothing is due to send now, or `stop` was called; returns the totals. */
    sendDue: (): Promise<SendResult> =>
      sendInBatches(sendBatch, {
        batchSize,
        none: { sent: 0, retrying: 0, failed: 0, kept: 0, suppressed: 0 },
        stopped: () => stopping,
      }),
    /**
     * Ends sending after the message in flight: the rest of a claimed batch is given back at once
     * for another process, rather than waiting for its lease.
     */
    stop() {
      stopping = true;
    },
  };
}
export type OutboxSender = ReturnType<typeof outboxSender>;

/** A transport that keeps a connection open between messages; `close` ends it. */
export type SmtpTransport = MailTransport & { close(): void };

/**
 * The headers a DKIM signature covers: those RFC 6376 recommends, and the one-click unsubscribe
 * pair, so that no relay on the way can change where an unsubscribe goes.
 */
export const dkimSignedHeaders = [
  'From',
  'Reply-To',
  'Subject',
  'Date',
  'Message-ID',
  'To',
  'Cc',
  'MIME-Version',
  'Content-Type',
  'Content-Transfer-Encoding',
  'List-Unsubscribe',
  'List-Unsubscribe-Post',
].join(':');

/** The display name of a From line ("HomeMinder <no-reply@...>" gives "HomeMinder"). */
function mailNameOf(from: string): string {
  const match = /^\s*"?([^"<]*?)"?\s*</.exec(from);
  return match?.[1]?.trim() ?? '';
}

/**
 * A transport over SMTP_URL with nodemailer. Every message leaves from the MAIL_FROM mailbox, under
 * the corporation's name when it has one, with a Message-ID on that mailbox's domain. The sender
 * hands it one message at a time, so one kept connection carries them all, without a new
 * connection and greeting per message.
 */
export async function smtpTransport(
  smtpUrl: string,
  from: string,
  /** Each message's envelope sender, when bounces come back to the portal (BOUNCE_ADDRESS). */
  returnPathOf?: (outboxId: string) => Promise<string>,
): Promise<SmtpTransport> {
  const { createTransport } = await import('nodemailer');
  // Short time-outs, so an outage is noticed quickly; the URL's own settings win.
  const transporter = createTransport({
    url: smtpUrl,
    pool: true,
    maxConnections: 1,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  const address = mailboxOf(from);
  const [localPart, portalDomain = 'localhost'] = address.split('@') as [string, string?];
  const send: MailTransport = async (mail) => {
    // A corporation's own domain: the same mailbox name on it, signed with its key.
    const own = mail.sendingDomain;
    const fromAddress = own ? `${localPart}@${own.domain}` : address;
    await transporter.sendMail({
      from: mail.fromName || own ? { name: mail.fromName ?? mailNameOf(from), address: fromAddress } : from,
      to: mail.to,
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
      messageId: `<${mail.id}@${own?.domain ?? portalDomain}>`,
      ...(own && {
        dkim: {
          domainName: own.domain,
          keySelector: own.selector,
          privateKey: own.privateKey,
          headerFieldNames: dkimSignedHeaders,
        },
      }),
      headers: mail.headers ?? {},
      attachments: (mail.attachments ?? []).map((file) => ({ ...file, encoding: 'base64' })),
      // A bounce goes to the envelope sender: a signed one names this message (docs/decisions/104).
      ...(returnPathOf && { envelope: { from: await returnPathOf(mail.id), to: mail.to } }),
    });
  };
  return Object.assign(send, { close: () => transporter.close() });
}
