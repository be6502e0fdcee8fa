import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { tenantUserSchema } from '@homeminder/shared/contracts/admin';
import { userIdSchema } from '@homeminder/shared/validation/ids';
import { authOf, callerOf, refuseWhileImpersonating, requireAuth } from '../../plugins/auth';
import { addsUnique, apiRoute } from '../../plugins/api-route';
import { routeDefaults } from '../../plugins/route-defaults';
import { corporationManagers, corporationViewers, enableActions } from '../../plugins/corporation-guards';
import { imageResponse, imageRoutes, imageSizes, imageUploadStep } from '../images';
import type { TenantUsersService } from './tenant-users.service';

const idParams = z.object({ id: userIdSchema });

/** Never in another's name: acting as someone does not reach their sign-in. */
const managersInOwnName = [corporationManagers, refuseWhileImpersonating];

/** The tenant-user calls of docs/requirements.md §8.2, plus create, password help and the own profile. */
export const tenantUserRoutes: FastifyPluginAsyncZod<{ users: TenantUsersService }> = async (
  app,
  { users },
) => {
  routeDefaults(app, { tags: ['tenant users'] });

  for (const [action, enabled] of enableActions) {
    apiRoute(
      app,
      `POST /admin/tenantUsers/${action}`,
      {
        summary: enabled ? 'Enable a user' : "Disable a user; the user's sessions end",
        dataScope: 'all-tenants',
        preValidation: corporationManagers,
      },
      async (request) => users.setEnabled(callerOf(request), request.body, enabled),
    );
  }

  apiRoute(
    app,
    'POST /admin/tenantUsers/bulk',
    {
      summary:
        "Enable or disable the selected users of one corporation; answers how many and which were skipped (the operator's own, your own account)",
      dataScope: 'all-tenants',
      preValidation: corporationManagers,
    },
    async (request) => users.setEnabledMany(callerOf(request), request.body),
  );

  apiRoute(
    app,
    'POST /admin/tenantusers/query',
    {
      summary: 'Users, paged, sorted and searched',
      dataScope: 'all-tenants',
      preValidation: corporationViewers,
    },
    async (request) => users.query(callerOf(request), request.body),
  );

  apiRoute(
    app,
    'POST /admin/tenantusers/query-realtors',
    {
      summary: 'Realtors, paged, sorted and searched',
      dataScope: 'all-tenants',
      preValidation: corporationViewers,
    },
    async (request) => users.query(callerOf(request), request.body, { realtorsOnly: true }),
  );

  app.get(
    '/admin/user/finduser/:id',
    {
      config: { dataScope: 'all-tenants' },
      schema: { summary: 'One user', params: idParams, response: { 200: tenantUserSchema } },
      preValidation: corporationViewers,
    },
    async (request) => users.find(callerOf(request), request.params.id),
  );

  apiRoute(
    app,
    'GET /admin/tenantusers/:tenantUserId',
    {
      summary: 'One user',
      dataScope: 'all-tenants',
      preValidation: corporationViewers,
      params: z.object({ tenantUserId: userIdSchema }),
    },
    async (request) => users.find(callerOf(request), request.params.tenantUserId),
  );

  apiRoute(
    app,
    'POST /admin/user',
    {
      summary: 'Add a user; without a temporary password the user is emailed a link to choose one',
      dataScope: 'all-tenants',
      preValidation: corporationManagers,
      // The email is in use.
      ...addsUnique,
    },
    async (request) => users.create(callerOf(request), request.body),
  );

  apiRoute(
    app,
    'PUT /admin/user/updateUser/:id',
    {
      summary: "Change a user's details and role",
      dataScope: 'all-tenants',
      preValidation: corporationManagers,
      docs: { refusals: [409] },
      params: idParams,
    },
    async (request) => users.update(callerOf(request), request.params.id, request.body),
  );

  apiRoute(
    app,
    'POST /admin/user/:id/send-reset',
    {
      summary: 'Email the user a single-use link to choose a new password',
      dataScope: 'all-tenants',
      preValidation: managersInOwnName,
      params: idParams,
      status: 202,
    },
    async (request) => users.sendPasswordReset(callerOf(request), request.params.id),
  );

  apiRoute(
    app,
    'POST /admin/user/:id/temporary-password',
    {
      summary: "Set a temporary password; the user's sessions end",
      dataScope: 'all-tenants',
      preValidation: managersInOwnName,
      params: idParams,
    },
    async (request) =>
      users.setTemporaryPassword(callerOf(request), request.params.id, request.body.password),
  );

  imageRoutes(app, {
    url: '/admin/user/profile/:id',
    id: userIdSchema,
    maxDimension: imageSizes.profile,
    upload: {
      summary: "Upload a user's profile image (multipart, field newImage): PNG, JPEG or WebP up to 2 MB",
      preValidation: corporationManagers,
      save: (caller, id, image) => users.setProfileImage(caller, id, image),
    },
    read: {
      summary: "A user's profile image as base64",
      preValidation: corporationViewers,
      load: (caller, id) => users.profileImage(caller, id),
    },
  });

  const profileUpload = imageUploadStep(imageSizes.profile);
  // ─── The signed-in user's own profile (/userSettings) ─────────────────────────────────────────

  const identity = { tags: ['identity'], dataScope: 'all-tenants' } as const;
  apiRoute(
    app,
    'GET /id/profile',
    { ...identity, summary: 'My profile', preValidation: requireAuth },
    async (request) => users.ownProfile(authOf(request)),
  );

  apiRoute(
    app,
    'PUT /id/profile',
    { ...identity, summary: 'Change my name and phone', preValidation: requireAuth },
    async (request) => users.updateOwnProfile(callerOf(request), request.body),
  );

  apiRoute(
    app,
    'PUT /id/preferences',
    { ...identity, summary: 'Change my email preferences', preValidation: requireAuth },
    async (request) => users.updateOwnPreferences(callerOf(request), request.body),
  );

  apiRoute(
    app,
    'PUT /id/profile/image',
    {
      ...identity,
      summary: 'Upload my profile image (multipart, field newImage): PNG, JPEG or WebP up to 2 MB',
      preValidation: requireAuth,
      upload: profileUpload,
    },
    async (request) => {
      const actor = callerOf(request);
      const image = profileUpload.of(request);
      await users.setOwnImage(actor, image);
      return imageResponse(image.data, image.type);
    },
  );

  apiRoute(
    app,
    'POST /id/password',
    {
      ...identity,
      summary: 'Change my password; my other sessions end',
      preValidation: [requireAuth, refuseWhileImpersonating],
    },
    async (request) => users.changeOwnPassword(callerOf(request), request.body),
  );
};
