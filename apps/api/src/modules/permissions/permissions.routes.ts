import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  privilegeNamesSchema,
  privilegeResultsSchema,
  uiCheckRequestSchema,
  uiCheckResponseSchema,
} from '@homeminder/shared/contracts/auth';
import { authOf, requireAuth } from '../../plugins/auth';
import { permissionsService as permissions } from './permissions.service';

const namesOf = (body: z.infer<typeof privilegeNamesSchema>) => (Array.isArray(body) ? body : body.names);

export const permissionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preValidation', requireAuth);

  app.post(
    '/sec/permission/ui-check',
    {
      schema: {
        tags: ['permissions'],
        summary: 'May the signed-in user open these routes (by route name)?',
        body: uiCheckRequestSchema,
        response: { 200: uiCheckResponseSchema },
      },
    },
    async (request) => {
      return permissions.routes(authOf(request), [request.body.uiElement].flat());
    },
  );

  app.post(
    '/sec/permission/privileges',
    {
      schema: {
        tags: ['permissions'],
        summary: 'Which of these privileges does the signed-in user hold?',
        body: privilegeNamesSchema,
        response: { 200: privilegeResultsSchema },
      },
    },
    async (request) => {
      return permissions.privileges(authOf(request), namesOf(request.body));
    },
  );

  app.post(
    '/sec/permission/privileges/:name',
    {
      schema: {
        tags: ['permissions'],
        summary: 'Does the signed-in user hold this privilege?',
        params: z.object({ name: z.string().min(1) }),
        response: { 200: privilegeResultsSchema },
      },
    },
    async (request) => {
      return permissions.privileges(authOf(request), [request.params.name]);
    },
  );

  app.post(
    '/admin/permission/privileges',
    {
      schema: {
        tags: ['permissions'],
        summary: 'Admin-area privileges of the signed-in user',
        body: privilegeNamesSchema,
        response: { 200: privilegeResultsSchema },
      },
    },
    async (request) => {
      return permissions.adminPrivileges(authOf(request), namesOf(request.body));
    },
  );

  app.get(
    '/clients/permission/privileges',
    {
      schema: {
        tags: ['permissions'],
        summary: 'Client-area privileges of the signed-in user',
        response: { 200: privilegeResultsSchema },
      },
    },
    async (request) => {
      return permissions.clientPrivileges(authOf(request));
    },
  );
};
