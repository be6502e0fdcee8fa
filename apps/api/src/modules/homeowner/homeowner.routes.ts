import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { calendarFeedQuerySchema } from '@homeminder/shared/contracts/homeowner';
import { idSchema } from '@homeminder/shared/validation/ids';
import { entityTag, notModified } from '../../lib/conditional-get';
import { apiRoute } from '../../plugins/api-route';
import { clientOf, requireAuth } from '../../plugins/auth';
import { routeDefaults } from '../../plugins/route-defaults';
import { imageColumnsResponse } from '../images';
import type { HomeownerRepliesService } from './homeowner-replies.service';
import type { Homeowner, HomeownerService } from './homeowner.service';

/**
 * The homeowner's own routes (docs/decisions/062): every one serves a homeowner's session only
 * (`audience: 'client'`, enforced by the auth plugin) and acts on the signed-in client alone, so
 * no route takes a client id. The calendar feed is public: its address carries its own token.
 */
export const homeownerRoutes: FastifyPluginAsyncZod<{
  homeowner: HomeownerService;
  replies: HomeownerRepliesService;
}> = async (app, { homeowner, replies }) => {
  routeDefaults(app, { tags: ['homeowner'], preValidation: requireAuth, audience: 'client' });
  const params = z.object({ id: idSchema });
  const who = (request: Parameters<typeof clientOf>[0]): Homeowner => ({
    ...clientOf(request),
    ip: request.ip,
  });

  apiRoute(
    app,
    'GET /homeowner/overview',
    { summary: "The homeowner's homes, reminders, realtor and choices" },
    async (request) => homeowner.overview(who(request)),
  );

  apiRoute(
    app,
    'PUT /homeowner/reminders/:id',
    { summary: "Turn one of the homeowner's reminders off (paused, keeping its schedule) or on", params },
    async (request) => homeowner.switchReminder(who(request), request.params.id, request.body.on),
  );

  apiRoute(
    app,
    'POST /homeowner/reminders/:id/answer',
    {
      summary: "Answer the next date of one of the homeowner's reminders: done, remind me later, or help",
      params,
      docs: { refusals: [409] },
    },
    async (request) => replies.reply(who(request), request.params.id, request.body),
  );

  apiRoute(
    app,
    'GET /homeowner/history',
    { summary: "The homeowner's own answers to their reminders, newest first" },
    async (request) => replies.history(who(request)),
  );

  apiRoute(
    app,
    'PUT /homeowner/homes/:id',
    {
      summary: "Pause or resume the reminders of one of the homeowner's homes",
      params,
      // Resuming needs a free license.
      docs: { refusals: [409] },
    },
    async (request) => homeowner.switchHome(who(request), request.params.id, request.body.paused),
  );

  apiRoute(
    app,
    'POST /homeowner/unsubscribe',
    { summary: 'Stop every reminder email of the homeowner', docs: { refusals: [409] } },
    async (request) => homeowner.unsubscribe(who(request)),
  );

  apiRoute(
    app,
    'POST /homeowner/resubscribe',
    { summary: "Start the homeowner's reminder emails again", docs: { refusals: [409] } },
    async (request) => homeowner.resubscribe(who(request)),
  );

  apiRoute(
    app,
    'POST /homeowner/email/confirm',
    {
      summary: 'The homeowner confirms their address after it bounced or was reported: mail goes to it again',
      // Nothing to confirm: emails already reach the address.
      docs: { refusals: [409] },
    },
    async (request) => homeowner.confirmEmail(who(request)),
  );

  apiRoute(
    app,
    'POST /homeowner/password',
    { summary: "Change the homeowner's password; ends their other sessions" },
    async (request) => homeowner.changePassword(who(request), request.body),
  );

  apiRoute(
    app,
    'POST /homeowner/calendar',
    { summary: 'Make a new private calendar address; the one before stops working' },
    async (request) => homeowner.newCalendarFeed(who(request)),
  );

  apiRoute(
    app,
    'GET /homeowner/realtor/photo',
    { summary: "The photo of the homeowner's realtor" },
    async (request) => imageColumnsResponse(await homeowner.realtorPhoto(who(request))),
  );

  apiRoute(
    app,
    'GET /homeowner/brand/logo',
    { summary: "The logo of the homeowner's realtor's company" },
    async (request) => imageColumnsResponse(await homeowner.brandLogo(who(request))),
  );

  app.get(
    '/calendar/feed.ics',
    {
      config: {
        dataScope: 'none',
        audience: 'anyone',
        docs: { public: true, produces: ['text/calendar'], conditional: true },
      },
      schema: {
        summary:
          "A homeowner's reminders for the next 12 months as an iCalendar feed, by its private address",
        querystring: calendarFeedQuerySchema,
      },
      // The address is the credential: anyone holding it reads the feed, with no session.
      preValidation: [],
    },
    async (request, reply) => {
      const feed = await homeowner.calendar(request.query.token);
      // Calendar programs poll: one that sends back what it was given last time gets a 304.
      const current = { etag: entityTag(feed.text), lastModified: feed.revisedAt };
      reply
        .header('cache-control', 'private, max-age=3600')
        .header('etag', current.etag)
        .header('last-modified', current.lastModified.toUTCString());
      if (notModified(request, current)) return reply.code(304).send();
      return reply.header('content-type', 'text/calendar; charset=utf-8').send(feed.text);
    },
  );
};
