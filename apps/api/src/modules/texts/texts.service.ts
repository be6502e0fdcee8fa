import { formatPhone } from '@homeminder/shared/format';
import type { TextSettings } from '@homeminder/shared/contracts/texts';
import { textConsentWords, textWords } from '@homeminder/shared/texts';
import { ConflictError, NotFoundError } from '../../lib/errors';
import type { AuditService } from '../audit';
import { homeAuditEntry, reachHome, type HomeCaller, type HomeAccessRepository } from '../home-profiles';
import type { TextsRepository } from './texts.repository';

/**
 * A home owner's reminder texts (docs/decisions/106): offered only when a text provider is set up;
 * the owner agrees to the words shown, or staff record that the owner agreed to them, and the
 * agreement is kept as carriers ask. Texts are the client's, so any of their homes reaches them.
 */
export function textsService({
  homes,
  texts,
  audit,
  offered,
  now,
}: {
  homes: Pick<HomeAccessRepository, 'ownerOf'>;
  texts: TextsRepository;
  audit: AuditService;
  offered: boolean;
  now: () => Date;
}) {
  const record = (
    caller: HomeCaller,
    tenantId: string,
    clientId: string,
    action: 'client.texts-agreed' | 'client.texts-stopped',
    details: Record<string, unknown>,
  ) => audit.record(homeAuditEntry(caller, { tenantId, clientId }, action, details));

  return {
    async settings(caller: HomeCaller, propertyId: string): Promise<TextSettings> {
      const { tenantId, clientId } = await reachHome(homes, caller, propertyId);
      const settings = await texts.settingsOf(tenantId, clientId);
      return {
        offered,
        phone: settings.inForce?.phone ?? null,
        since: settings.inForce?.since.toISOString() ?? null,
        stoppedByReplyAt: settings.inForce ? null : (settings.stoppedByReplyAt?.toISOString() ?? null),
        suggestedPhone: settings.lastPhone ?? settings.clientPhone,
        consentWords: textConsentWords(settings.sender),
      };
    },

    async agree(caller: HomeCaller, propertyId: string, phone: string) {
      if (!offered) throw new NotFoundError(textWords.notOffered);
      const { tenantId, clientId } = await reachHome(homes, caller, propertyId, { forChange: true });
      const { sender } = await texts.settingsOf(tenantId, clientId);
      const words = textConsentWords(sender);
      const actor =
        caller.audience === 'staff'
          ? { by: 'staff' as const, userId: caller.auth.userId }
          : { by: 'client' as const };
      const before = await texts.agree(tenantId, clientId, { phone, words, actor }, now());
      await record(caller, tenantId, clientId, 'client.texts-agreed', {
        changes: [
          { field: 'textPhone', before: before ? formatPhone(before) : null, after: formatPhone(phone) },
        ],
        words,
      });
      return { message: textWords.on(phone) };
    },

    async stop(caller: HomeCaller, propertyId: string) {
      const { tenantId, clientId } = await reachHome(homes, caller, propertyId, { forChange: true });
      const ended = await texts.end(tenantId, clientId, caller.audience, now());
      if (!ended) throw new ConflictError(textWords.notOn);
      await record(caller, tenantId, clientId, 'client.texts-stopped', {
        changes: [{ field: 'textPhone', before: formatPhone(ended), after: null }],
      });
      return { message: textWords.off };
    },
  };
}
export type TextsService = ReturnType<typeof textsService>;
