import { PRODUCT_NAME } from '@homeminder/shared/constants';
import { formatDueDateInWords } from '@homeminder/shared/due-date';
import { formatPhone } from '@homeminder/shared/format';
import { renderEmail, type EmailBrand, type EmailContent } from '../../lib/mail/layout';

/** The kind of an outbox message that is a realtor's morning digest. */
export const ATTENTION_DIGEST_KIND = 'attention-digest';

/** One client in the digest: who, why, since when, and how to reach them. */
export interface DigestItem {
  clientId: string;
  clientName: string;
  /** Why, in words, e.g. "Asked for help with Replace HVAC filter". */
  reason: string;
  since: Date;
  email: string | null;
  phone: string | null;
}

/**
 * The morning email of a realtor's clients who need attention: a line a client, with why, since
 * when and how to reach them and a link to their details, and a button to Home, where the list can
 * be acted on.
 */
export function attentionDigestEmail(data: {
  brand: EmailBrand;
  firstName: string;
  items: DigestItem[];
  timeZone: string;
  homeUrl: string;
  /** The address of a client's details in the portal. */
  clientUrl: (clientId: string) => string;
}): EmailContent {
  const count = data.items.length;
  const subject = count === 1 ? '1 client needs your attention' : `${count} clients need your attention`;
  const lines = data.items.map((item) => {
    const contact = [item.email, item.phone ? formatPhone(item.phone) : null].filter(Boolean).join(' · ');
    const since = formatDueDateInWords(item.since, data.timeZone);
    // The reason is a sentence of its own ("Asked for help with …."); the line goes on after it.
    const reason = item.reason.replace(/\.$/, '');
    return {
      text: `${item.clientName}: ${reason}, since ${since}.${contact ? ` ${contact}` : ''}`,
      link: { label: `Open ${item.clientName}`, url: data.clientUrl(item.clientId) },
    };
  });
  return renderEmail({
    brand: data.brand,
    subject,
    paragraphs: [`Good morning ${data.firstName},`, 'These clients may be glad of a call today:', ...lines],
    action: { label: 'Open my Home page', url: data.homeUrl },
    footer: `${PRODUCT_NAME} sends this email on mornings when clients need you. You can turn it off on Manage My Account.`,
  });
}
