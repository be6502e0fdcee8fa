import { attentionDigestHour } from '@homeminder/shared/constants';
import { emailBrandOf } from '../../lib/mail/layout';
import type { mailLinks } from '../../lib/mail/links';
import { ATTENTION_DIGEST_KIND, attentionDigestEmail, type DigestItem } from './digest-email';
import type { DigestRepository, DueRealtor } from './digest.repository';

export interface DigestServiceOptions {
  digests: DigestRepository;
  /** The clients of a realtor who need attention now, inside the corporation's transaction. */
  attentionOf: (tenantId: string, realtorId: string, at: Date) => Promise<DigestItem[]>;
  links: ReturnType<typeof mailLinks>;
  portalUrl: string;
  now?: () => Date;
}

/**
 * The realtors' morning digest (docs/decisions/063): once the corporation's local clock passes the
 * digest hour, each realtor who wants it is claimed for the day; those with clients needing
 * attention get one email through the outbox, the others nothing.
 */
export function digestService({
  digests,
  attentionOf,
  links,
  portalUrl,
  now = () => new Date(),
}: DigestServiceOptions) {
  async function sendTo(realtor: DueRealtor, at: Date): Promise<boolean> {
    const brand = await emailBrandOf(realtor, () => links.brandingImage(realtor.tenantId));
    const listed = await digests.claimed(realtor, at, async () => {
      const items = await attentionOf(realtor.tenantId, realtor.userId, at);
      if (items.length === 0) return 0;
      const content = attentionDigestEmail({
        brand,
        firstName: realtor.firstName,
        items,
        timeZone: realtor.timeZone,
        homeUrl: portalUrl,
        clientUrl: links.client,
      });
      await digests.queueEmail(
        realtor.tenantId,
        { kind: ATTENTION_DIGEST_KIND, toAddress: realtor.email, fromName: brand.name, ...content },
        at,
      );
      return items.length;
    });
    return (listed ?? 0) > 0;
  }

  return {
    /** Decides every digest that is due; returns how many emails it queued. */
    async sendDue(): Promise<number> {
      const at = now();
      let queued = 0;
      for (const realtor of await digests.due(at, attentionDigestHour)) {
        if (await sendTo(realtor, at)) queued += 1;
      }
      return queued;
    },
  };
}
export type DigestService = ReturnType<typeof digestService>;
