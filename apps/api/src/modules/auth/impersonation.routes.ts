import type { onSendAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idSchema } from '@homeminder/shared/validation/ids';
import { apiRoute } from '../../plugins/api-route';
import { authOf, requireAuth } from '../../plugins/auth';
import { clearActingCookie, setActingCookie, signInFrom } from '../../plugins/session-cookies';
import type { AuditService } from '../audit';
import { actingSessionId } from '../../lib/real-actor';
import type { ImpersonationService } from './impersonation.service';

export const impersonationRoutes: FastifyPluginAsyncZod<{ impersonation: ImpersonationService }> = async (
  app,
  { impersonation },
) => {
  apiRoute(
    app,
    'GET /auth/impersonate/check',
    { tags: ['auth'], summary: 'May the signed-in user act as another user?', preValidation: requireAuth },
    async (request) => ({ allowed: impersonation.canImpersonate(authOf(request)) }),
  );

  const signedIn = { tags: ['auth'], dataScope: 'none', preValidation: requireAuth } as const;
  apiRoute(
    app,
    'POST /auth/impersonate/:userId',
    {
      ...signedIn,
      summary: 'Act as another user: answers the token to send as `Impersonation: Impersonated <token>`',
      params: z.object({ userId: idSchema }),
    },
    async (request, reply) => {
      const acting = await impersonation.start(authOf(request), request.params.userId, signInFrom(request));
      return setActingCookie(reply, acting);
    },
  );

  apiRoute(
    app,
    'DELETE /auth/impersonate',
    {
      ...signedIn,
      summary: 'Stop acting as another user: the token of the `Impersonation` header ends (204)',
      status: 204,
    },
    async (request, reply) => {
      await impersonation.end(authOf(request));
      clearActingCookie(reply);
    },
  );
};

/**
 * Counts every request made while acting as someone on the session's one audit entry
 * (docs/decisions/081). It runs as the response is about to leave, so the count is up to date by the
 * time the caller has the response.
 */
export function countImpersonatedRequests(audit: AuditService): onSendAsyncHookHandler<unknown> {
  return async (request, _reply, payload) => {
    const auth = request.auth;
    if (!auth?.impersonator) return payload;
    await audit
      .countSessionRequest(auth.homeTenantId, actingSessionId(auth.tokenHash))
      .catch((error: unknown) =>
        request.log.error({ err: error }, 'could not count a request made while acting as someone'),
      );
    return payload;
  };
}
