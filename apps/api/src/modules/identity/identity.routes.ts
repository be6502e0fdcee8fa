import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiRoute } from '../../plugins/api-route';
import { authOf, requireAuth } from '../../plugins/auth';
import type { IdentityService } from './identity.service';

export const identityRoutes: FastifyPluginAsyncZod<{ identity: IdentityService }> = async (
  app,
  { identity },
) => {
  const signedIn = { tags: ['identity'], dataScope: 'all-tenants', preValidation: requireAuth } as const;

  apiRoute(
    app,
    'GET /id/profile/image',
    { ...signedIn, summary: "The signed-in user's profile image as base64" },
    async (request) => identity.profileImage(authOf(request)),
  );

  apiRoute(
    app,
    'GET /id/tenant-details',
    { ...signedIn, summary: 'Details of the corporation the request acts for' },
    async (request) => identity.tenantDetails(authOf(request)),
  );
};
