import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiRoute } from '../../plugins/api-route';
import { Privilege } from '@homeminder/shared/permissions';
import { authOf, requireAnyPrivilege, requireAuth } from '../../plugins/auth';
import type { HomeService } from './home.service';

export const homeRoutes: FastifyPluginAsyncZod<{ home: HomeService }> = async (app, { home }) => {
  apiRoute(
    app,
    'GET /home/summary',
    {
      tags: ['home'],
      summary: "Counts for the signed-in user's Home page",
      dataScope: 'all-tenants',
      preValidation: requireAuth,
    },
    async (request) => home.summary(authOf(request)),
  );

  apiRoute(
    app,
    'GET /home/attention',
    {
      tags: ['home'],
      summary:
        'The clients who need attention: help asked, reminders overdue, emails not delivered, unsubscribes, invitations',
      preValidation: requireAnyPrivilege(Privilege.CanManageClients),
    },
    async (request) => home.attention(authOf(request), request.query),
  );

  apiRoute(
    app,
    'GET /home/health',
    {
      tags: ['home'],
      summary: "The homes' health scores by band, and the lowest scored homes with their first reason",
      preValidation: requireAnyPrivilege(Privilege.CanManageClients),
    },
    async (request) => home.health(authOf(request), request.query.realtorId),
  );
};
