import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageResponseSchema } from '@homeminder/shared/contracts/shapes';
import { BadRequestError, NotFoundError } from '../../lib/errors';
import { UnverifiedDeliveryEventError } from './delivery-event';
import type { DeliveryEventsService } from './delivery-events.service';
import { postmarkAuthorized, postmarkEvents } from './providers/postmark';
import { sendgridEvents, sendgridSignatureHeader, sendgridTimestampHeader } from './providers/sendgrid';
import { readSnsMessage } from './providers/ses';

/** The relays whose reports this server hears; each one unset is off, and its address says so. */
export interface DeliveryWebhooks {
  postmark?: { user: string; password: string } | undefined;
  /** The Event Webhook's verification key, base64, as SendGrid shows it. */
  sendgridPublicKey?: string | undefined;
  /** The SNS topic SES publishes bounces and complaints to. */
  sesTopicArn?: string | undefined;
}

/** The relays heard, from the configuration; a relay half configured is not heard. */
export function deliveryWebhooksOf(env: {
  POSTMARK_WEBHOOK_USER?: string | undefined;
  POSTMARK_WEBHOOK_PASSWORD?: string | undefined;
  SENDGRID_WEBHOOK_PUBLIC_KEY?: string | undefined;
  SES_SNS_TOPIC_ARN?: string | undefined;
}): DeliveryWebhooks {
  const { POSTMARK_WEBHOOK_USER: user, POSTMARK_WEBHOOK_PASSWORD: password } = env;
  return {
    postmark: user && password ? { user, password } : undefined,
    sendgridPublicKey: env.SENDGRID_WEBHOOK_PUBLIC_KEY,
    sesTopicArn: env.SES_SNS_TOPIC_ARN,
  };
}

/** Which relays are heard, in a sentence for the start-up log. */
export function deliveryWebhooksText(webhooks: DeliveryWebhooks): string {
  const heard = [
    webhooks.postmark && 'Postmark',
    webhooks.sendgridPublicKey && 'SendGrid',
    webhooks.sesTopicArn && 'Amazon SES',
  ].filter(Boolean);
  return heard.length > 0
    ? `bounces and complaints are heard from ${heard.join(', ')}`
    : 'no mail relay webhook is set up: bounces and complaints reported later are not heard (docs/operations.md)';
}

const notSetUp = (relay: string, setting: string) =>
  new NotFoundError(`${relay} reports are not set up on this server: set ${setting} (docs/operations.md).`);

function parsed(body: unknown): unknown {
  try {
    return JSON.parse(typeof body === 'string' ? body : '');
  } catch {
    throw new BadRequestError('The report is not valid JSON.');
  }
}

const received = (count: number) => ({
  message: `Received: ${count} new ${count === 1 ? 'event' : 'events'}.`,
});

/**
 * The mail relays' webhooks (docs/decisions/101): bounces, complaints and unsubscribes reported
 * after a message left. No sign-in: each relay proves itself as it documents (basic auth, a
 * signature), and a report that does not is refused with 403 and changes nothing.
 */
export const deliveryEventRoutes: FastifyPluginAsyncZod<{
  deliveryEvents: DeliveryEventsService;
  webhooks: DeliveryWebhooks;
  now?: () => Date;
}> = async (app, { deliveryEvents, webhooks, now = () => new Date() }) => {
  // A signature covers the bytes as sent, so each report is read as text and parsed here.
  // SNS posts JSON as text/plain.
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser(
    ['application/json', 'text/plain'],
    { parseAs: 'string' },
    (_request, body, done) => done(null, body),
  );
  const route = (summary: string) => ({
    config: {
      dataScope: 'none' as const,
      audience: 'anyone' as const,
      docs: { public: true, refusals: [403] },
    },
    schema: { tags: ['mail'], summary, response: { 200: messageResponseSchema } },
  });

  app.post(
    '/mail/events/postmark',
    route("Postmark's bounce, spam complaint and subscription change webhook (HTTP basic auth)"),
    async (request) => {
      if (!webhooks.postmark)
        throw notSetUp('Postmark', 'POSTMARK_WEBHOOK_USER and POSTMARK_WEBHOOK_PASSWORD');
      if (!postmarkAuthorized(request.headers.authorization, webhooks.postmark)) {
        throw new UnverifiedDeliveryEventError('The webhook credentials are not right.');
      }
      return received(await deliveryEvents.receive(postmarkEvents(parsed(request.body))));
    },
  );

  app.post(
    '/mail/events/sendgrid',
    route("SendGrid's signed Event Webhook: bounces, drops, spam reports and unsubscribes"),
    async (request) => {
      if (!webhooks.sendgridPublicKey) throw notSetUp('SendGrid', 'SENDGRID_WEBHOOK_PUBLIC_KEY');
      const header = (name: string) => {
        const value = request.headers[name];
        return Array.isArray(value) ? value[0] : value;
      };
      const list = sendgridEvents(
        typeof request.body === 'string' ? request.body : '',
        {
          signature: header(sendgridSignatureHeader),
          timestamp: header(sendgridTimestampHeader),
        },
        webhooks.sendgridPublicKey,
        now(),
      );
      return received(await deliveryEvents.receive(list));
    },
  );

  app.post(
    '/mail/events/ses',
    route("Amazon SES's bounce and complaint notifications, delivered and signed by Amazon SNS"),
    async (request) => {
      if (!webhooks.sesTopicArn) throw notSetUp('Amazon SES', 'SES_SNS_TOPIC_ARN');
      const message = readSnsMessage(request.body);
      return received(await deliveryEvents.receiveSns(message, webhooks.sesTopicArn));
    },
  );
};
