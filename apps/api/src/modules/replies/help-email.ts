import { PRODUCT_NAME } from '@homeminder/shared/constants';
import { formatPhone } from '@homeminder/shared/format';
import { HELP_REQUEST_KIND } from '../../db/email-outbox';
import { emailBrandOf, renderEmail, type EmailBrand, type EmailContent } from '../../lib/mail/layout';
import type { mailLinks } from '../../lib/mail/links';
import { propertyAddress } from '../mail';
import type { RepliedSubscription, RepliesRepository } from './replies.repository';

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

/**
 * Queues a help request's email, in the reply's transaction: to the client's realtor, or to the
 * corporation's administrators when the client has none (or a disabled one).
 */
export async function queueHelpRequest(
  {
    replies,
    links,
  }: {
    replies: Pick<RepliesRepository, 'administratorEmails' | 'queueEmail'>;
    links: ReturnType<typeof mailLinks>;
  },
  target: RepliedSubscription,
  request: { tenantId: string; clientUserId: string; dueDateText: string; note: string | null },
  at: Date,
): Promise<void> {
  const brand = await emailBrandOf(target, () => links.brandingImage(request.tenantId));
  // No realtor (or a disabled one): the corporation's administrators hear of it instead.
  const recipients = target.realtorEmail
    ? [target.realtorEmail]
    : await replies.administratorEmails(request.tenantId);
  const content = helpRequestEmail({
    brand,
    toRealtor: target.realtorEmail !== null,
    client: {
      firstName: target.clientFirstName,
      lastName: target.clientLastName,
      email: target.clientEmail,
      phone: target.clientPhone,
    },
    propertyAddress: propertyAddress(target),
    task: target.task,
    dueDateText: request.dueDateText,
    note: request.note,
    clientUrl: links.client(request.clientUserId),
  });
  for (const toAddress of recipients) {
    await replies.queueEmail(
      request.tenantId,
      {
        kind: HELP_REQUEST_KIND,
        toAddress,
        fromName: brand.name,
        subject: content.subject,
        html: content.html,
        text: content.text,
        // Replying to the email reaches the client who asked, not the service's own address.
        headers: { 'Reply-To': target.clientEmail },
      },
      at,
    );
  }
}
