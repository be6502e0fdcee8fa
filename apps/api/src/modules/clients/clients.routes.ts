import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  clientDetailSchema,
  clientGridQuerySchema,
  clientListSchema,
  clientSetupSchema,
  propertyDetailSchema,
  reminderCatalogueQuerySchema,
} from '@homeminder/shared/contracts/clients';
import { clientSetupBodySchema, clientUserUpdateSchema } from '@homeminder/shared/contracts/client-user-form';
import { Privilege } from '@homeminder/shared/permissions';
import { idSchema, propertyIdSchema, tenantIdSchema, userIdSchema } from '@homeminder/shared/validation/ids';
import { apiRoute } from '../../plugins/api-route';
import { callerOf, requireAnyPrivilege } from '../../plugins/auth';
import { routeDefaults } from '../../plugins/route-defaults';
import { sendCsvFile } from './csv';
import type { ClientsService } from './clients.service';

/** A body that may be left out entirely: every part of a grid query has a default. */
const optionalBody = <T extends z.ZodType>(schema: T) => z.preprocess((value) => value ?? {}, schema);

/** The OpenAPI document of a set-up body: either form, as `clientSetupBodySchema` tells them apart. */
const jsonSchemaOf = (schema: z.ZodType) => {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
  return rest;
};
const setupBody = clientSetupBodySchema.meta({
  anyOf: [jsonSchemaOf(clientSetupSchema), jsonSchemaOf(clientUserUpdateSchema)],
});

/**
 * The clients area (docs/requirements.md §8.2 "Clients", under `/clients`) and its admin variants
 * ("Admin client users", under `/admin/clientUsers`): one service, one set of checks. Every route
 * needs CanManageClients, and the service checks it again with the tenant and realtor scope.
 */
export const clientRoutes: FastifyPluginAsyncZod<{ clients: ClientsService }> = async (app, { clients }) => {
  const canManageClients = requireAnyPrivilege(Privilege.CanManageClients);
  routeDefaults(app, { tags: ['clients'], preValidation: canManageClients });

  for (const area of ['clients', 'admin'] as const) {
    const prefix = area === 'clients' ? '/clients' : '/admin/clientUsers';
    const tags = [area === 'clients' ? 'clients' : 'admin client users'];
    /** The admin variants respond as the routes of the map under /clients do, at their own path. */
    const at = (path: string) => ({ tags, url: `${prefix}${path}` });
    const clientParams = z.object({ id: userIdSchema });

    app.post(
      prefix,
      {
        schema: {
          tags,
          summary: 'Client rows of one page (no total)',
          body: optionalBody(clientGridQuerySchema),
          response: { 200: clientListSchema },
        },
      },
      async (request) => clients.list(callerOf(request), request.body),
    );

    apiRoute(
      app,
      'POST /clients/grid',
      {
        ...at('/grid'),
        summary: 'The client grid: one page, sorted and filtered, with the total',
        body: optionalBody(clientGridQuerySchema),
      },
      async (request) => clients.grid(callerOf(request), request.body),
    );

    apiRoute(
      app,
      'POST /clients/nextTenant',
      {
        ...at('/nextTenant'),
        summary: 'The grid row after `currentId` under the same query (none after the last)',
      },
      async (request) => clients.nextTenant(callerOf(request), request.body),
    );

    apiRoute(
      app,
      'POST /clients/reminders',
      {
        ...at('/reminders'),
        summary: 'The reminder catalogue, searchable',
        body: optionalBody(reminderCatalogueQuerySchema),
      },
      async (request) => clients.reminderCatalogue(callerOf(request), request.body),
    );

    apiRoute(
      app,
      'GET /clients/client/:id',
      {
        ...at(area === 'clients' ? '/client/:id' : '/:id'),
        summary: 'One client with properties and subscriptions',
        params: clientParams,
      },
      async (request) => clients.clientDetail(callerOf(request), request.params.id),
    );

    for (const method of area === 'clients' ? (['PUT', 'POST'] as const) : (['POST'] as const)) {
      app.route({
        method,
        url: `${prefix}/setup`,
        // The email is another client's, or no license is free.
        config: { docs: { refusals: [409] } },
        schema: {
          tags,
          summary:
            'Set up a client (without tenantUserID) or change one: client, property, subscriptions; ' +
            'or, in the client-user form, change a client’s names and reminders',
          body: setupBody,
          response: { 200: clientDetailSchema, 201: clientDetailSchema },
        },
        handler: async (request, reply) => {
          const body = request.body;
          const { created, client } =
            'clientUser' in body
              ? await clients.setup(callerOf(request), body)
              : await clients.updateClientUser(callerOf(request), body);
          return reply.status(created ? 201 : 200).send(client);
        },
      });
    }

    for (const action of ['enable', 'disable'] as const) {
      apiRoute(
        app,
        `POST /clients/${action}`,
        {
          ...at(`/${action}`),
          summary:
            action === 'enable'
              ? 'Enable a property (needs a free license unless pending)'
              : 'Disable a property',
          // Enabling needs a free license within its term.
          ...(action === 'enable' && { docs: { refusals: [409] } }),
        },
        async (request) => clients.setEnabled(callerOf(request), request.body, action === 'enable'),
      );
    }

    apiRoute(
      app,
      'POST /clients/resubscribe/:id',
      {
        ...at('/resubscribe/:id'),
        summary:
          'Start the reminders of a client who unsubscribed again (at their request); answers the client',
        params: clientParams,
        docs: { refusals: [409] },
      },
      async (request) => clients.restartReminders(callerOf(request), request.params.id),
    );

    apiRoute(
      app,
      'DELETE /clients/reminderSubscription/:id',
      {
        ...at('/reminderSubscription/:id'),
        summary: 'Remove a reminder subscription',
        params: z.object({ id: idSchema }),
        status: 204,
      },
      async (request) => {
        await clients.deleteSubscription(callerOf(request), request.params.id);
      },
    );

    apiRoute(
      app,
      'DELETE /clients/clientUser/:id',
      {
        ...at('/clientUser/:id'),
        summary: 'Remove a client with their properties and subscriptions',
        params: clientParams,
        status: 204,
      },
      async (request) => {
        await clients.deleteClient(callerOf(request), request.params.id);
      },
    );
  }

  // ─── Counts: the own tenant, and the admin variants naming one ───────────────────────────────

  apiRoute(
    app,
    'GET /clients/properties/count',
    { summary: 'Properties by status, and licenses' },
    async (request) => clients.propertyCounts(callerOf(request)),
  );
  apiRoute(app, 'GET /clients/properties/pendingCount', { summary: 'Pending properties' }, async (request) =>
    clients.pendingCount(callerOf(request)),
  );
  // The operator's counts of one corporation respond as the own tenant's do.
  const corporation = {
    tags: ['admin client users'],
    dataScope: 'all-tenants',
    params: z.object({ id: tenantIdSchema }),
  } as const;
  apiRoute(
    app,
    'GET /clients/properties/count',
    {
      ...corporation,
      url: '/admin/clientUsers/properties/count/:id',
      summary: "A corporation's properties by status, and licenses",
    },
    async (request) => clients.propertyCounts(callerOf(request), request.params.id),
  );
  apiRoute(
    app,
    'GET /clients/properties/pendingCount',
    {
      ...corporation,
      url: '/admin/clientUsers/properties/pendingCount/:id',
      summary: "A corporation's pending properties",
    },
    async (request) => clients.pendingCount(callerOf(request), request.params.id),
  );

  // ─── Only under /clients ──────────────────────────────────────────────────────────────────────

  app.get(
    '/clients/property/:id',
    {
      schema: {
        summary: 'One property with its subscriptions',
        params: z.object({ id: propertyIdSchema }),
        response: { 200: propertyDetailSchema },
      },
    },
    async (request) => clients.propertyDetail(callerOf(request), request.params.id),
  );

  apiRoute(app, 'GET /clients/realtors', { summary: 'Realtors a client can be given to' }, async (request) =>
    clients.realtors(callerOf(request)),
  );

  apiRoute(
    app,
    'GET /clients/frequencies',
    { summary: 'Maintenance frequencies' },
    async (request, reply) => {
      reply.header('cache-control', 'private, max-age=3600');
      return clients.frequencies(callerOf(request));
    },
  );

  apiRoute(
    app,
    'POST /clients/export',
    {
      summary: 'The filtered client list as CSV (paging is ignored)',
      body: optionalBody(clientGridQuerySchema),
      docs: { produces: ['text/csv'] },
    },
    async (request, reply) => {
      const csv = await clients.exportCsv(callerOf(request), request.body);
      return sendCsvFile(reply, 'clients', csv);
    },
  );
};
