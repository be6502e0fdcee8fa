import type { FastifyInstance, FastifyRequest, RouteHandlerMethod } from 'fastify';
import { Privilege } from '@homeminder/shared/permissions';
import type { Database } from '../db/client';
import { withDataScope, type DataScope } from '../db/data-scope';
import { AppError } from '../lib/errors';
import { holdsUnreadUpload } from '../lib/upload';
import { frameworkMessages } from './errors';

const uploadNotTaken = frameworkMessages.FST_ERR_CTP_INVALID_MEDIA_TYPE!;

/**
 * How a route reaches the database (docs/decisions/034):
 * - `tenant` (the default): the whole handler runs in one transaction scoped to the corporation
 *   the request acts for, so a query that forgets its tenant filter still sees only that one;
 * - `all-tenants`: the operator's lists that span corporations: every corporation's rows for a
 *   holder of ActAcrossTenants, the own corporation's for everyone else;
 * - `home-tenant`: the signed-in person's own rows (their notification dismissals), which stay in
 *   their own corporation whichever corporation the operator acts for with `tenant-id`;
 * - `none`: public routes (sign-in, password reset, registration, unsubscribe), whose services
 *   open the narrow scope each lookup needs themselves.
 */
export type RouteDataScope = 'tenant' | 'all-tenants' | 'home-tenant' | 'none';

declare module 'fastify' {
  interface FastifyContextConfig {
    dataScope?: RouteDataScope;
  }
}

/**
 * Wraps every route handler registered after it in the data scope its route declares.
 *
 * The transaction ends when the handler ends or starts responding, whichever comes first, and the
 * response leaves only once it has committed: a handler that sends its response itself
 * (`reply.send`) would otherwise respond before its writes are visible to the caller's next
 * request. Waiting for the handler's promise alone is not enough: a handler that returns `reply`
 * settles only once the response has left (Fastify's reply is a thenable).
 */
export function scopeRouteHandlers(app: FastifyInstance, db: Database): void {
  const responding = new WeakMap<FastifyRequest, () => void>();
  const committed = new WeakMap<FastifyRequest, Promise<unknown>>();
  app.addHook('onSend', async (request) => {
    responding.get(request)?.();
    await committed.get(request);
  });
  app.addHook('onRoute', (route) => {
    const declared = route.config?.dataScope ?? 'tenant';
    if (declared === 'none') return;
    const handler = route.handler as RouteHandlerMethod;
    route.handler = async function scopedHandler(request, reply) {
      // A file is taken only by the routes that read it before this point (lib/upload.ts).
      if (holdsUnreadUpload(request)) throw new AppError(415, [uploadNotTaken]);
      const auth = request.auth;
      // No signed-in user: the route's guard has refused already, or the route is public and
      // reaches no tenant data; an unscoped database call fails loudly either way.
      if (!auth) return handler.call(this, request, reply);
      const acrossTenants = declared === 'all-tenants' && auth.privileges.has(Privilege.ActAcrossTenants);
      const scope: DataScope = acrossTenants
        ? 'all-tenants'
        : { tenantId: declared === 'home-tenant' ? auth.homeTenantId : auth.tenantId };

      const responded = new Promise<void>((resolve) => responding.set(request, resolve));
      let outcome: Promise<unknown> = Promise.resolve();
      const work = withDataScope(db, scope, async () => {
        outcome = Promise.resolve().then(() => handler.call(this, request, reply));
        await Promise.race([outcome, responded]);
      });
      committed.set(
        request,
        work.catch(() => undefined),
      );
      await work;
      return outcome;
    };
  });
}
