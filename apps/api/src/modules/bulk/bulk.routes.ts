import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bulkPageParamsSchema,
  bulkProcessRequestSchema,
  bulkTenantParamsSchema,
} from '@homeminder/shared/contracts/bulk';
import { Privilege } from '@homeminder/shared/permissions';
import { bulkItemIdSchema } from '@homeminder/shared/validation/ids';
import { callerOf, requireAnyPrivilege } from '../../plugins/auth';
import { apiRoute } from '../../plugins/api-route';
import { routeDefaults } from '../../plugins/route-defaults';
import type { BulkService } from './bulk.service';

const itemParams = bulkTenantParamsSchema.extend({ id: bulkItemIdSchema });
/** Processing's options are optional: a request without a body processes as before. */
const processBody = z.preprocess((value) => value ?? {}, bulkProcessRequestSchema);

/**
 * The bulk upload queue (docs/requirements.md §8.2 "Bulk" and §13). Every route needs CanBulkUploadClients, and
 * the service checks it again together with the corporation the path names.
 */
export const bulkRoutes: FastifyPluginAsyncZod<{ bulk: BulkService }> = async (app, { bulk }) => {
  const canBulkUpload = requireAnyPrivilege(Privilege.CanBulkUploadClients);
  routeDefaults(app, { tags: ['bulk'], preValidation: canBulkUpload });

  apiRoute(
    app,
    'POST /bulk/is-email-unique',
    {
      summary: "Whether an email is free among the company's clients and queued rows",
      dataScope: 'all-tenants',
    },
    async (request) => bulk.isEmailUnique(callerOf(request), request.body),
  );

  apiRoute(
    app,
    'POST /bulk/process/:tenant',
    {
      summary: 'Create clients from the valid queued rows, in batches of rows that each commit whole',
      // The license has ended.
      docs: { refusals: [409] },
      dataScope: 'none',
      params: bulkTenantParamsSchema,
      body: processBody,
    },
    async (request) => bulk.process(callerOf(request), request.params.tenant, request.body),
  );

  apiRoute(
    app,
    'GET /bulk/:tenant/preview',
    {
      summary: 'What processing would do now: rows to create, rows with errors, licenses missing',
      dataScope: 'all-tenants',
      params: bulkTenantParamsSchema,
    },
    async (request) => bulk.preview(callerOf(request), request.params.tenant),
  );

  apiRoute(
    app,
    'GET /bulk/:tenant/realtors',
    {
      summary: "The company's enabled realtors, which a row or a file's rows without one can be given",
      dataScope: 'all-tenants',
      params: bulkTenantParamsSchema,
    },
    async (request) => bulk.realtors(callerOf(request), request.params.tenant),
  );

  apiRoute(
    app,
    'POST /bulk/:tenant',
    {
      summary: 'Queue rows (at most 1000 a request; a row GUID sent again is not queued twice)',
      // The queue is full.
      docs: { refusals: [409] },
      dataScope: 'all-tenants',
      params: bulkTenantParamsSchema,
    },
    async (request) => bulk.queue(callerOf(request), request.params.tenant, request.body),
  );

  apiRoute(
    app,
    'POST /bulk/:tenant/mapping/find',
    {
      summary: 'The column mapping the company last used for a header row, if any',
      dataScope: 'all-tenants',
      params: bulkTenantParamsSchema,
    },
    async (request) => bulk.savedMapping(callerOf(request), request.params.tenant, request.body.headers),
  );

  apiRoute(
    app,
    'PUT /bulk/:tenant/mapping',
    {
      summary:
        "Keep the column mapping chosen for a header row, for the company's next file with the same headers",
      dataScope: 'all-tenants',
      params: bulkTenantParamsSchema,
      status: 204,
    },
    async (request) => {
      const { headers, mapping } = request.body;
      await bulk.saveMapping(callerOf(request), request.params.tenant, headers, mapping);
    },
  );

  apiRoute(
    app,
    'GET /bulk/:tenantID/:page/:pageSize',
    {
      summary:
        'One page of the queue (page size up to 1000), each row with its validation error; ?filter=problems lists only the rows with one',
      dataScope: 'all-tenants',
      params: bulkPageParamsSchema,
    },
    async (request) => {
      const { tenantID, page, pageSize } = request.params;
      return bulk.page(callerOf(request), tenantID, page, pageSize, request.query.filter);
    },
  );

  apiRoute(
    app,
    'DELETE /bulk/:tenant/all',
    { summary: 'Empty the queue', dataScope: 'all-tenants', params: bulkTenantParamsSchema },
    async (request) => bulk.clear(callerOf(request), request.params.tenant),
  );

  apiRoute(
    app,
    'DELETE /bulk/:tenant/problems',
    {
      summary: 'Remove every queued row with a problem',
      dataScope: 'all-tenants',
      params: bulkTenantParamsSchema,
    },
    async (request) => bulk.removeProblems(callerOf(request), request.params.tenant),
  );

  apiRoute(
    app,
    'PUT /bulk/:tenant/:id',
    {
      summary: 'Change a queued row; it is validated again',
      dataScope: 'all-tenants',
      params: itemParams,
      status: 204,
    },
    async (request) => {
      await bulk.update(callerOf(request), request.params.tenant, request.params.id, request.body.data);
    },
  );

  apiRoute(
    app,
    'DELETE /bulk/:tenant/:id',
    { summary: 'Remove a queued row', dataScope: 'all-tenants', params: itemParams, status: 204 },
    async (request) => {
      await bulk.remove(callerOf(request), request.params.tenant, request.params.id);
    },
  );
};
