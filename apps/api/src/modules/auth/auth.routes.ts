import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiRoute } from '../../plugins/api-route';
import { authOf, requireAuth } from '../../plugins/auth';
import { clearSessionCookies, setSessionCookie, signInFrom } from '../../plugins/session-cookies';
import { UnauthorizedError } from '../../lib/errors';
import type { AuthService } from './auth.service';

export const authRoutes: FastifyPluginAsyncZod<{ auth: AuthService }> = async (app, { auth }) => {
  const publicAuth = { tags: ['auth'], dataScope: 'none', audience: 'anyone' } as const;
  // Wrong credentials, or a token presented that has ended, respond 401 without a sign-in too.
  const publicRefusing401 = { ...publicAuth, docs: { public: true, refusals: [401] } } as const;

  apiRoute(
    app,
    'POST /auth/login/',
    {
      ...publicRefusing401,
      summary: 'Sign in with email and password; answers a bearer token valid 2 hours',
    },
    async (request, reply) => setSessionCookie(reply, await auth.login(request.body, signInFrom(request))),
  );

  apiRoute(
    app,
    'POST /auth/logout',
    { ...publicAuth, summary: 'Revoke the bearer token', preValidation: requireAuth, status: 204 },
    async (request, reply) => {
      const session = authOf(request);
      await auth.logout(
        // Signing out while acting as someone ends the real session, and the acting one with it.
        {
          tokenHash: session.impersonator?.tokenHash ?? session.tokenHash,
          tenantId: session.impersonator?.tenantId ?? session.homeTenantId,
          userId: session.impersonator?.userId ?? session.userId,
        },
        request.ip,
      );
      clearSessionCookies(reply);
    },
  );

  apiRoute(
    app,
    'GET /auth/who-am-i',
    { ...publicRefusing401, summary: 'The signed-in user, if any' },
    async (request) => {
      const user = request.auth;
      // A token that was presented but is revoked or expired responds 401; no token at all is
      // simply "not signed in".
      if (!user && request.authFailure) throw new UnauthorizedError(request.authFailure);
      if (!user) {
        return {
          isAuthenticated: false,
          tenantID: null,
          userID: null,
          name: null,
          email: null,
          roles: [],
          privileges: [],
          tenantName: null,
          impersonatedBy: null,
          kind: null,
        };
      }
      return {
        isAuthenticated: true,
        tenantID: user.homeTenantId,
        userID: user.userId,
        name: user.name,
        email: user.email,
        roles: user.roles,
        privileges: [...user.privileges].sort(),
        tenantName: user.homeTenantName,
        impersonatedBy: user.impersonator?.name ?? null,
        kind: user.kind,
      };
    },
  );
};
