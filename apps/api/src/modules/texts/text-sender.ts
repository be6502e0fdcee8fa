import { sql, type SQL } from 'drizzle-orm';
import { quietHoursAfter } from '@homeminder/shared/reminder-timing';
import type { Database } from '../../db/client';
import { withAllTenants } from '../../db/data-scope';
import { sendInBatches } from '../../lib/outbox-batches';
import { retryDelayMs, retryPolicy } from '../../lib/retry-policy';
import { TextSendError, type TextTransport } from './providers/twilio';

interface ClaimedText {
  tenant_id: string;
  id: string;
  client_user_id: string;
  to_phone: string;
  body: string;
  attempts: number;
  time_zone: string | null;
}

export interface TextSendResult {
  sent: number;
  retrying: number;
  failed: number;
  kept: number;
  /** Cancelled unsent: the client's agreement ended after the text was queued. */
  cancelled: number;
}

export const textErrors = {
  stopped: 'Not sent: texts to this number were stopped.',
} as const;

/**
 * Delivers the text outbox (docs/decisions/106) as the email outbox is delivered (docs/decisions/
 * 026 and 065): a batch is claimed with FOR UPDATE SKIP LOCKED and leased in one statement, then
 * each text is handed to the provider outside any transaction and settled as soon as it answers.
 * A reminder text whose agreement has ended since it was queued is cancelled in the claim. A
 * refusal of the number is final; an outage is tried again later, out of the home's night.
 * Without a provider texts are marked `kept`.
 */
export function textSender({
  db,
  transport,
  statusCallback,
  quietHours,
  now = () => new Date(),
  batchSize = 20,
}: {
  db: Database;
  transport: TextTransport | null;
  /** Where the provider reports each text's delivery. */
  statusCallback: string | null;
  quietHours: boolean;
  now?: () => Date;
  batchSize?: number;
}) {
  const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
  const acrossTenants = (query: SQL) => withAllTenants(db, () => db.execute(query));

  const settle = (row: ClaimedText, set: SQL) =>
    acrossTenants(sql`update text_outbox set ${set} where tenant_id = ${row.tenant_id} and id = ${row.id}`);

  async function sendBatch(): Promise<TextSendResult> {
    const at = now();
    const atText = at.toISOString();
    const result: TextSendResult = { sent: 0, retrying: 0, failed: 0, kept: 0, cancelled: 0 };
    const due = sql`
      select t.tenant_id, t.id, t.kind <> 'help' and not exists (
               select 1 from text_consents k
                where k.tenant_id = t.tenant_id and k.client_user_id = t.client_user_id
                  and k.phone = t.to_phone and k.ended_at is null) as stopped
        from text_outbox t
       where t.status = 'pending' and t.next_attempt_at <= ${atText}::timestamptz
       order by t.next_attempt_at limit ${batchSize}
       for update of t skip locked`;
    if (!transport) {
      const kept = rowsOf<{ id: string }>(
        await acrossTenants(sql`
          with due as (${due})
          update text_outbox o set status = 'kept' from due
           where o.tenant_id = due.tenant_id and o.id = due.id returning o.id`),
      );
      result.kept = kept.length;
      return result;
    }
    const leaseUntil = new Date(at.getTime() + retryPolicy.leaseMs).toISOString();
    const claimed = rowsOf<ClaimedText & { stopped: boolean }>(
      await acrossTenants(sql`
        with due as (${due}),
        stopped as (
          update text_outbox o set status = 'cancelled', last_error = ${textErrors.stopped}
            from due where o.tenant_id = due.tenant_id and o.id = due.id and due.stopped
          returning o.id),
        claimed as (
          update text_outbox o set attempts = o.attempts + 1, next_attempt_at = ${leaseUntil}::timestamptz
            from due where o.tenant_id = due.tenant_id and o.id = due.id and not due.stopped
          returning o.tenant_id, o.id, o.client_user_id, o.to_phone, o.body, o.attempts, o.time_zone,
                    o.next_attempt_at)
        select tenant_id, id, client_user_id, to_phone, body, attempts, time_zone, false as stopped from claimed
        union all
        select null, id, null, null, null, null, null, true from stopped`),
    );
    result.cancelled = claimed.filter((row) => row.stopped).length;
    const startBy = at.getTime() + retryPolicy.startWithinMs;
    for (const row of claimed.filter((one) => !one.stopped)) {
      if (now().getTime() > startBy) {
        await settle(
          row,
          sql`attempts = attempts - 1, next_attempt_at = ${now().toISOString()}::timestamptz`,
        );
        continue;
      }
      try {
        const { providerId } = await transport({
          id: row.id,
          to: row.to_phone,
          body: row.body,
          statusCallback,
        });
        await settle(
          row,
          sql`status = 'sent', sent_at = ${now().toISOString()}::timestamptz, provider_id = ${providerId}, last_error = null`,
        );
        result.sent += 1;
      } catch (error) {
        const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
        if (error instanceof TextSendError && error.permanent) {
          await settle(row, sql`status = 'failed', last_error = ${message}`);
          // The carrier says the number replied STOP: the agreement ends, as a STOP reply ends it.
          if (error.optedOut)
            await acrossTenants(sql`
              update text_consents set ended_at = ${now().toISOString()}::timestamptz, ended_by = 'provider'
               where tenant_id = ${row.tenant_id} and client_user_id = ${row.client_user_id}
                 and phone = ${row.to_phone} and ended_at is null`);
          result.failed += 1;
        } else {
          const later = new Date(now().getTime() + retryDelayMs(row.attempts));
          const next = quietHours && row.time_zone ? quietHoursAfter(later, row.time_zone) : later;
          await settle(
            row,
            sql`status = 'pending', last_error = ${message}, next_attempt_at = ${next.toISOString()}::timestamptz`,
          );
          result.retrying += 1;
        }
      }
    }
    return result;
  }

  return {
    sendBatch,
    /** Batches until nothing is due to send now; returns the totals. */
    sendDue: (): Promise<TextSendResult> =>
      sendInBatches(sendBatch, {
        batchSize,
        none: { sent: 0, retrying: 0, failed: 0, kept: 0, cancelled: 0 },
      }),
  };
}
export type TextSender = ReturnType<typeof textSender>;
