import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  invitationSchema,
  invitationSentSchema,
  linkTokenSchema,
  registeredSchema,
  resetLinkStatusSchema,
} from '@homeminder/shared/contracts/account';
import { Privilege } from '@homeminder/shared/permissions';
import {
  forgotPasswordSchema,
  registerSchema,
  resetPasswordSchema,
} from '@homeminder/shared/validation/forms';
import { userIdSchema } from '@homeminder/shared/validation/ids';
import { callerOf, requireAnyPrivilege } from '../../plugins/auth';
import type { AccountService } from './account.service';

const messageSchema = z.object({ message: z.string() });

/**
 * Account flows that come by email. Public: forgot password, reset, and a client's registration
 * through their invitation link. Signed in: inviting a client, and the operator's view of the
 * outbox.
 */
export const accountRoutes: FastifyPluginAsyncZod<{ accounts: AccountService }> = async (
  app,
  { accounts },
) => {
  app.post(
    '/auth/forgot-password',
    {
      config: { dataScope: 'none' },
      schema: {
        tags: ['auth'],
        summary: 'Email a single-use reset link (the same answer whether or not the account exists)',
        body: forgotPasswordSchema,
        response: { 202: messageSchema },
      },
    },
    async (request, reply) =>
      reply.status(202).send(await accounts.requestPasswordReset(request.body, request.ip)),
  );

  app.post(
    '/auth/reset-password/check',
    {
      config: { dataScope: 'none' },
      schema: {
        tags: ['auth'],
        summary: 'Whether a reset link still works (unused and under an hour old)',
        body: linkTokenSchema,
        response: { 200: resetLinkStatusSchema },
      },
    },
    async (request) => accounts.resetLinkStatus(request.body.token, request.ip),
  );

  app.post(
    '/auth/reset-password',
    {
      config: { dataScope: 'none' },
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with a reset link; ends every session of the user',
        body: resetPasswordSchema,
        response: { 200: messageSchema },
      },
    },
    async (request) => accounts.resetPassword(request.body, request.ip),
  );

  app.post(
    '/auth/register/invitation',
    {
      config: { dataScope: 'none' },
      schema: {
        tags: ['auth'],
        summary: "A client's invitation: who it is for and the reminders they may choose",
        body: linkTokenSchema,
        response: { 200: invitationSchema },
      },
    },
    async (request) => accounts.invitation(request.body.token, request.ip),
  );

  app.post(
    '/auth/register',
    {
      config: { dataScope: 'none' },
      schema: {
        tags: ['auth'],
        summary: 'A client invited by their realtor creates a sign-in and chooses the reminders to keep',
        body: registerSchema,
        response: { 201: registeredSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await accounts.register(request.body, request.ip)),
  );

  app.post(
    '/clients/invite/:id',
    {
      schema: {
        tags: ['clients'],
        summary: 'Email a client a single-use link (7 days) to create a sign-in and choose reminders',
        params: z.object({ id: userIdSchema }),
        response: { 202: invitationSentSchema },
      },
      preValidation: requireAnyPrivilege(Privilege.CanManageClients),
    },
    async (request, reply) =>
      reply.status(202).send(await accounts.inviteClient(callerOf(request), request.params.id)),
  );
};
