import { PRODUCT_NAME } from '@homeminder/shared/constants';
import { formatDayInWords } from '@homeminder/shared/due-date';
import { renderEmail, type EmailBrand, type EmailContent } from '../../lib/mail/layout';

/** The kinds of the emails a closing sends, as the outbox keeps them. */
export const HOME_SALE_KINDS = { buyer: 'home-received', seller: 'home-sold' } as const;

interface SaleEmail {
  firstName: string;
  brand: EmailBrand;
  address: string;
  closingOn: string;
}

const footer = (brand: EmailBrand) =>
  `You receive this email from ${PRODUCT_NAME} on behalf of ${brand.name}.`;

/**
 * The buyer's welcome on the closing date: the home's care record waits for them. A buyer without
 * a sign-in creates one through `registerUrl`; one who has a sign-in finds the home on My home.
 */
export function homeReceivedEmail(
  options: SaleEmail & {
    action: { kind: 'register'; url: string; validDays: number } | { kind: 'signIn'; url: string };
  },
): EmailContent {
  const { brand, address, action } = options;
  return renderEmail({
    brand,
    subject: `The care record of ${address} is waiting for you`,
    paragraphs: [
      `Hello ${options.firstName},`,
      `Congratulations on your new home. ${brand.name} kept the care record of ${address}: its systems and their ages, what was done and when, with the receipts, and the reminders that keep it in good shape. As of ${formatDayInWords(options.closingOn)}, it is yours.`,
      action.kind === 'register'
        ? `Create your sign-in with the button below to see the record and choose your reminders. The link works once, for ${action.validDays} days. Until then, the home's reminders come to this address.`
        : 'Sign in to see it on My home, beside your other homes. Its reminders come to this address.',
    ],
    action: {
      label: action.kind === 'register' ? 'See my home’s record' : 'Open My home',
      url: action.url,
    },
    footer: footer(brand),
  });
}

/** The seller's copy of the home report, as it stood at the closing, attached. */
export function homeSoldEmail(
  options: SaleEmail & { myHomeUrl: string; hasOtherHomes: boolean },
): EmailContent {
  const { brand, address } = options;
  return renderEmail({
    brand,
    subject: `Your home report of ${address}`,
    paragraphs: [
      `Hello ${options.firstName},`,
      `The sale of ${address} closed on ${formatDayInWords(options.closingOn)}. Attached is the home report as it stood that day: the home's profile, its systems, and everything done to it. Its care record and reminders now go to its new owner, and you will not get its reminders any more.`,
      options.hasOtherHomes
        ? 'Your other homes and their reminders stay as they are.'
        : 'The report also stays on My home for you to download.',
    ],
    action: { label: 'Open My home', url: options.myHomeUrl },
    footer: footer(brand),
  });
}
