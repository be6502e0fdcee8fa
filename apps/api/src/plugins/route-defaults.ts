import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import type { RouteAudience } from './auth';

/**
 * Gives every route declared after it in the same plugin the tags and the guard they share, so
 * each route states only what is its own. A route that names its own keeps them. Fastify reads a
 * route's schema and hooks after its onRoute hooks have run.
 */
export function routeDefaults(
  app: FastifyInstance,
  defaults: { tags?: string[]; preValidation?: preHandlerAsyncHookHandler; audience?: RouteAudience },
): void {
  app.addHook('onRoute', (route) => {
    if (defaults.audience && !route.config?.audience)
      route.config = { ...route.config, audience: defaults.audience };
    if (defaults.tags && !route.schema?.tags) route.schema = { ...route.schema, tags: defaults.tags };
    if (defaults.preValidation && !route.preValidation) route.preValidation = defaults.preValidation;
  });
}
