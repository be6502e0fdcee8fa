import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { companyInfoSchema, usStateSchema } from '@homeminder/shared/contracts/identity';
import { Privilege } from '@homeminder/shared/permissions';
import { usStates } from '@homeminder/shared/us-states';
import { tenantIdSchema } from '@homeminder/shared/validation/ids';
import { NotFoundError } from '../../lib/errors';
import { authOf, requireAuth } from '../../plugins/auth';
import { hasPrivilege } from '../../access/auth-context';
import type { IdentityRepository } from '../identity/identity.repository';

export const lookupRoutes: FastifyPluginAsyncZod<{ identity: IdentityRepository }> = async (
  app,
  { identity },
) => {
  app.get(
    '/lookups/us-states',
    {
      config: { dataScope: 'all-tenants' },
      schema: {
        tags: ['lookups'],
        summary: 'US states and their two-letter codes',
        response: { 200: z.array(usStateSchema) },
      },
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
        response: { 200: companyInfoSchema },
      },
      preValidation: requireAuth,
    },
    async (request) => {
      const auth = authOf(request);
      const id = request.params.id.toLowerCase();
      // Another corporation's name is only for those who may act across corporations.
      if (
        id !== auth.homeTenantId &&
        id !== auth.tenantId &&
        !hasPrivilege(auth, Privilege.ActAcrossTenants)
      ) {
        throw new NotFoundError('The company was not found.');
      }
      const company = await identity.companyName(id);
      if (!company) throw new NotFoundError('The company was not found.');
      return company;
    },
  );
};
