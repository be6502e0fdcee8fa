import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Privilege } from '@homeminder/shared/permissions';
import { apiRoute } from '../../plugins/api-route';
import { callerOf, requireAnyPrivilege } from '../../plugins/auth';
import { routeDefaults } from '../../plugins/route-defaults';
import { sendCsvFile } from './csv';
import type { ClientSelectionService } from './client-selection.service';

/**
 * The client grid's selection (docs/decisions/080): one request acts on every selected row, or
 * exports them. The service checks each row's corporation and realtor scope.
 */
export const clientSelectionRoutes: FastifyPluginAsyncZod<{ selection: ClientSelectionService }> = async (
  app,
  { selection },
) => {
  routeDefaults(app, { tags: ['clients'], preValidation: requireAnyPrivilege(Privilege.CanManageClients) });

  apiRoute(
    app,
    'POST /clients/bulk',
    {
      summary:
        'Assign a realtor to, invite, enable, disable or delete the selected rows (by id, or every row of a filter); answers what was done and what was skipped',
    },
    async (request) => selection.act(callerOf(request), request.body),
  );

  apiRoute(
    app,
    'POST /clients/bulk/export',
    {
      summary: 'The selected rows (by id, or every row of a filter) as CSV',
      docs: { produces: ['text/csv'] },
    },
    async (request, reply) => {
      const csv = await selection.exportCsv(callerOf(request), request.body.selection);
      return sendCsvFile(reply, 'clients-selected', csv);
    },
  );
};
