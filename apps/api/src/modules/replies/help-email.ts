import { PRODUCT_NAME } from '@homeminder/shared/constants';
import { formatPhone } from '@homeminder/shared/format';
import { renderEmail, type EmailBrand, type EmailContent } from '../../lib/mail/layout';

export interface HelpRequestData {
  brand: EmailBrand;
  /** Whom it goes to: the client's realtor, or the corporation's administrators. */
  toRealtor: boolean;
  client: { firstName: string; lastName: string; email: string; phone: string | null };
  propertyAddress: string;
  task: string;
  dueDateText: string;
  note: string | null;
  /** The client's details in the portal. */
  clientUrl: string;
}

/**
 * The email a client's "I'd like help with this" sends at once: who asks, how to reach them, where
 * and what, and their note. Every value is escaped by `renderEmail`; the client's words are theirs.
 */
export function helpRequestEmail(data: HelpRequestData): EmailContent {
  const name = `${data.client.firstName} ${data.client.lastName}`;
  const subject = `Help asked: ${data.task} at ${data.propertyAddress}`;
  const paragraphs = [
    data.toRealtor
      ? `Your client ${name} would like help with a maintenance task.`
      : `${name}, a client with no realtor, would like help with a maintenance task.`,
    `Task: ${data.task} (due ${data.dueDateText})`,
    `Property: ${data.propertyAddress}`,
    `Email: ${data.client.email}`,
    `Phone: ${data.client.phone ? formatPhone(data.client.phone) : 'not given'}`,
    data.note ? `Their note: "${data.note}"` : 'They left no note.',
    'Please get in touch with them.',
  ];
  return renderEmail({
    brand: data.brand,
    subject,
    paragraphs,
    action: { label: `Open ${name}'s details`, url: data.clientUrl },
    footer: `${name} asked for help from a reminder email of ${data.brand.name}, sent through ${PRODUCT_NAME}.`,
  });
}
