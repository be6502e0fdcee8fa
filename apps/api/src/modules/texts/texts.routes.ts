import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiRoute } from '../../plugins/api-route';
import { homeAudiences } from '../home-profiles';
import type { TextsService } from './texts.service';

/** A home owner's reminder texts (docs/decisions/106), for the owner and for staff. */
export const textRoutes: FastifyPluginAsyncZod<{ texts: TextsService }> = async (app, { texts }) => {
  for (const { base, options, whose, callerOf: as } of homeAudiences()) {
    apiRoute(
      app,
      `GET ${base}/:id/texts`,
      {
        ...options,
        summary: `Whether the owner of ${whose} gets reminder texts, and at what number`,
      },
      async (request) => texts.settings(as(request), request.params.id),
    );
    apiRoute(
      app,
      `PUT ${base}/:id/texts`,
      {
        ...options,
        summary: `Turn on reminder texts for the owner of ${whose}, recording their agreement to the words shown`,
      },
      async (request) => texts.agree(as(request), request.params.id, request.body.phone),
    );
    apiRoute(
      app,
      `DELETE ${base}/:id/texts`,
      {
        ...options,
        summary: `Stop reminder texts to the owner of ${whose}`,
        docs: { refusals: [409] },
      },
      async (request) => texts.stop(as(request), request.params.id),
    );
  }
};
