import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiRoute } from '../../plugins/api-route';
import { homeAudiences } from './home-access';
import type { HomeProfilesService } from './home-profiles.service';

/**
 * A home's profile (docs/decisions/088): the homeowner's own homes under `/homeowner/homes`, and
 * staff's under `/clients/properties`, both through the one service and its reach check.
 */
export const homeProfileRoutes: FastifyPluginAsyncZod<{ profiles: HomeProfilesService }> = async (
  app,
  { profiles },
) => {
  for (const { base, options, whose, callerOf: as } of homeAudiences()) {
    apiRoute(
      app,
      `GET ${base}/:id/profile`,
      { ...options, summary: `The profile of ${whose}` },
      async (request) => profiles.profile(as(request), request.params.id),
    );
    apiRoute(
      app,
      `PUT ${base}/:id/profile`,
      { ...options, summary: `Answer the profile of ${whose}; null is “not sure”` },
      async (request) => profiles.save(as(request), request.params.id, request.body),
    );
  }
};
