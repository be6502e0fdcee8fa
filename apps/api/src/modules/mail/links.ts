import type { Signer } from '../../lib/signing';

export type MailImageKind = 'branding' | 'profile';
export const mailImagePurpose = 'mail-image-v1';

/** The signed text of an image link: which image, of which corporation and record. */
export const mailImageSubject = (kind: MailImageKind, tenantId: string, id: string) =>
  `${kind}/${tenantId}/${id}`.toLowerCase();

/**
 * Addresses placed in emails. Images are served without signing in, so their links carry a
 * signature: nobody can list other corporations' images by guessing ids (docs/decisions/027).
 */
export function mailLinks(signing: Signer, portalUrl: string) {
  const image = async (kind: MailImageKind, tenantId: string, id: string) => {
    const sig = await signing.tag(mailImagePurpose, mailImageSubject(kind, tenantId, id));
    return `${portalUrl}api/mail/image/${kind}/${tenantId}/${id}?sig=${sig}`;
  };
  return {
    unsubscribe: (token: string) => `${portalUrl}unsubscribe?token=${encodeURIComponent(token)}`,
    brandingImage: (tenantId: string) => image('branding', tenantId, tenantId),
    profileImage: (tenantId: string, userId: string) => image('profile', tenantId, userId),
  };
}
