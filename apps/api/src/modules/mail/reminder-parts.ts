import type { ReplyKind } from '@homeminder/shared/reply-words';
import { mintReplyTokens } from '../../lib/reply-token';
import { mintUnsubscribeToken, unsubscribeTokenLifetimeMs, type Signer } from '../../lib/signing';
import { emailBrandOf, type BrandColumns } from '../../lib/mail/layout';
import type { mailLinks } from '../../lib/mail/links';
import type { EmailRealtor } from './reminder-email';

/** What every reminder email (each one, the nudge, the monthly one) is built from beside its task. */

type Links = ReturnType<typeof mailLinks>;

/** Signs a batch's images once each: its corporations' logos and realtors' photos. */
function imageLinks(links: Links) {
  const signed = new Map<string, Promise<string>>();
  const once = (key: string, make: () => Promise<string>) => {
    let link = signed.get(key);
    if (!link) {
      link = make();
      signed.set(key, link);
    }
    return link;
  };
  return {
    brand: (tenantId: string) => once(tenantId, () => links.brandingImage(tenantId)),
    realtor: (tenantId: string, realtorId: string) =>
      once(`${tenantId}/${realtorId}`, () => links.profileImage(tenantId, realtorId)),
  };
}
type ImageLinks = ReturnType<typeof imageLinks>;

/** The client's realtor for the email's card, when they have an enabled one. */
async function emailRealtorOf(
  row: {
    tenantId: string;
    realtorId: string | null;
    realtorFirstName: string | null;
    realtorLastName: string | null;
    realtorEmail: string | null;
    realtorPhone: string | null;
    realtorHasPhoto: boolean;
  },
  images: ImageLinks,
): Promise<EmailRealtor> {
  if (!row.realtorId || !row.realtorEmail) return null;
  return {
    name: `${row.realtorFirstName} ${row.realtorLastName}`,
    email: row.realtorEmail,
    phone: row.realtorPhone,
    photoUrl: row.realtorHasPhoto ? await images.realtor(row.tenantId, row.realtorId) : null,
  };
}

/**
 * What a batch's reminder emails say around their tasks, each alike: the corporation's brand, the
 * client's realtor, and the client's unsubscribe link and headers, its token valid from `at`.
 */
export function emailFrames(signing: Signer, links: Links, fromMailbox: string, at: Date) {
  const images = imageLinks(links);
  const expiresAt = new Date(at.getTime() + unsubscribeTokenLifetimeMs);
  return async (row: BrandColumns & Parameters<typeof emailRealtorOf>[0] & { clientUserId: string }) => {
    const token = await mintUnsubscribeToken(signing, {
      tenantId: row.tenantId,
      clientUserId: row.clientUserId,
      expiresAt,
    });
    return {
      brand: await emailBrandOf(row, () => images.brand(row.tenantId)),
      realtor: await emailRealtorOf(row, images),
      unsubscribeUrl: links.unsubscribe(token),
      headers: links.listUnsubscribeHeaders(token, fromMailbox),
    };
  };
}

/** One link per reply, each bound to the email's due date (docs/decisions/061); after `signing.ready()`. */
export function replyUrlsOf(
  signing: Signer,
  links: Links,
  claim: { tenantId: string; clientUserId: string; subscriptionId: string; dueAt: Date; expiresAt: Date },
): Record<ReplyKind, string> {
  return Object.fromEntries(
    mintReplyTokens(signing, claim).map(({ kind, token }) => [kind, links.reply(kind, token)]),
  ) as Record<ReplyKind, string>;
}
