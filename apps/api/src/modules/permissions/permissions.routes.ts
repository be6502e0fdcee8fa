import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  privilegeNamesSchema,
  privilegeResultsSchema,
  uiCheckRequestSchema,
  uiCheckResponseSchema,
} from '@homeminder/shared/contracts/auth';
import { adminAreaPrivileges, clientAreaPrivileges } from '@homeminder/shared/permissions';
import { RouteName, routePrivileges } from '@homeminder/shared/routes';
import { authOf, requireAuth } from '../../plugins/auth';
import type { AuthContext } from '../../access/auth-context';

const knownRouteNames = new Set<string>(Object.values(RouteName));

/** A route opens when it is known and any of its privileges is held; some need only a sign-in. */
export function canOpenRoute(auth: AuthContext, routeName: string): boolean {
  if (!knownRouteNames.has(routeName)) return false;
  const needed = routePrivileges[routeName as RouteName];
  return !needed || needed.some((privilege) => auth.privileges.has(privilege));
}

function check(names: readonly string[], test: (name: string) => boolean) {
  const results = Object.fromEntries(names.map((name) => [name, test(name)]));
  return { granted: Object.values(results).some(Boolean), results };
}

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
      const auth = authOf(request);
      const names = [request.body.uiElement].flat();
      return check(names, (name) => canOpenRoute(auth, name));
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
      const auth = authOf(request);
      return check(namesOf(request.body), (name) => auth.privileges.has(name));
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
      const auth = authOf(request);
      return check([request.params.name], (name) => auth.privileges.has(name));
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
      const auth = authOf(request);
      const adminNames = new Set<string>(adminAreaPrivileges);
      return check(namesOf(request.body), (name) => adminNames.has(name) && auth.privileges.has(name));
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
      const auth = authOf(request);
      return check(clientAreaPrivileges, (name) => auth.privileges.has(name));
    },
  );
};
