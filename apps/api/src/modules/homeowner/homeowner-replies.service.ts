import {
  homeownerMessages,
  type HomeownerReplyValues,
  type HomeownerReplyResult,
  type HomeownerHistory,
} from '@homeminder/shared/contracts/homeowner';
import { careDetailsOf } from '@homeminder/shared/contracts/care-record';
import { NotFoundError } from '../../lib/errors';
import type { RepliesService } from '../replies';
import type { HomeownerRepository } from './homeowner.repository';
import type { Homeowner } from './homeowner.service';

interface Dependencies {
  homeowners: HomeownerRepository;
  replies: RepliesService;
}

/**
 * The homeowner's replies from their own page (docs/decisions/061, 062): the same rules as the
 * links of a reminder email, for the reminder's next date, recorded as given by a signed-in person.
 */
export function homeownerRepliesService({ homeowners, replies }: Dependencies) {
  return {
    async reply(
      who: Homeowner,
      subscriptionId: string,
      body: HomeownerReplyValues,
    ): Promise<HomeownerReplyResult> {
      const id = subscriptionId.toLowerCase();
      // Another client's reminder reads as unknown: it reveals nothing and changes nothing.
      const subscription = await homeowners.ownSubscription(who.tenantId, who.clientId, id);
      if (!subscription) throw new NotFoundError(homeownerMessages.reminderNotFound);
      const result = await replies.recordReply({
        tenantId: who.tenantId,
        clientUserId: who.clientId,
        subscriptionId: id,
        dueAt: subscription.nextDueAt,
        kind: body.kind,
        note: body.note,
        doneOn: body.kind === 'done' ? body.doneOn : undefined,
        care: body.kind === 'done' ? careDetailsOf(body) : undefined,
        source: 'signed-in',
        actorUserId: who.clientId,
      });
      if (!result.recorded) return { message: result.message, recorded: false };
      if (body.kind === 'done')
        return { message: homeownerMessages.replyDone(result.nextDueText), recorded: true };
      if (body.kind === 'later')
        return { message: homeownerMessages.replyLater(result.nextDueText), recorded: true };
      const profile = await homeowners.profile(who.tenantId, who.clientId);
      const realtor = profile?.realtorEmail ? `${profile.realtorFirstName} ${profile.realtorLastName}` : null;
      return { message: homeownerMessages.replyHelp(realtor, profile?.siteName ?? ''), recorded: true };
    },

    history(who: Homeowner): Promise<HomeownerHistory> {
      return replies.ownHistory(who.tenantId, who.clientId);
    },
  };
}
export type HomeownerRepliesService = ReturnType<typeof homeownerRepliesService>;
