import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { privilegeNamesSchema, privilegeResultsSchema } from '@homeminder/shared/contracts/auth';
import { apiRoute } from '../../plugins/api-route';
import { authOf, requireAuth } from '../../plugins/auth';
import { routeDefaults } from '../../plugins/route-defaults';
import { permissionsService as permissions } from './permissions.service';

const namesOf = (body: z.infer<typeof privilegeNamesSchema>) => (Array.isArray(body) ? body : body.names);
/** The privilege checks that name the privileges in the body, as a list or `{ names }`. */
const namedPrivileges = { body: privilegeNamesSchema, response: { 200: privilegeResultsSchema } };

export const permissionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preValidation', requireAuth);
  routeDefaults(app, { tags: ['permissions'] });

  apiRoute(
    app,
    'POST /sec/permission/ui-check',
    // Homeowners ask it too: its response says which of their pages they may open.
    { summary: 'May the signed-in user open these routes (by route name)?', audience: 'anyone' },
    async (request) => permissions.routes(authOf(request), [request.body.uiElement].flat()),
  );

  app.post(
    '/sec/permission/privileges',
    { schema: { summary: 'Which of these privileges does the signed-in user hold?', ...namedPrivileges } },
    async (request) => permissions.privileges(authOf(request), namesOf(request.body)),
  );

  apiRoute(
    app,
    'POST /sec/permission/privileges/:name',
    {
      summary: 'Does the signed-in user hold this privilege?',
      params: z.object({ name: z.string().min(1) }),
    },
    async (request) => permissions.privileges(authOf(request), [request.params.name]),
  );

  app.post(
    '/admin/permission/privileges',
    { schema: { summary: 'Admin-area privileges of the signed-in user', ...namedPrivileges } },
    async (request) => permissions.adminPrivileges(authOf(request), namesOf(request.body)),
  );

  app.get(
    '/clients/permission/privileges',
    {
      schema: {
        summary: 'Client-area privileges of the signed-in user',
        response: { 200: privilegeResultsSchema },
      },
    },
    async (request) => permissions.clientPrivileges(authOf(request)),
  );
};
