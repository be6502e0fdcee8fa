import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiRoute } from '../../plugins/api-route';
import { homeAudiences } from './home-access';
import type { HomePlanService } from './home-plan.service';

/** A home's plan (docs/decisions/090), for its owner and for staff, through the one service. */
export const homePlanRoutes: FastifyPluginAsyncZod<{ plans: HomePlanService }> = async (app, { plans }) => {
  for (const { base, options, whose, callerOf: as } of homeAudiences()) {
    apiRoute(
      app,
      `GET ${base}/:id/plan`,
      {
        ...options,
        summary: `The plan of ${whose}: the tasks that fit it, and what its answers would change`,
      },
      async (request) => plans.plan(as(request), request.params.id),
    );
    apiRoute(
      app,
      `POST ${base}/:id/plan`,
      {
        ...options,
        summary: `Confirm changes the plan of ${whose} proposes; 409 when the plan changed since`,
        docs: { refusals: [409] },
      },
      async (request) => plans.apply(as(request), request.params.id, request.body),
    );
  }
};
