import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  bulkEmailUniqueRequestSchema,
  bulkEmailUniqueResultSchema,
  bulkPageParamsSchema,
  bulkPageQuerySchema,
  bulkPageSchema,
  bulkPreviewSchema,
  bulkProcessResultSchema,
  bulkQueueRequestSchema,
  bulkQueueResultSchema,
  bulkTenantParamsSchema,
  bulkUpdateRequestSchema,
} from '@homeminder/shared/contracts/bulk';
import { removedCountSchema } from '@homeminder/shared/contracts/api-routes';
import { Privilege } from '@homeminder/shared/permissions';
import { bulkItemIdSchema } from '@homeminder/shared/validation/ids';
import { callerOf, requireAnyPrivilege } from '../../plugins/auth';
import { routeDefaults } from '../../plugins/route-defaults';
import type { BulkService } from './bulk.service';

const itemParams = bulkTenantParamsSchema.extend({ id: bulkItemIdSchema });

/**
 * The bulk upload queue (docs/requirements.md §8.2 "Bulk" and §13). Every route needs CanBulkUploadClients, and
 * the service checks it again together with the corporation the path names.
 */
export const bulkRoutes: FastifyPluginAsyncZod<{ bulk: BulkService }> = async (app, { bulk }) => {
  const canBulkUpload = requireAnyPrivilege(Privilege.CanBulkUploadClients);
  routeDefaults(app, { tags: ['bulk'], preValidation: canBulkUpload });

  app.post(
    '/bulk/is-email-unique',
    {
      config: { dataScope: 'all-tenants' },
      schema: {
        summary: "Whether an email is free among the company's clients and queued rows",
        body: bulkEmailUniqueRequestSchema,
        response: { 200: bulkEmailUniqueResultSchema },
      },
    },
    async (request) => bulk.isEmailUnique(callerOf(request), request.body),
  );

  app.post(
    '/bulk/process/:tenant',
    {
      config: { dataScope: 'none' },
      schema: {
        summary: 'Create clients from the valid queued rows, in batches of rows that each commit whole',
        params: bulkTenantParamsSchema,
        response: { 200: bulkProcessResultSchema },
      },
    },
    async (request) => bulk.process(callerOf(request), request.params.tenant),
  );

  app.get(
    '/bulk/:tenant/preview',
    {
      config: { dataScope: 'all-tenants' },
      schema: {
        summary: 'What processing would do now: rows to create, rows with errors, licenses missing',
        params: bulkTenantParamsSchema,
        response: { 200: bulkPreviewSchema },
      },
    },
    async (request) => bulk.preview(callerOf(request), request.params.tenant),
  );

  app.post(
    '/bulk/:tenant',
    {
      config: { dataScope: 'all-tenants' },
      schema: {
        summary: 'Queue rows (at most 1000 a request; a row GUID sent again is not queued twice)',
        params: bulkTenantParamsSchema,
        body: bulkQueueRequestSchema,
        response: { 200: bulkQueueResultSchema },
      },
    },
    async (request) => bulk.queue(callerOf(request), request.params.tenant, request.body.items),
  );

  app.get(
    '/bulk/:tenantID/:page/:pageSize',
    {
      config: { dataScope: 'all-tenants' },
      schema: {
        summary:
          'One page of the queue (page size up to 1000), each row with its validation error; ?filter=problems lists only the rows with one',
        params: bulkPageParamsSchema,
        querystring: bulkPageQuerySchema,
        response: { 200: bulkPageSchema },
      },
    },
    async (request) => {
      const { tenantID, page, pageSize } = request.params;
      return bulk.page(callerOf(request), tenantID, page, pageSize, request.query.filter);
    },
  );

  app.delete(
    '/bulk/:tenant/all',
    {
      config: { dataScope: 'all-tenants' },
      schema: {
        summary: 'Empty the queue',
        params: bulkTenantParamsSchema,
        response: { 200: removedCountSchema },
      },
    },
    async (request) => bulk.clear(callerOf(request), request.params.tenant),
  );

  app.put(
    '/bulk/:tenant/:id',
    {
      config: { dataScope: 'all-tenants' },
      schema: {
        summary: 'Change a queued row; it is judged again',
        params: itemParams,
        body: bulkUpdateRequestSchema,
      },
    },
    async (request, reply) => {
      await bulk.update(callerOf(request), request.params.tenant, request.params.id, request.body.data);
      return reply.status(204).send();
    },
  );

  app.delete(
    '/bulk/:tenant/:id',
    {
      config: { dataScope: 'all-tenants' },
      schema: { summary: 'Remove a queued row', params: itemParams },
    },
    async (request, reply) => {
      await bulk.remove(callerOf(request), request.params.tenant, request.params.id);
      return reply.status(204).send();
    },
  );
};
