import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageResponseSchema } from '@homeminder/shared/contracts/shapes';
import { ForbiddenError, NotFoundError } from '../../lib/errors';
import type { TextEventsService } from './text-events';
import type { TextsRepository } from './texts.repository';
import { verifyTwilioSignature, type TwilioSettings } from './providers/twilio';

/** Where Twilio reports deliveries and replies, under the portal's address. */
export const twilioWebhookPaths = { status: 'texts/twilio/status', inbound: 'texts/twilio/inbound' } as const;

const notSetUp = () =>
  new NotFoundError(
    'Texts are not set up on this server: set TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM (docs/operations.md).',
  );

/** An empty TwiML answer: Twilio sends nothing back itself; a HELP's answer goes through the outbox. */
const emptyTwiml = '<?xml version="1.0" encoding="UTF-8"?><Response></Response>';

/**
 * The text provider's webhooks (docs/decisions/106): delivery reports and replies to our number.
 * No sign-in: each request carries Twilio's signature over the portal's own address of the route
 * and its fields, made with the account's token; one that does not verify is refused with 403 and
 * changes nothing. And the short link a text carries, which opens the reminder's Done page.
 */
export const textWebhookRoutes: FastifyPluginAsyncZod<{
  events: TextEventsService;
  texts: Pick<TextsRepository, 'linkOf'>;
  twilio: TwilioSettings | null;
  /** The portal's address, ending with the base path: the signature covers the address Twilio called. */
  portalUrl: string;
}> = async (app, { events, texts, twilio, portalUrl }) => {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
  const config = { dataScope: 'none', audience: 'anyone', docs: { public: true, refusals: [403] } } as const;
  const signed = (path: string, body: unknown, signature: unknown) => {
    if (!twilio) throw notSetUp();
    const fields = (body ?? {}) as Record<string, string>;
    const url = `${portalUrl}api/${path}`;
    if (
      !verifyTwilioSignature(
        twilio.authToken,
        url,
        fields,
        typeof signature === 'string' ? signature : undefined,
      )
    )
      throw new ForbiddenError('The request is not signed by the text provider.');
    return fields;
  };

  app.post(
    `/${twilioWebhookPaths.status}`,
    {
      config,
      schema: {
        tags: ['texts'],
        summary: "Twilio's delivery report of a text (signed with X-Twilio-Signature)",
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => {
      const fields = signed(twilioWebhookPaths.status, request.body, request.headers['x-twilio-signature']);
      if (fields.MessageSid && fields.MessageStatus)
        await events.delivery(fields.MessageSid, fields.MessageStatus, fields.ErrorCode);
      return { message: 'Received.' };
    },
  );

  app.post(
    `/${twilioWebhookPaths.inbound}`,
    {
      config: { ...config, docs: { ...config.docs, produces: ['text/xml'] } },
      schema: {
        tags: ['texts'],
        summary: 'A reply to our number, from Twilio (signed with X-Twilio-Signature)',
      },
    },
    async (request, reply) => {
      const fields = signed(twilioWebhookPaths.inbound, request.body, request.headers['x-twilio-signature']);
      const keyword = fields.From ? await events.reply(fields.From, fields.Body ?? '') : null;
      request.log.info({ keyword }, 'a text reply was received');
      return reply.type('text/xml').send(emptyTwiml);
    },
  );

  app.get(
    '/t/:code',
    {
      config: { dataScope: 'none', audience: 'anyone', docs: { public: true, status: 302 } },
      schema: {
        tags: ['texts'],
        summary: "A text's short link: opens the reminder's page to mark it done",
        params: z.object({ code: z.string().max(20) }),
      },
    },
    async (request, reply) => {
      const url = await texts.linkOf(request.params.code);
      if (!url) throw new NotFoundError('This link is not known. Open the reminder from its email instead.');
      return reply.redirect(url, 302);
    },
  );
};
