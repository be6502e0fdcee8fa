import { PRODUCT_NAME } from '@homeminder/shared/constants';
import { renderEmail, type EmailContent } from '../../lib/mail/layout';

export function passwordResetEmail(options: {
  firstName: string;
  resetUrl: string;
  validMinutes: number;
}): EmailContent {
  return renderEmail({
    subject: `Reset your ${PRODUCT_NAME} password`,
    paragraphs: [
      `Hello ${options.firstName},`,
      `Someone asked to reset the password of your ${PRODUCT_NAME} account. If it was you, choose a new password with the button below. The link works once, for ${options.validMinutes} minutes.`,
      'If you did not ask for this, you can ignore this email: your password stays as it is.',
    ],
    action: { label: 'Choose a new password', url: options.resetUrl },
  });
}

/** A new account without a password set by the administrator: the user chooses one. */
export function welcomeEmail(options: {
  firstName: string;
  setPasswordUrl: string;
  validHours: number;
}): EmailContent {
  return renderEmail({
    subject: `Your ${PRODUCT_NAME} account is ready`,
    paragraphs: [
      `Hello ${options.firstName},`,
      `An administrator of your company created a ${PRODUCT_NAME} account for you. Choose your password with the button below to sign in. The link works once, for ${options.validHours} hours.`,
      'Your email address is your user name.',
    ],
    action: { label: 'Choose my password', url: options.setPasswordUrl },
  });
}
