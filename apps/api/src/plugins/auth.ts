import type {
  FastifyInstance,
  FastifyRequest,
  preHandlerAsyncHookHandler,
  RouteHandlerMethod,
} from 'fastify';
import fp from 'fastify-plugin';
import { impersonationMessages } from '@homeminder/shared/contracts/auth';
import type { Privilege } from '@homeminder/shared/permissions';
import { audienceMessages, authMessages, type AuthContext, type Caller } from '../access/auth-context';
import { ForbiddenError, UnauthorizedError } from '../lib/errors';
import { actingSessionId, withRealActor } from '../lib/real-actor';
import type { SessionAuthenticator } from './session-auth';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, or null. */
    auth: AuthContext | null;
    /** Why a presented token was not accepted, so protected routes can say so. */
    authFailure: string | null;
  }
  interface FastifyContextConfig {
    /**
     * Whose session a route serves (docs/decisions/062): `staff` (the default, so a route that
     * forgets to say is closed to homeowners), `client` (the homeowner's own pages) or `anyone`
     * (public routes that say so: sign-in, sign-out, who-am-i, the emailed links).
     */
    audience?: RouteAudience;
  }
}

export type RouteAudience = 'staff' | 'client' | 'anyone';

/** The audience a route declares; staff when it declares none. */
export function audienceOf(config: { audience?: RouteAudience } | undefined): RouteAudience {
  return config?.audience ?? 'staff';
}

/** The token of the `Impersonation: Impersonated <token>` header (docs/requirements.md §8.1), if any. */
function impersonationToken(request: FastifyRequest): string | null {
  const raw = request.headers['impersonation'];
  const header = Array.isArray(raw) ? raw[0] : raw;
  const match = /^Impersonated\s+(\S+)\s*$/i.exec(header ?? '');
  return match?.[1] ?? null;
}

/** Signing out and switching back work with an acting token that has ended already. */
function isLogout(request: FastifyRequest): boolean {
  return /\/auth\/(logout|impersonate)$/i.test(request.routeOptions.url ?? '');
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? null;
}

/**
 * Resolves the bearer token to a user and the tenant-id header to the tenant the request acts on
 * (docs/requirements.md §11, "Tenancy"): a user may select their own corporation; only a holder of
 * ActAcrossTenants may select another. Only these headers sign an API request in: a cookie never
 * does, so a page of another site cannot make the browser call the API as its user.
 */
export const authPlugin = fp<{ authenticator: SessionAuthenticator }>(
  async (app, { authenticator }) => {
    app.decorateRequest('auth', null);
    app.decorateRequest('authFailure', null);

    app.addHook('onRequest', async (request) => {
      const token = bearerToken(request);
      if (!token) return;
      const auth = await authenticator.identify(
        { session: token, acting: impersonationToken(request) },
        isLogout(request) ? 'asThemselves' : 'refuse',
      );
      if (!auth) {
        request.authFailure = authMessages.sessionEnded;
        return;
      }
      // Known before the tenant is checked, so a refusal of the tenant names who asked.
      request.auth = auth;
      auth.tenantId = await authenticator.selectedTenant(request.headers['tenant-id'], auth);
      refuseOtherAudience(request);
    });

    /**
     * A homeowner's session reaches only the homeowner's routes and a staff session only staff
     * routes: checked here for every route, so no route has to remember it. A request for no
     * route (404) is left to its response.
     */
    function refuseOtherAudience(request: FastifyRequest) {
      const auth = request.auth;
      if (!auth || request.routeOptions.url === undefined) return;
      const audience = audienceOf(request.routeOptions.config);
      if (audience === 'anyone' || audience === auth.kind) return;
      throw new ForbiddenError(
        audience === 'staff' ? audienceMessages.staffOnly : audienceMessages.clientOnly,
      );
    }
  },
  { name: 'auth' },
);

/** The signed-in user of a request that passed `requireAuth`. */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new UnauthorizedError(request.authFailure ?? undefined);
  return request.auth;
}

/** The signed-in user of a request and their address, as services take them. */
export function callerOf(request: FastifyRequest): Caller {
  return { auth: authOf(request), ip: request.ip };
}

// The guards below run as `preValidation` hooks of the routes, before the body and parameters are
// validated: a caller without a sign-in or the privilege learns nothing of what a request should hold.
export const requireAuth: preHandlerAsyncHookHandler = async (request) => {
  authOf(request);
};

/** The signed-in homeowner of a request to a homeowner's route (`audience: 'client'`). */
export function clientOf(request: FastifyRequest): { tenantId: string; clientId: string; auth: AuthContext } {
  const auth = authOf(request);
  if (auth.kind !== 'client') throw new ForbiddenError(audienceMessages.clientOnly);
  return { tenantId: auth.homeTenantId, clientId: auth.userId, auth };
}

/** Refuses the request unless the user holds at least one of the privileges (docs/requirements.md §4). */
export function requireAnyPrivilege(...names: Privilege[]): preHandlerAsyncHookHandler {
  return async (request) => {
    const auth = authOf(request);
    if (!names.some((name) => auth.privileges.has(name))) throw new ForbiddenError();
  };
}

/** Refuses what must never be done in another's name: password, email, acting again (docs/requirements.md §11). */
export const refuseWhileImpersonating: preHandlerAsyncHookHandler = async (request) => {
  if (authOf(request).impersonator) throw new ForbiddenError(impersonationMessages.refusedWhileActing);
};

/**
 * Runs every route handler registered after it knowing who really acts, so each audit entry made
 * while acting as someone names both people.
 */
export function nameRealActor(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const handler = route.handler as RouteHandlerMethod;
    route.handler = function actingHandler(request, reply) {
      const auth = request.auth;
      const run = () => handler.call(this, request, reply);
      return auth?.impersonator
        ? withRealActor(
            {
              userId: auth.impersonator.userId,
              name: auth.impersonator.name,
              sessionId: actingSessionId(auth.tokenHash),
            },
            run,
          )
        : run();
    };
  });
}
