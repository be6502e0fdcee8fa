import { PRODUCT_NAME } from '@homeminder/shared/constants';
import { renderEmail, type EmailBrand, type EmailContent } from '../../lib/mail/layout';

/** Whom an account email greets, and the corporation it comes from. */
interface Recipient {
  firstName: string;
  brand: EmailBrand;
}

/**
 * Every account email greets its reader by first name and carries the corporation's brand, in its
 * head, its text and at its foot; `paragraphs` follow the greeting.
 */
function accountEmail(
  { firstName, brand }: Recipient,
  content: { subject: string; paragraphs: string[]; action: { label: string; url: string } },
): EmailContent {
  return renderEmail({
    brand,
    subject: content.subject,
    paragraphs: [`Hello ${firstName},`, ...content.paragraphs],
    action: content.action,
    footer: `You receive this email from ${PRODUCT_NAME} on behalf of ${brand.name}.`,
  });
}

export function passwordResetEmail(
  options: Recipient & { resetUrl: string; validMinutes: number },
): EmailContent {
  const { brand } = options;
  return accountEmail(options, {
    subject: `Reset your ${PRODUCT_NAME} password`,
    paragraphs: [
      `Someone asked to reset the password of your ${PRODUCT_NAME} account at ${brand.name}. If it was you, choose a new password with the button below. The link works once, for ${options.validMinutes} minutes.`,
      'If you did not ask for this, you can ignore this email: your password stays as it is.',
    ],
    action: { label: 'Choose a new password', url: options.resetUrl },
  });
}

/** A new account without a password set by the administrator: the user chooses one. */
export function welcomeEmail(
  options: Recipient & { setPasswordUrl: string; validHours: number },
): EmailContent {
  const { brand } = options;
  return accountEmail(options, {
    subject: `Your ${PRODUCT_NAME} account at ${brand.name} is ready`,
    paragraphs: [
      `An administrator of ${brand.name} created a ${PRODUCT_NAME} account for you. Choose your password with the button below to sign in. The link works once, for ${options.validHours} hours.`,
      'Your email address is your user name.',
    ],
    action: { label: 'Choose my password', url: options.setPasswordUrl },
  });
}

/** A realtor (or an administrator) invites a client to create a sign-in and choose their reminders. */
export function clientInvitationEmail(
  options: Recipient & {
    /** Who sent the invitation: the client's realtor, or the administrator who clicked. */
    inviterName: string;
    registerUrl: string;
    validDays: number;
  },
): EmailContent {
  const { brand } = options;
  return accountEmail(options, {
    subject: `${options.inviterName} of ${brand.name} set up home maintenance reminders for you`,
    paragraphs: [
      `${options.inviterName} of ${brand.name} set up maintenance reminders for your home: short emails when it is time to replace a filter, clean the gutters and the like.`,
      'Create your sign-in with the button below and choose which reminders you want to receive. The link works once, for ' +
        `${options.validDays} days.`,
      'If you do not know this realtor, you can ignore this email.',
    ],
    action: { label: 'Create my sign-in', url: options.registerUrl },
  });
}
