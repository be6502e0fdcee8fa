import { PRODUCT_NAME } from '@homeminder/shared/constants';
import { renderEmail, type EmailContent } from '../../lib/mail/layout';

/** Every account email names the corporation the account belongs to, in the text and at the foot. */
const footerFor = (corporationName: string) =>
  `You receive this email from ${PRODUCT_NAME} on behalf of ${corporationName}.`;

export function passwordResetEmail(options: {
  firstName: string;
  corporationName: string;
  resetUrl: string;
  validMinutes: number;
}): EmailContent {
  return renderEmail({
    subject: `Reset your ${PRODUCT_NAME} password`,
    paragraphs: [
      `Hello ${options.firstName},`,
      `Someone asked to reset the password of your ${PRODUCT_NAME} account at ${options.corporationName}. If it was you, choose a new password with the button below. The link works once, for ${options.validMinutes} minutes.`,
      'If you did not ask for this, you can ignore this email: your password stays as it is.',
    ],
    action: { label: 'Choose a new password', url: options.resetUrl },
    footer: footerFor(options.corporationName),
  });
}

/** A new account without a password set by the administrator: the user chooses one. */
export function welcomeEmail(options: {
  firstName: string;
  corporationName: string;
  setPasswordUrl: string;
  validHours: number;
}): EmailContent {
  return renderEmail({
    subject: `Your ${PRODUCT_NAME} account is ready`,
    paragraphs: [
      `Hello ${options.firstName},`,
      `An administrator of ${options.corporationName} created a ${PRODUCT_NAME} account for you. Choose your password with the button below to sign in. The link works once, for ${options.validHours} hours.`,
      'Your email address is your user name.',
    ],
    action: { label: 'Choose my password', url: options.setPasswordUrl },
    footer: footerFor(options.corporationName),
  });
}

/** A realtor (or an administrator) invites a client to create a sign-in and choose their reminders. */
export function clientInvitationEmail(options: {
  firstName: string;
  corporationName: string;
  /** Who sent the invitation: the client's realtor, or the administrator who clicked. */
  inviterName: string;
  registerUrl: string;
  validDays: number;
}): EmailContent {
  return renderEmail({
    subject: `${options.inviterName} invites you to ${PRODUCT_NAME}`,
    paragraphs: [
      `Hello ${options.firstName},`,
      `${options.inviterName} of ${options.corporationName} set up maintenance reminders for your home with ${PRODUCT_NAME}: short emails when it is time to replace a filter, clean the gutters and the like.`,
      'Create your sign-in with the button below and choose which reminders you want to receive. The link works once, for ' +
        `${options.validDays} days.`,
      'If you do not know this realtor, you can ignore this email.',
    ],
    action: { label: 'Create my sign-in', url: options.registerUrl },
    footer: footerFor(options.corporationName),
  });
}
