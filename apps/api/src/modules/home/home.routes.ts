import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { homeSummarySchema } from '@homeminder/shared/contracts/identity';
import { authOf, requireAuth } from '../../plugins/auth';
import type { HomeService } from './home.service';

export const homeRoutes: FastifyPluginAsyncZod<{ home: HomeService }> = async (app, { home }) => {
  app.get(
    '/home/summary',
    {
      config: { dataScope: 'all-tenants' },
      schema: {
        tags: ['home'],
        summary: "Counts for the signed-in user's Home page",
        response: { 200: homeSummarySchema },
      },
      preValidation: requireAuth,
    },
    async (request) => home.summary(authOf(request)),
  );
};
