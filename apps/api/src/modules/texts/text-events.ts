import { sql } from 'drizzle-orm';
import { brandName } from '@homeminder/shared/brand';
import { formatPhone } from '@homeminder/shared/format';
import { textHelpReply, textKeywords } from '@homeminder/shared/texts';
import type { Database } from '../../db/client';
import { withAllTenants } from '../../db/data-scope';
import type { AuditService } from '../audit';
import { textKeywordOf } from './keywords';

/** What a carrier says of a text it could not deliver, by Twilio's error code, in plain words. */
const undeliveredWords: Record<string, string> = {
  '30003': 'the phone is switched off or out of reach',
  '30004': 'the number blocks texts',
  '30005': 'the number does not exist',
  '30006': 'the number is a landline or cannot get texts',
  '30007': 'the carrier filtered it',
  '30008': 'the carrier gave no reason',
};

/**
 * What the text provider tells us after a text left (docs/decisions/106): its delivery, and the
 * replies to our number. STOP ends every agreement to text that number at once, START renews
 * those a STOP ended, and HELP is answered through the outbox with who is texting and how to stop.
 */
export function textEventsService({
  db,
  audit,
  now,
}: {
  db: Database;
  audit: AuditService;
  now: () => Date;
}) {
  const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
  const run = <T>(query: ReturnType<typeof sql>) =>
    withAllTenants(db, async () => rowsOf<T>(await db.execute(query)));

  const auditEach = async (
    rows: { tenant_id: string; client_user_id: string }[],
    action: 'client.texts-agreed' | 'client.texts-stopped',
    phone: string,
  ) => {
    for (const row of rows)
      await audit.record({
        tenantId: row.tenant_id,
        actorUserId: null,
        action,
        recordType: 'client-user',
        recordId: row.client_user_id,
        details: { phone: formatPhone(phone.replace(/^\+1/, '')), by: 'text reply' },
      });
  };

  return {
    /** A delivery report: a failure is kept with the carrier's reason, which the realtor sees. */
    async delivery(providerId: string, status: string, errorCode: string | undefined) {
      if (status === 'delivered') {
        await run(sql`update text_outbox set status = 'delivered'
          where provider_id = ${providerId} and status = 'sent'`);
      } else if (status === 'undelivered' || status === 'failed') {
        const reason = undeliveredWords[errorCode ?? ''] ?? 'the carrier did not deliver it';
        const code = errorCode ? ` (${errorCode})` : '';
        await run(sql`update text_outbox set status = 'failed', last_error = ${`Not delivered: ${reason}${code}.`}
          where provider_id = ${providerId} and status in ('sent', 'delivered')`);
      }
    },

    /** A reply to our number; returns what was done, for the log. */
    async reply(from: string, body: string): Promise<'stop' | 'start' | 'help' | null> {
      const keyword = textKeywordOf(body);
      const at = now().toISOString();
      if (keyword === 'stop') {
        const ended = await run<{ tenant_id: string; client_user_id: string }>(sql`
          update text_consents set ended_at = ${at}::timestamptz, ended_by = 'stop-reply'
           where phone = ${from} and ended_at is null
          returning tenant_id, client_user_id`);
        await run(sql`update text_outbox set status = 'cancelled', last_error = ${`Not sent: ${textKeywords.stop} was replied.`}
          where to_phone = ${from} and status = 'pending'`);
        await auditEach(ended, 'client.texts-stopped', from);
      } else if (keyword === 'start') {
        // The agreements a STOP ended, of clients with none in force, are made again.
        const renewed = await run<{ tenant_id: string; client_user_id: string }>(sql`
          insert into text_consents (tenant_id, client_user_id, phone, words, collected_by, created_at)
          select distinct on (k.tenant_id, k.client_user_id) k.tenant_id, k.client_user_id, k.phone,
                 ${`Replied ${textKeywords.start}`}, 'text-reply', ${at}::timestamptz
            from text_consents k
           where k.phone = ${from} and k.ended_by = 'stop-reply'
             and not exists (select 1 from text_consents n where n.tenant_id = k.tenant_id
                               and n.client_user_id = k.client_user_id and n.ended_at is null)
           order by k.tenant_id, k.client_user_id, k.created_at desc
          returning tenant_id, client_user_id`);
        await auditEach(renewed, 'client.texts-agreed', from);
      } else if (keyword === 'help') {
        // One answer per corporation that texts this number, naming the client's realtor.
        const senders = await run<{
          tenant_id: string;
          client_user_id: string;
          site_name: string | null;
          name: string;
          contact: string | null;
        }>(sql`
          select distinct on (k.tenant_id) k.tenant_id, k.client_user_id, co.site_name, co.name,
                 nullif(concat_ws(' ', r.first_name, r.last_name, r.phone), '') as contact
            from text_consents k
            join corporations co on co.id = k.tenant_id
            join client_users c on c.tenant_id = k.tenant_id and c.id = k.client_user_id
            left join tenant_users r on r.tenant_id = c.tenant_id and r.id = c.realtor_id and r.enabled
           where k.phone = ${from}
           order by k.tenant_id, k.created_at desc`);
        for (const sender of senders) {
          const bodyText = textHelpReply({
            sender: brandName({ siteName: sender.site_name, name: sender.name }),
            contact: sender.contact,
          });
          await run(sql`insert into text_outbox (tenant_id, kind, client_user_id, to_phone, body, created_at)
            values (${sender.tenant_id}, 'help', ${sender.client_user_id}, ${from}, ${bodyText}, ${at}::timestamptz)`);
        }
      }
      return keyword;
    },
  };
}
export type TextEventsService = ReturnType<typeof textEventsService>;
