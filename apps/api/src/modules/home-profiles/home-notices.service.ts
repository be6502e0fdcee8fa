import { attentionRules } from '@homeminder/shared/contracts/attention';
import { warrantyNoticeDays } from '@homeminder/shared/contracts/home-system-words';
import { attentionDigestHour } from '@homeminder/shared/constants';
import { localDateOf } from '@homeminder/shared/schedule';
import { myHomePagePath } from '@homeminder/shared/routes';
import { emailBrandOf } from '../../lib/mail/layout';
import { mailboxOf, type mailLinks } from '../../lib/mail/links';
import { mintUnsubscribeToken, unsubscribeTokenLifetimeMs, type Signer } from '../../lib/signing';
import { HOME_NOTICE_KIND, homeNoticeEmail } from './home-notice-email';
import type { DueHomeNotice, HomeNoticesRepository } from './home-notices.repository';

export interface HomeNoticesServiceOptions {
  notices: HomeNoticesRepository;
  signing: Signer;
  links: ReturnType<typeof mailLinks>;
  portalUrl: string;
  mailFrom: string;
  now?: () => Date;
}

/**
 * The homeowner's emails about their home's systems (docs/decisions/093): a system near the end
 * of its typical life, once; a warranty ending, at the first notice and again at the last. They
 * go from the morning hour of the digests, each claimed so one server sends it.
 */
export function homeNoticesService({
  notices,
  signing,
  links,
  portalUrl,
  mailFrom,
  now = () => new Date(),
}: HomeNoticesServiceOptions) {
  const windows = {
    hour: attentionDigestHour,
    wearDays: attentionRules.replacementListedDays,
    warrantyDays: warrantyNoticeDays,
  } as const;

  async function emailOf(notice: DueHomeNotice, at: Date) {
    const brand = await emailBrandOf(notice, () => links.brandingImage(notice.tenantId));
    const { year, month, day } = localDateOf(at, notice.timeZone);
    const token = await mintUnsubscribeToken(signing, {
      tenantId: notice.tenantId,
      clientUserId: notice.clientUserId,
      expiresAt: new Date(at.getTime() + unsubscribeTokenLifetimeMs),
    });
    const content = homeNoticeEmail({
      brand,
      notice,
      today: new Date(Date.UTC(year, month - 1, day)),
      myHomeUrl: `${portalUrl}${myHomePagePath}`,
      unsubscribeUrl: links.unsubscribe(token),
    });
    return content
      ? {
          kind: HOME_NOTICE_KIND,
          toAddress: notice.email,
          fromName: brand.name,
          ...content,
          headers: links.listUnsubscribeHeaders(token, mailboxOf(mailFrom)),
        }
      : null;
  }

  return {
    /** Sends every notice owed now; returns how many emails it queued. */
    async sendDue(): Promise<number> {
      const at = now();
      let queued = 0;
      for (const notice of await notices.due(at, windows)) {
        const email = await emailOf(notice, at);
        // Nothing to say after all (a day's edge between the zone and the wear's month): not claimed.
        if (email && (await notices.claimed(notice, at, email))) queued += 1;
      }
      return queued;
    },
  };
}
export type HomeNoticesService = ReturnType<typeof homeNoticesService>;
