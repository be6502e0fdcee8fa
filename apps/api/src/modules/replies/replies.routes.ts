import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { replyActionParamsSchema } from '@homeminder/shared/contracts/replies';
import { helpHandledParamsSchema } from '@homeminder/shared/contracts/attention';
import { Privilege } from '@homeminder/shared/permissions';
import { userIdSchema } from '@homeminder/shared/validation/ids';
import { apiRoute } from '../../plugins/api-route';
import { callerOf, requireAnyPrivilege } from '../../plugins/auth';
import type { RepliesService } from './replies.service';
import type { HelpHandlingService } from './help-handling.service';

/**
 * The replies of a reminder email's links, without a sign-in: the page asks for a preview, which
 * changes nothing, and only its button's POST records the reply. The token travels in the body,
 * never in an address the log keeps. And the staff's view of a client's replies.
 */
export const replyRoutes: FastifyPluginAsyncZod<{
  replies: RepliesService;
  help: HelpHandlingService;
}> = async (app, { replies, help }) => {
  // Open to anyone: the homeowner who opens the link may well be signed in in the same browser.
  const publicReply = {
    tags: ['answers'],
    dataScope: 'none',
    audience: 'anyone',
    docs: { public: true },
    params: replyActionParamsSchema,
  } as const;

  apiRoute(
    app,
    'POST /answers/:action/preview',
    { ...publicReply, summary: "What a reminder email's answer link will do (no sign-in; changes nothing)" },
    async (request) => replies.preview(request.params.action, request.body.token),
  );

  apiRoute(
    app,
    'POST /answers/:action',
    {
      ...publicReply,
      summary: 'Records a reminder answer (done, later, help) of an email link (no sign-in)',
      // Done already, put off too often, or the next date comes sooner.
      docs: { public: true, refusals: [409] },
    },
    async (request) => replies.reply(request.params.action, request.body),
  );

  apiRoute(
    app,
    'GET /clients/client/:id/activity',
    {
      tags: ['clients'],
      summary:
        "A client's timeline, newest first: reminders sent, answers, help handled, unsubscribing, invitations",
      preValidation: requireAnyPrivilege(Privilege.CanManageClients),
      params: z.object({ id: userIdSchema }),
    },
    async (request) => replies.clientActivity(callerOf(request), request.params.id, request.query),
  );

  apiRoute(
    app,
    'POST /clients/help/:answerId/handled',
    {
      tags: ['clients'],
      summary: "Marks a client's help request handled, with a note (docs/decisions/063)",
      preValidation: requireAnyPrivilege(Privilege.CanManageClients),
      params: helpHandledParamsSchema,
      docs: { refusals: [409] },
    },
    async (request) => help.markHandled(callerOf(request), request.params.answerId, request.body),
  );
};
