import { sql } from 'drizzle-orm';
import { REMINDER_KINDS, unsubscribedMailError } from '../../db/email-outbox';
import type { Database } from '../../db/client';
import { withAllTenants } from '../../db/data-scope';
import type { DeliveryEvent } from './delivery-event';

/** A client a relay's event touched, for the audit entry that says so. */
export interface TouchedClient {
  tenantId: string;
  clientUserId: string;
}

export interface RecordedEvent {
  /** The clients whose address went on their corporation's suppression list. */
  suppressed: TouchedClient[];
  /** The clients unsubscribed by a complaint or the relay's own unsubscribe. */
  unsubscribed: TouchedClient[];
}

/** A hard bounce and a complaint stop mail to the address; a soft bounce is left to the sender's retries. */
const suppresses = (event: DeliveryEvent) =>
  (event.kind === 'bounce' && event.permanent) || event.kind === 'complaint';

/** A complaint also unsubscribes, as the large mailbox providers require of senders. */
const unsubscribes = (event: DeliveryEvent) => event.kind === 'complaint' || event.kind === 'unsubscribe';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * The relays' reports (docs/decisions/101), across corporations: an event names an address, and
 * every corporation whose clients or staff have that address hears it.
 */
export function deliveryEventsRepository(db: Database) {
  return {
    /**
     * The recipient of the outbox message a bounce names (docs/decisions/104), or null. The outbox
     * is keyed by corporation first, so the message is looked up in each corporation's part.
     */
    async outboxRecipient(outboxId: string): Promise<string | null> {
      const [row] = rowsOf<{ to_address: string }>(
        await withAllTenants(db, () =>
          db.execute(sql`
            select o.to_address from corporations c
              cross join lateral (select to_address from email_outbox
                                   where tenant_id = c.id and id = ${outboxId}::uuid) o`),
        ),
      );
      return row?.to_address ?? null;
    },

    /**
     * Acts on one event, once: in one transaction its id is kept, the address goes on the
     * suppression list of each corporation that knows it, and a complaint unsubscribes the
     * clients who have it; `alsoWrite` adds its own rows (the audit entries) to the same
     * transaction. Returns null for an event acted on before.
     */
    async record(
      event: DeliveryEvent,
      at: Date,
      alsoWrite: (recorded: RecordedEvent, tx: Pick<Database, 'execute'>) => Promise<void>,
    ): Promise<RecordedEvent | null> {
      const address = event.address.trim().toLowerCase();
      return withAllTenants(db, () =>
        db.transaction(async (tx) => {
          const fresh = rowsOf(
            await tx.execute(sql`
              insert into delivery_events (provider, event_id) values (${event.provider}, ${event.eventId})
              on conflict do nothing returning event_id`),
          );
          if (fresh.length === 0) return null;
          const recorded: RecordedEvent = { suppressed: [], unsubscribed: [] };
          if (suppresses(event)) {
            recorded.suppressed = rowsOf<TouchedClient>(
              await tx.execute(sql`
                with listed as (
                  insert into email_suppressions (tenant_id, address, reason, provider, detail)
                  select tenant_id, ${address}, ${event.kind}, ${event.provider}, ${event.detail?.slice(0, 300) ?? null}
                    from (select tenant_id from client_users where lower(email) = ${address}
                          union
                          select tenant_id from tenant_users where lower(email) = ${address}) known
                  on conflict do nothing
                  returning tenant_id)
                select c.tenant_id as "tenantId", c.id as "clientUserId"
                  from listed join client_users c on c.tenant_id = listed.tenant_id and lower(c.email) = ${address}`),
            );
          }
          if (unsubscribes(event)) {
            recorded.unsubscribed = rowsOf<TouchedClient>(
              // Their reminders not yet sent are cancelled, as the unsubscribe link cancels them.
              await tx.execute(sql`
                with unsubscribed as (
                  update client_users set unsubscribed_at = ${at.toISOString()}::timestamptz,
                         updated_at = ${at.toISOString()}::timestamptz
                   where lower(email) = ${address} and unsubscribed_at is null
                  returning tenant_id, id),
                cancelled as (
                  update email_outbox set status = 'cancelled', last_error = ${unsubscribedMailError}
                   where status = 'pending' and kind in (${sql.join(
                     REMINDER_KINDS.map((kind) => sql`${kind}`),
                     sql`, `,
                   )}) and lower(to_address) = ${address}
                     and tenant_id in (select tenant_id from unsubscribed))
                select tenant_id as "tenantId", id as "clientUserId" from unsubscribed`),
            );
          }
          await alsoWrite(recorded, tx);
          return recorded;
        }),
      );
    },
  };
}
export type DeliveryEventsRepository = ReturnType<typeof deliveryEventsRepository>;
