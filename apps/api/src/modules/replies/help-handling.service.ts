import {
  attentionMessages,
  type HelpHandledInput,
  type HelpHandledResult,
} from '@homeminder/shared/contracts/attention';
import type { Caller } from '../../access/auth-context';
import { ConflictError, NotFoundError } from '../../lib/errors';
import { actedBy, type AuditService } from '../audit';
import { scopeOf } from '../clients';
import type { RepliesRepository } from './replies.repository';

interface Dependencies {
  replies: Pick<RepliesRepository, 'helpRequestInScope' | 'markHelpHandled'>;
  audit: Pick<AuditService, 'record'>;
  now: () => Date;
}

/**
 * Staff take a homeowner's help request in hand (docs/decisions/063): who, when and a note are kept
 * on the reply, so it leaves the Needs attention list and the homeowner's History says so.
 */
export function helpHandlingService({ replies, audit, now }: Dependencies) {
  return {
    /** Marks a help request handled, in the caller's corporation and realtor scope; else not found. */
    async markHandled(caller: Caller, replyId: string, input: HelpHandledInput): Promise<HelpHandledResult> {
      const { auth } = caller;
      const scope = scopeOf(auth);
      const id = replyId.toLowerCase();
      const request = await replies.helpRequestInScope(scope.tenantId, scope.realtorId, id);
      if (!request) throw new NotFoundError(attentionMessages.unknownHelpRequest);
      if (request.handledAt)
        throw new ConflictError(attentionMessages.alreadyHandled(request.handledByName ?? 'Someone'));
      const at = now();
      const note = input.note.trim();
      await replies.markHelpHandled(scope.tenantId, id, { at, userId: auth.userId, name: auth.name, note });
      await audit.record({
        ...actedBy(caller),
        action: 'client.help-handled',
        recordType: 'client-user',
        recordId: request.clientUserId,
        details: { answerId: id, task: request.task, note },
      });
      return {
        message: attentionMessages.handled(request.clientName),
        handledAt: at.toISOString(),
        handledByName: auth.name,
      };
    },
  };
}
export type HelpHandlingService = ReturnType<typeof helpHandlingService>;
