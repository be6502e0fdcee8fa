import { brandName } from '@homeminder/shared/brand';
import { formatPhone } from '@homeminder/shared/format';
import { textHelpReply } from '@homeminder/shared/texts';
import type { AuditService } from '../audit';
import { textKeywordOf } from './keywords';
import type { ConsentOwner, TextEventsRepository } from './text-events.repository';
import { nationalOf } from './texts.repository';

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
  events,
  audit,
  now,
}: {
  events: TextEventsRepository;
  audit: AuditService;
  now: () => Date;
}) {
  const auditEach = async (
    owners: ConsentOwner[],
    action: 'client.texts-agreed' | 'client.texts-stopped',
    phone: string,
  ) => {
    for (const owner of owners)
      await audit.record({
        tenantId: owner.tenant_id,
        actorUserId: null,
        action,
        recordType: 'client-user',
        recordId: owner.client_user_id,
        details: { phone: formatPhone(nationalOf(phone)), by: 'text reply' },
      });
  };

  return {
    /** A delivery report: a failure is kept with the carrier's reason, which the realtor sees. */
    async delivery(providerId: string, status: string, errorCode: string | undefined) {
      if (status === 'delivered') {
        await events.markDelivered(providerId);
      } else if (status === 'undelivered' || status === 'failed') {
        const reason = undeliveredWords[errorCode ?? ''] ?? 'the carrier did not deliver it';
        const code = errorCode ? ` (${errorCode})` : '';
        await events.markFailed(providerId, `Not delivered: ${reason}${code}.`);
      }
    },

    /** A reply to our number; returns what was done, for the log. */
    async reply(from: string, body: string): Promise<'stop' | 'start' | 'help' | null> {
      const keyword = textKeywordOf(body);
      const at = now().toISOString();
      if (keyword === 'stop') {
        await auditEach(await events.stop(from, at), 'client.texts-stopped', from);
      } else if (keyword === 'start') {
        await auditEach(await events.restart(from, at), 'client.texts-agreed', from);
      } else if (keyword === 'help') {
        // One answer per corporation that texts this number, naming the client's realtor.
        for (const sender of await events.sendersTo(from)) {
          const answer = textHelpReply({
            sender: brandName({ siteName: sender.site_name, name: sender.name }),
            contact: sender.contact,
          });
          await events.queueHelp(sender, from, answer, at);
        }
      }
      return keyword;
    },
  };
}
export type TextEventsService = ReturnType<typeof textEventsService>;
