import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Privilege } from '@homeminder/shared/permissions';
import { idSchema } from '@homeminder/shared/validation/ids';
import { apiRoute } from '../../plugins/api-route';
import { callerOf, clientOf, requireAnyPrivilege, requireAuth } from '../../plugins/auth';
import type { HomeCaller } from './home-access';
import type { HomeProfilesService } from './home-profiles.service';

/**
 * A home's profile (docs/decisions/088): the homeowner's own homes under `/homeowner/homes`, and
 * staff's under `/clients/properties`, both through the one service and its reach check.
 */
export const homeProfileRoutes: FastifyPluginAsyncZod<{ profiles: HomeProfilesService }> = async (
  app,
  { profiles },
) => {
  const params = z.object({ id: idSchema });
  const homeowner = { tags: ['homeowner'], preValidation: requireAuth, audience: 'client', params } as const;
  const staff = {
    tags: ['clients'],
    preValidation: requireAnyPrivilege(Privilege.CanManageClients),
    params,
  } as const;
  const ownerOf = (request: Parameters<typeof clientOf>[0]): HomeCaller => ({
    audience: 'client',
    ...clientOf(request),
    ip: request.ip,
  });
  const staffOf = (request: Parameters<typeof callerOf>[0]): HomeCaller => ({
    audience: 'staff',
    ...callerOf(request),
  });

  apiRoute(
    app,
    'GET /homeowner/homes/:id/profile',
    { ...homeowner, summary: "One of the homeowner's homes: its profile" },
    async (request) => profiles.profile(ownerOf(request), request.params.id),
  );

  apiRoute(
    app,
    'PUT /homeowner/homes/:id/profile',
    { ...homeowner, summary: "Answer the profile of one of the homeowner's homes; null is “not sure”" },
    async (request) => profiles.save(ownerOf(request), request.params.id, request.body),
  );

  apiRoute(
    app,
    'GET /clients/properties/:id/profile',
    { ...staff, summary: "A client's home: its profile" },
    async (request) => profiles.profile(staffOf(request), request.params.id),
  );

  apiRoute(
    app,
    'PUT /clients/properties/:id/profile',
    { ...staff, summary: "Answer the profile of a client's home; null is “not sure”" },
    async (request) => profiles.save(staffOf(request), request.params.id, request.body),
  );
};
