import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  unsubscribeMessages,
  unsubscribeRequestSchema,
  unsubscribeResultSchema,
} from '@homeminder/shared/contracts/mail';
import { BadRequestError } from '../../lib/errors';
import type { MailService } from './mail.service';

const oneClickField = 'List-Unsubscribe';

/**
 * The one field of a multipart one-click request, read with the multipart plugin registered for
 * the API. Other fields are passed over and files drained unread; a mail program may add either.
 */
async function multipartOneClickValue(request: FastifyRequest): Promise<string | undefined> {
  let value: string | undefined;
  try {
    for await (const part of request.parts({
      limits: { fields: 50, fieldSize: 4096, files: 10, fileSize: 64 * 1024, parts: 60 },
    })) {
      if (part.type === 'file') part.file.resume();
      else if (part.fieldname === oneClickField && value === undefined) value = String(part.value);
    }
  } catch {
    // A body cut off or malformed, or past the limits: not the request of a mail program.
    return undefined;
  }
  return value;
}

/**
 * The one-click unsubscribe of RFC 8058. A mail program shows its own unsubscribe button for a
 * reminder's List-Unsubscribe header and, when pressed, POSTs `List-Unsubscribe=One-Click` to this
 * address: no page, no sign-in, no cookie; the signed token in the address says whose reminders
 * stop. Only that POST acts: a person (or a link scanner) who opens the address gets the
 * unsubscribe page, which asks before it does anything.
 */
export const oneClickUnsubscribeRoutes: FastifyPluginAsyncZod<{ mail: MailService }> = async (
  app,
  { mail },
) => {
  // Mail programs send the one field as a URL-encoded form or as multipart (RFC 8058, section 3.1).
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  app.post(
    '/mail/unsubscribe',
    {
      config: { dataScope: 'none', audience: 'anyone', docs: { public: true, form: [oneClickField] } },
      schema: {
        tags: ['mail'],
        summary: "A mail program's one-click unsubscribe from a reminder's List-Unsubscribe header",
        querystring: unsubscribeRequestSchema,
        response: { 200: unsubscribeResultSchema },
      },
    },
    async (request) => {
      const value = request.isMultipart()
        ? await multipartOneClickValue(request)
        : (request.body as Record<string, unknown> | undefined)?.[oneClickField];
      if (value !== 'One-Click') throw new BadRequestError(unsubscribeMessages.oneClickOnly);
      return mail.unsubscribe(request.query.token, request.ip);
    },
  );

  app.get(
    '/mail/unsubscribe',
    {
      config: { dataScope: 'none', audience: 'anyone', docs: { public: true, status: 303 } },
      schema: {
        tags: ['mail'],
        summary: 'Opens the unsubscribe page of a List-Unsubscribe address',
        querystring: unsubscribeRequestSchema,
      },
    },
    // From <base>api/mail/unsubscribe to <base>unsubscribe, whatever the base path.
    async (request, reply) =>
      reply.redirect(`../../unsubscribe?token=${encodeURIComponent(request.query.token)}`, 303),
  );
};
