import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idSchema } from '@homeminder/shared/validation/ids';
import { apiRoute } from '../../plugins/api-route';
import { clientOf, requireAuth } from '../../plugins/auth';
import { attachmentDisposition, safeFileName } from '../../lib/upload';
import { homeAudiences } from '../home-profiles';
import type { HomeSaleService } from './home-sale.service';

/**
 * A home's sale (docs/decisions/096): staff mark a client's home sold, change or undo the sale
 * before its closing; the homeowner sees the sale of their home, and the homes they sold with the
 * report each kept.
 */
export const homeSaleRoutes: FastifyPluginAsyncZod<{ sales: HomeSaleService }> = async (app, { sales }) => {
  const home = z.object({ id: idSchema });
  const [owner, staff] = homeAudiences();
  for (const { base, options, whose, callerOf: as } of [owner, staff]) {
    apiRoute(
      app,
      `GET ${base}/:id/sale`,
      { ...options, summary: `The sale of ${whose} waiting for its closing date, if any` },
      async (request) => sales.saleOf(as(request), request.params.id),
    );
  }
  apiRoute(
    app,
    'PUT /clients/properties/:id/sale',
    {
      ...staff.options,
      docs: { refusals: [400] },
      summary:
        "Mark a client's home sold (closing date, the buyer, the buyer's realtor), or change its sale before the closing",
    },
    async (request) => sales.mark(staff.callerOf(request), request.params.id, request.body),
  );
  apiRoute(
    app,
    'DELETE /clients/properties/:id/sale',
    {
      ...staff.options,
      summary: "Undo the sale of a client's home before its closing: the home stays its owner's",
    },
    async (request) => sales.undo(staff.callerOf(request), request.params.id),
  );

  const homeowner = { tags: ['homeowner'], preValidation: requireAuth, audience: 'client' } as const;
  apiRoute(
    app,
    'GET /homeowner/sold-homes',
    { ...homeowner, summary: 'The homes the homeowner sold, newest first' },
    async (request) => sales.soldHomes(clientOf(request)),
  );
  apiRoute(
    app,
    'GET /homeowner/sold-homes/:id/report',
    {
      ...homeowner,
      params: home,
      docs: { produces: ['application/pdf'] },
      summary: 'The home report of a home the homeowner sold, as it stood at the closing (PDF)',
    },
    async (request, reply) => {
      const found = await sales.soldHomeReport(clientOf(request), request.params.id);
      return reply
        .header('content-type', 'application/pdf')
        .header(
          'content-disposition',
          attachmentDisposition(safeFileName(`Home report - ${found.addressLine}`, 'pdf', 'Home report')),
        )
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(found.data);
    },
  );
};
