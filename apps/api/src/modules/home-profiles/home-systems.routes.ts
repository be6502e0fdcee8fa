import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idSchema } from '@homeminder/shared/validation/ids';
import { apiRoute } from '../../plugins/api-route';
import { homeAudiences } from './home-access';
import type { HomeSystemsService } from './home-systems.service';

/**
 * A home's systems and appliances (docs/decisions/089): the homeowner's own homes under
 * `/homeowner/homes`, and staff's under `/clients/properties`, both through the one service.
 */
export const homeSystemRoutes: FastifyPluginAsyncZod<{ systems: HomeSystemsService }> = async (
  app,
  { systems },
) => {
  const system = z.object({ id: idSchema, systemId: idSchema });
  for (const { base, options, whose, callerOf: as } of homeAudiences()) {
    apiRoute(
      app,
      `GET ${base}/:id/systems`,
      { ...options, summary: `The systems and appliances of ${whose}` },
      async (request) => systems.list(as(request), request.params.id),
    );
    apiRoute(
      app,
      `POST ${base}/:id/systems`,
      { ...options, status: 201, summary: `Add a system or appliance to ${whose}` },
      async (request) => systems.add(as(request), request.params.id, request.body),
    );
    apiRoute(
      app,
      `PUT ${base}/:id/systems/:systemId`,
      { ...options, params: system, summary: `Change a system or appliance of ${whose}` },
      async (request) =>
        systems.change(as(request), request.params.id, request.params.systemId, request.body),
    );
    apiRoute(
      app,
      `DELETE ${base}/:id/systems/:systemId`,
      { ...options, params: system, summary: `Remove a system or appliance from ${whose}` },
      async (request) => systems.remove(as(request), request.params.id, request.params.systemId),
    );
  }
};
