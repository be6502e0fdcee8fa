import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  forgotPasswordSchema,
  registerSchema,
  resetPasswordSchema,
} from '@homeminder/shared/validation/forms';
import type { AccountService } from './account.service';

const messageSchema = z.object({ message: z.string() });

/** Account flows that work without signing in: forgot password, reset, client registration. */
export const accountRoutes: FastifyPluginAsyncZod<{ accounts: AccountService }> = async (
  app,
  { accounts },
) => {
  app.post(
    '/auth/forgot-password',
    {
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
    '/auth/reset-password',
    {
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with a reset link; ends every other session',
        body: resetPasswordSchema,
        response: { 200: messageSchema },
      },
    },
    async (request) => accounts.resetPassword(request.body, request.ip),
  );

  app.post(
    '/auth/register',
    {
      schema: {
        tags: ['auth'],
        summary: 'A client invited by their realtor creates a sign-in with the invitation code',
        body: registerSchema,
        response: { 201: messageSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await accounts.register(request.body, request.ip)),
  );
};
