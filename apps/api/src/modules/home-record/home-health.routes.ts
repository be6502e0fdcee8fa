import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiRoute } from '../../plugins/api-route';
import { homeAudiences } from '../home-profiles';
import type { HomeHealthService } from './home-health.service';

/** A home's health score with its reasons (docs/decisions/095), for its owner and for staff in reach. */
export const homeHealthRoutes: FastifyPluginAsyncZod<{ health: HomeHealthService }> = async (
  app,
  { health },
) => {
  for (const { base, options, whose, callerOf: as } of homeAudiences()) {
    apiRoute(
      app,
      `GET ${base}/:id/health`,
      {
        ...options,
        summary: `The health score of ${whose}, 0 to 100, with the reasons for every point it lost`,
      },
      async (request) => health.healthOf(as(request), request.params.id),
    );
  }
};
