import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { corporationInfoSchema } from '@homeminder/shared/contracts/identity';
import { usStates } from '@homeminder/shared/us-states';
import { tenantIdSchema } from '@homeminder/shared/validation/ids';
import { apiRoute } from '../../plugins/api-route';
import { authOf, requireAuth } from '../../plugins/auth';
import type { LookupsService } from './lookups.service';

export const lookupRoutes: FastifyPluginAsyncZod<{ lookups: LookupsService }> = async (app, { lookups }) => {
  apiRoute(
    app,
    'GET /lookups/us-states',
    {
      tags: ['lookups'],
      summary: 'US states and their two-letter codes',
      dataScope: 'all-tenants',
      // Public facts, read before signing in too.
      docs: { public: true },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=86400');
      return usStates;
    },
  );

  app.get(
    '/lookups/company-info/:id',
    {
      config: { dataScope: 'all-tenants' },
      schema: {
        tags: ['lookups'],
        summary: "A company's name",
        params: z.object({ id: tenantIdSchema }),
        response: { 200: corporationInfoSchema },
      },
      preValidation: requireAuth,
    },
    async (request) => lookups.corporationInfo(authOf(request), request.params.id),
  );
};
