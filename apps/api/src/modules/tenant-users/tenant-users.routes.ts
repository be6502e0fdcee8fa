import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  changePasswordSchema,
  messageResponseSchema,
  ownProfileSchema,
  ownProfileUpdateSchema,
  temporaryPasswordSchema,
  tenantUserCreateSchema,
  tenantUserListSchema,
  tenantUserQuerySchema,
  tenantUserSchema,
  tenantUserToggleSchema,
  tenantUserUpdateSchema,
} from '@homeminder/shared/contracts/admin';
import { profileImageSchema } from '@homeminder/shared/contracts/auth';
import { Privilege } from '@homeminder/shared/permissions';
import { userIdSchema } from '@homeminder/shared/validation/ids';
import {
  authOf,
  callerOf,
  refuseWhileImpersonating,
  requireAnyPrivilege,
  requireAuth,
} from '../../plugins/auth';
import { routeDefaults } from '../../plugins/route-defaults';
import { imageResponse, imageSizes, imageUploadStep } from '../images/image-upload';
import { imageRoutes } from '../images/image-routes';
import type { TenantUsersService } from './tenant-users.service';

const idParams = z.object({ id: userIdSchema });

// Privileges are checked at preValidation, before the body is: a caller without the privilege gets
// 401/403 and learns nothing of the validation rules.
/** See a corporation's users: its staff (AdminModule), or the operator. */
const viewers = requireAnyPrivilege(Privilege.AdminModule, Privilege.AddCorporateAccounts);
/** Add, change, enable and disable users: the corporation's administrators, or the operator. */
const managers = requireAnyPrivilege(Privilege.AdminCanManageCorporation, Privilege.AddCorporateAccounts);

/** The tenant-user calls of docs/requirements.md §8.2, plus create, password help and the own profile. */
export const tenantUserRoutes: FastifyPluginAsyncZod<{ users: TenantUsersService }> = async (
  app,
  { users },
) => {
  const tags = ['tenant users'];
  routeDefaults(app, { tags: tags });

  for (const [action, enabled] of [
    ['enable', true],
    ['disable', false],
  ] as const) {
    app.post(
      `/admin/tenantUsers/${action}`,
      {
        config: { dataScope: 'all-tenants' },
        schema: {
          summary: enabled ? 'Enable a user' : "Disable a user; the user's sessions end",
          body: tenantUserToggleSchema,
          response: { 200: tenantUserSchema },
        },
        preValidation: managers,
      },
      async (request) => users.setEnabled(callerOf(request), request.body, enabled),
    );
  }

  app.post(
    '/admin/tenantusers/query',
    {
      config: { dataScope: 'all-tenants' },
      schema: {
        summary: 'Users, paged, sorted and searched',
        body: tenantUserQuerySchema,
        response: { 200: tenantUserListSchema },
      },
      preValidation: viewers,
    },
    async (request) => users.query(callerOf(request), request.body),
  );

  app.post(
    '/admin/tenantusers/query-realtors',
    {
      config: { dataScope: 'all-tenants' },
      schema: {
        summary: 'Realtors, paged, sorted and searched',
        body: tenantUserQuerySchema,
        response: { 200: tenantUserListSchema },
      },
      preValidation: viewers,
    },
    async (request) => users.query(callerOf(request), request.body, { realtorsOnly: true }),
  );

  app.get(
    '/admin/user/finduser/:id',
    {
      config: { dataScope: 'all-tenants' },
      schema: { summary: 'One user', params: idParams, response: { 200: tenantUserSchema } },
      preValidation: viewers,
    },
    async (request) => users.find(callerOf(request), request.params.id),
  );

  app.get(
    '/admin/tenantusers/:tenantUserId',
    {
      config: { dataScope: 'all-tenants' },
      schema: {
        summary: 'One user',
        params: z.object({ tenantUserId: userIdSchema }),
        response: { 200: tenantUserSchema },
      },
      preValidation: viewers,
    },
    async (request) => users.find(callerOf(request), request.params.tenantUserId),
  );

  app.post(
    '/admin/user',
    {
      config: { dataScope: 'all-tenants' },
      schema: {
        summary: 'Add a user; without a temporary password the user is emailed a link to choose one',
        body: tenantUserCreateSchema,
        response: { 201: tenantUserSchema },
      },
      preValidation: managers,
    },
    async (request, reply) => reply.status(201).send(await users.create(callerOf(request), request.body)),
  );

  app.put(
    '/admin/user/updateUser/:id',
    {
      config: { dataScope: 'all-tenants' },
      schema: {
        summary: "Change a user's details and role",
        params: idParams,
        body: tenantUserUpdateSchema,
        response: { 200: tenantUserSchema },
      },
      preValidation: managers,
    },
    async (request) => users.update(callerOf(request), request.params.id, request.body),
  );

  app.post(
    '/admin/user/:id/send-reset',
    {
      config: { dataScope: 'all-tenants' },
      schema: {
        summary: 'Email the user a single-use link to choose a new password',
        params: idParams,
        response: { 202: messageResponseSchema },
      },
      // Never in another's name: acting as someone does not reach their sign-in.
      preValidation: [managers, refuseWhileImpersonating],
    },
    async (request, reply) =>
      reply.status(202).send(await users.sendPasswordReset(callerOf(request), request.params.id)),
  );

  app.post(
    '/admin/user/:id/temporary-password',
    {
      config: { dataScope: 'all-tenants' },
      schema: {
        summary: "Set a temporary password; the user's sessions end",
        params: idParams,
        body: temporaryPasswordSchema,
        response: { 200: messageResponseSchema },
      },
      // Never in another's name: acting as someone does not reach their sign-in.
      preValidation: [managers, refuseWhileImpersonating],
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
      preValidation: managers,
      save: (caller, id, image) => users.setProfileImage(caller, id, image),
    },
    read: {
      summary: "A user's profile image as base64",
      preValidation: viewers,
      load: (caller, id) => users.profileImage(caller, id),
    },
  });

  const profileUpload = imageUploadStep(imageSizes.profile);
  // ─── The signed-in user's own profile (/userSettings) ─────────────────────────────────────────

  app.get(
    '/id/profile',
    {
      config: { dataScope: 'all-tenants' },
      schema: { tags: ['identity'], summary: 'My profile', response: { 200: ownProfileSchema } },
      preValidation: requireAuth,
    },
    async (request) => users.ownProfile(authOf(request)),
  );

  app.put(
    '/id/profile',
    {
      config: { dataScope: 'all-tenants' },
      schema: {
        tags: ['identity'],
        summary: 'Change my name and phone',
        body: ownProfileUpdateSchema,
        response: { 200: ownProfileSchema },
      },
      preValidation: requireAuth,
    },
    async (request) => users.updateOwnProfile(callerOf(request), request.body),
  );

  app.put(
    '/id/profile/image',
    {
      config: { dataScope: 'all-tenants', uploadField: profileUpload.field },
      schema: {
        tags: ['identity'],
        summary: 'Upload my profile image (multipart, field newImage): PNG, JPEG or WebP up to 2 MB',
        response: { 200: profileImageSchema },
      },
      preValidation: requireAuth,
      preHandler: profileUpload.preHandler,
    },
    async (request) => {
      const actor = callerOf(request);
      const image = profileUpload.of(request);
      await users.setOwnImage(actor, image);
      return imageResponse(image.data, image.type);
    },
  );

  app.post(
    '/id/password',
    {
      config: { dataScope: 'all-tenants' },
      schema: {
        tags: ['identity'],
        summary: 'Change my password; my other sessions end',
        body: changePasswordSchema,
        response: { 200: messageResponseSchema },
      },
      preValidation: [requireAuth, refuseWhileImpersonating],
    },
    async (request) => users.changeOwnPassword(callerOf(request), request.body),
  );
};
