import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { profileImageSchema } from '@homeminder/shared/contracts/auth';
import { tenantDetailsSchema } from '@homeminder/shared/contracts/identity';
import { NotFoundError } from '../../lib/errors';
import { authOf, requireAuth } from '../../plugins/auth';
import type { IdentityRepository } from './identity.repository';

export const identityRoutes: FastifyPluginAsyncZod<{ identity: IdentityRepository }> = async (
  app,
  { identity },
) => {
  app.get(
    '/id/profile/image',
    {
      config: { dataScope: 'all-tenants' },
      schema: {
        tags: ['identity'],
        summary: "The signed-in user's profile image as base64",
        querystring: z.object({ responseType: z.enum(['json']).optional() }),
        response: { 200: profileImageSchema },
      },
      preValidation: requireAuth,
    },
    async (request) => {
      const auth = authOf(request);
      const row = await identity.profileImage(auth.homeTenantId, auth.userId);
      if (!row?.image || !row.type) return { imageType: null, data: null };
      return { imageType: row.type, data: row.image.toString('base64') };
    },
  );

  app.get(
    '/id/tenant-details',
    {
      config: { dataScope: 'all-tenants' },
      schema: {
        tags: ['identity'],
        summary: 'Details of the corporation the request acts for',
        response: { 200: tenantDetailsSchema },
      },
      preValidation: requireAuth,
    },
    async (request) => {
      const details = await identity.tenantDetails(authOf(request).tenantId);
      if (!details) throw new NotFoundError('The company was not found.');
      return details;
    },
  );
};
