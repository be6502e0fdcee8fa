import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Privilege } from '@homeminder/shared/permissions';
import { userIdSchema } from '@homeminder/shared/validation/ids';
import { apiRoute, publicAuthRoute } from '../../plugins/api-route';
import { callerOf, requireAnyPrivilege } from '../../plugins/auth';
import { setSessionCookie, signInFrom } from '../../plugins/session-cookies';
import type { AccountService } from './account.service';

/**
 * Account flows that come by email. Public: forgot password, reset, and a client's registration
 * through their invitation link. Signed in: inviting a client, and the operator's view of the
 * outbox.
 */
export const accountRoutes: FastifyPluginAsyncZod<{ accounts: AccountService }> = async (
  app,
  { accounts },
) => {
  apiRoute(
    app,
    'POST /auth/forgot-password',
    {
      ...publicAuthRoute,
      summary: 'Email a single-use reset link (the same answer whether or not the account exists)',
      status: 202,
    },
    async (request) => accounts.requestPasswordReset(request.body, request.ip),
  );

  apiRoute(
    app,
    'POST /auth/reset-password/check',
    { ...publicAuthRoute, summary: 'Whether a reset link still works (unused and under an hour old)' },
    async (request) => accounts.resetLinkStatus(request.body.token, request.ip),
  );

  apiRoute(
    app,
    'POST /auth/reset-password',
    { ...publicAuthRoute, summary: 'Set a new password with a reset link; ends every session of the user' },
    async (request) => accounts.resetPassword(request.body, request.ip),
  );

  apiRoute(
    app,
    'POST /auth/register/invitation',
    { ...publicAuthRoute, summary: "A client's invitation: who it is for and the reminders they may choose" },
    async (request) => accounts.invitation(request.body.token, request.ip),
  );

  apiRoute(
    app,
    'POST /auth/register',
    {
      ...publicAuthRoute,
      summary: 'A client invited by their realtor creates a sign-in and chooses the reminders to keep',
      status: 201,
    },
    // The homeowner is signed in at once, for the pages as for the API.
    async (request, reply) =>
      setSessionCookie(reply, await accounts.register(request.body, signInFrom(request))),
  );

  apiRoute(
    app,
    'POST /clients/invite/:id',
    {
      tags: ['clients'],
      summary: 'Email a client a single-use link (7 days) to create a sign-in and choose reminders',
      preValidation: requireAnyPrivilege(Privilege.CanManageClients),
      params: z.object({ id: userIdSchema }),
      status: 202,
      // The client has registered already.
      docs: { refusals: [409] },
    },
    async (request) => accounts.inviteClient(callerOf(request), request.params.id),
  );
};
