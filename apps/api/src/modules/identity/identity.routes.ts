import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { profileImageSchema } from '@homeminder/shared/contracts/auth';
import { tenantDetailsSchema } from '@homeminder/shared/contracts/identity';
import { authOf, requireAuth } from '../../plugins/auth';
import type { IdentityService } from './identity.service';

export const identityRoutes: FastifyPluginAsyncZod<{ identity: IdentityService }> = async (
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
    async (request) => identity.profileImage(authOf(request)),
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
    async (request) => identity.tenantDetails(authOf(request)),
  );
};
