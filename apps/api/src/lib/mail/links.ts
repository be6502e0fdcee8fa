import { replyPagePath, type ReplyKind } from '@homeminder/shared/reply-words';
import { clientPagePath } from '@homeminder/shared/routes';
import type { Signer } from '../signing';

export type MailImageKind = 'branding' | 'profile';
export const mailImagePurpose = 'mail-image-v1';

/** The signed text of an image link: which image, of which corporation and record. */
export const mailImageSubject = (kind: MailImageKind, tenantId: string, id: string) =>
  `${kind}/${tenantId}/${id}`.toLowerCase();

/** The bare address of a From line: `Acme <no-reply@acme.test>` gives `no-reply@acme.test`. */
export function mailboxOf(from: string): string {
  return (/<([^<>]+)>\s*$/.exec(from)?.[1] ?? from).trim();
}

/**
 * Addresses placed in emails. Images are served without signing in, so their links carry a
 * signature: nobody can list other corporations' images by guessing ids (docs/decisions/027).
 */
export function mailLinks(signing: Signer, portalUrl: string) {
  const image = async (kind: MailImageKind, tenantId: string, id: string) => {
    const sig = await signing.tag(mailImagePurpose, mailImageSubject(kind, tenantId, id));
    return `${portalUrl}api/mail/image/${kind}/${tenantId}/${id}?sig=${sig}`;
  };
  const unsubscribe = (token: string) => `${portalUrl}unsubscribe?token=${encodeURIComponent(token)}`;
  return {
    unsubscribe,
    /** A client's details in the portal, for staff: signing in first, and scoped like the grid. */
    client: (clientId: string) => `${portalUrl}${clientPagePath(clientId)}`,
    /** The page of one reply of a reminder (docs/decisions/061), which asks before it records. */
    reply: (kind: ReplyKind, token: string) =>
      `${portalUrl}${replyPagePath(kind)}?token=${encodeURIComponent(token)}`,
    /**
     * The List-Unsubscribe headers of a reminder (RFC 2369, RFC 8058): mail programs offer their
     * own unsubscribe button, which POSTs to the one-click address without opening a page; those
     * that only write emails send one to the From mailbox, with the page's link in the body.
     */
    listUnsubscribeHeaders: (token: string, fromMailbox: string): Record<string, string> => {
      const oneClick = `${portalUrl}api/mail/unsubscribe?token=${encodeURIComponent(token)}`;
      const mailto = `mailto:${fromMailbox}?subject=Unsubscribe&body=${encodeURIComponent(unsubscribe(token))}`;
      return {
        'List-Unsubscribe': `<${oneClick}>, <${mailto}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      };
    },
    brandingImage: (tenantId: string) => image('branding', tenantId, tenantId),
    profileImage: (tenantId: string, userId: string) => image('profile', tenantId, userId),
  };
}
