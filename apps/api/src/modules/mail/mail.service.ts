import {
  maskEmail,
  unsubscribeMessages,
  type ReminderActivity,
  type ReminderActivityQuery,
  type SentMailQuery,
} from '@homeminder/shared/contracts/mail';
import { scheduleTimeZone } from '@homeminder/shared/schedule';
import { Privilege } from '@homeminder/shared/permissions';
import { hasPrivilege, type AuthContext } from '../../access/auth-context';
import { realtorScope } from '../../access/client-scope';
import { BadRequestError, ForbiddenError, NotFoundError } from '../../lib/errors';
import { readUnsubscribeToken, type Signer } from '../../lib/signing';
import type { AuditService } from '../audit';
import { HELP_REQUEST_KIND, REMINDER_KIND } from '../../db/email-outbox';
import { mailImagePurpose, mailImageSubject } from '../../lib/mail/links';
import type { MailRepository } from './mail.repository';

const mailNotFound = 'That email was not found.';
const withheldText =
  'The content of this account email is not shown: it holds a link meant only for its recipient.';

interface Dependencies {
  mail: MailRepository;
  signing: Signer;
  audit: AuditService;
  /** True when SMTP_URL is set: mail leaves the outbox. */
  delivering: boolean;
  /** True with MAIL_HOLD: nothing leaves the outbox (docs/decisions/066). */
  held: boolean;
  now: () => Date;
}

/**
 * The reminder service's screens: Sent mail (administrators), the public unsubscribe page and
 * the images of emails, and the Home card's reminder activity.
 */
export function mailService({ mail, signing, audit, delivering, held, now }: Dependencies) {
  /** The client an unsubscribe link names, if the link is genuine and still valid. */
  const claimOf = async (token: string) => {
    const claim = await readUnsubscribeToken(signing, token, now());
    const target = claim ? await mail.unsubscribeTarget(claim.tenantId, claim.clientUserId) : undefined;
    if (!claim || !target) throw new BadRequestError(unsubscribeMessages.invalidLink);
    return { claim, target };
  };

  return {
    /** A page of the outbox: the corporation's, or, for the operator, every one or the one asked. */
    async sentMail(auth: AuthContext, query: SentMailQuery) {
      const acrossTenants = hasPrivilege(auth, Privilege.ActAcrossTenants);
      const tenantId = acrossTenants ? (query.tenantId ?? null) : auth.tenantId;
      return { ...(await mail.page(tenantId, query)), delivering, held };
    },

    async sentMailDetail(auth: AuthContext, tenantId: string, id: string) {
      if (!hasPrivilege(auth, Privilege.ActAcrossTenants) && tenantId.toLowerCase() !== auth.tenantId) {
        throw new NotFoundError(mailNotFound);
      }
      const found = await mail.detail(tenantId.toLowerCase(), id);
      if (!found) throw new NotFoundError(mailNotFound);
      // An account email holds a sign-in link meant for its recipient alone: once mail really
      // leaves (SMTP_URL), administrators see that it went, not what it said (docs/decisions/029).
      // Reminders and a client's help requests hold no such link and are shown.
      if (delivering && found.kind !== REMINDER_KIND && found.kind !== HELP_REQUEST_KIND) {
        return { ...found, html: `<!doctype html><p>${withheldText}</p>`, text: withheldText };
      }
      return found;
    },

    /**
     * Home's reminder activity by day and engagement by month: a realtor's own clients, or the
     * corporation's, or one realtor's when a manager picks one (docs/decisions/064).
     */
    async activity(auth: AuthContext, query: ReminderActivityQuery): Promise<ReminderActivity> {
      const realtorId = realtorScope(auth) ?? query.realtorId?.toLowerCase() ?? null;
      const at = now();
      const timeZone = scheduleTimeZone(await mail.corporationTimeZone(auth.tenantId));
      return {
        ...(await mail.activity(auth.tenantId, realtorId, at)),
        engagement: await mail.engagement(auth.tenantId, realtorId, timeZone, at),
      };
    },

    async unsubscribePreview(token: string) {
      const { target } = await claimOf(token);
      return {
        clientName: `${target.firstName} ${target.lastName}`,
        corporationName: target.corporationName,
        emailAddress: maskEmail(target.email),
        reminderCount: target.reminderCount,
        alreadyUnsubscribed: target.unsubscribedAt !== null,
      };
    },

    async unsubscribe(token: string, ip: string) {
      const { claim } = await claimOf(token);
      const changed = await mail.unsubscribe(claim.tenantId, claim.clientUserId, now());
      if (changed) {
        await audit.record({
          tenantId: claim.tenantId,
          actorUserId: null,
          action: 'client.unsubscribed',
          recordType: 'client-user',
          recordId: claim.clientUserId,
          ipAddress: ip,
        });
      }
      return { message: unsubscribeMessages.done };
    },

    /** An image shown in emails, by its signed link. */
    async image(kind: 'branding' | 'profile', tenantId: string, id: string, sig: string) {
      const genuine = await signing.checkTag(mailImagePurpose, mailImageSubject(kind, tenantId, id), sig);
      if (!genuine) throw new ForbiddenError();
      const image = await mail.image(kind, tenantId.toLowerCase(), id.toLowerCase());
      if (!image) throw new NotFoundError('That image was not found.');
      return image;
    },
  };
}
export type MailService = ReturnType<typeof mailService>;
