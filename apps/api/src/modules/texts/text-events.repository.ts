import { sql } from 'drizzle-orm';
import { textKeywords } from '@homeminder/shared/texts';
import type { Database } from '../../db/client';
import { withAllTenants } from '../../db/data-scope';

/** A client an agreement to be texted belongs to. */
export interface ConsentOwner {
  tenant_id: string;
  client_user_id: string;
}

/**
 * What the provider's reports and replies change (docs/decisions/106). A report or a reply names a
 * number or a message, not a corporation: each statement reads across corporations.
 */
export function textEventsRepository(db: Database) {
  const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
  const run = <T>(query: ReturnType<typeof sql>) =>
    withAllTenants(db, async () => rowsOf<T>(await db.execute(query)));

  return {
    markDelivered: (providerId: string) =>
      run(sql`update text_outbox set status = 'delivered'
        where provider_id = ${providerId} and status = 'sent'`),

    /** A text the carrier did not deliver, with why in plain words. */
    markFailed: (providerId: string, error: string) =>
      run(sql`update text_outbox set status = 'failed', last_error = ${error}
        where provider_id = ${providerId} and status in ('sent', 'delivered')`),

    /** STOP: every agreement to text `phone` ends, and what waits for it is cancelled. */
    stop: (phone: string, at: string) =>
      withAllTenants(db, () =>
        db.transaction(async (tx) => {
          const ended = rowsOf<ConsentOwner>(
            await tx.execute(sql`
              update text_consents set ended_at = ${at}::timestamptz, ended_by = 'stop-reply'
               where phone = ${phone} and ended_at is null
              returning tenant_id, client_user_id`),
          );
          await tx.execute(sql`update text_outbox
            set status = 'cancelled', last_error = ${`Not sent: ${textKeywords.stop} was replied.`}
            where to_phone = ${phone} and status = 'pending'`);
          return ended;
        }),
      ),

    /** START: the agreements a STOP ended, of clients with none in force, are made again. */
    restart: (phone: string, at: string) =>
      run<ConsentOwner>(sql`
        insert into text_consents (tenant_id, client_user_id, phone, words, collected_by, created_at)
        select distinct on (k.tenant_id, k.client_user_id) k.tenant_id, k.client_user_id, k.phone,
               ${`Replied ${textKeywords.start}`}, 'text-reply', ${at}::timestamptz
          from text_consents k
         where k.phone = ${phone} and k.ended_by = 'stop-reply'
           and not exists (select 1 from text_consents n where n.tenant_id = k.tenant_id
                             and n.client_user_id = k.client_user_id and n.ended_at is null)
         order by k.tenant_id, k.client_user_id, k.created_at desc
        returning tenant_id, client_user_id`),

    /** Each corporation that texts `phone`, with the client's realtor to name in a HELP answer. */
    sendersTo: (phone: string) =>
      run<ConsentOwner & { site_name: string | null; name: string; contact: string | null }>(sql`
        select distinct on (k.tenant_id) k.tenant_id, k.client_user_id, co.site_name, co.name,
               nullif(concat_ws(' ', r.first_name, r.last_name, r.phone), '') as contact
          from text_consents k
          join corporations co on co.id = k.tenant_id
          join client_users c on c.tenant_id = k.tenant_id and c.id = k.client_user_id
          left join tenant_users r on r.tenant_id = c.tenant_id and r.id = c.realtor_id and r.enabled
         where k.phone = ${phone}
         order by k.tenant_id, k.created_at desc`),

    /** A HELP answer, sent through the outbox like every text. */
    queueHelp: (owner: ConsentOwner, phone: string, body: string, at: string) =>
      run(sql`insert into text_outbox (tenant_id, kind, client_user_id, to_phone, body, created_at)
        values (${owner.tenant_id}, 'help', ${owner.client_user_id}, ${phone}, ${body}, ${at}::timestamptz)`),
  };
}
export type TextEventsRepository = ReturnType<typeof textEventsRepository>;
