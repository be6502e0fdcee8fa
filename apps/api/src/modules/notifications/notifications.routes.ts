import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notificationSchema } from '@homeminder/shared/contracts/notifications';
import { Privilege } from '@homeminder/shared/permissions';
import { idSchema } from '@homeminder/shared/validation/ids';
import { notificationPagingSchema } from '@homeminder/shared/validation/paging';
import { callerOf, requireAnyPrivilege, requireAuth } from '../../plugins/auth';
import { apiRoute } from '../../plugins/api-route';
import { routeDefaults } from '../../plugins/route-defaults';
import type { NotificationsService } from './notifications.service';

const messageIdParams = z.object({ messageId: idSchema });

/**
 * Operator notification messages: managed by holders of ManageNotifications, read by everyone.
 * Messages belong to no corporation; what a person does with them (writing one, dismissing one) is
 * kept in their own corporation, whichever one the operator acts for (docs/decisions/050).
 */
export const notificationRoutes: FastifyPluginAsyncZod<{ notifications: NotificationsService }> = async (
  app,
  { notifications },
) => {
  const manage = requireAnyPrivilege(Privilege.ManageNotifications);
  routeDefaults(app, { tags: ['notifications'] });

  apiRoute(
    app,
    'GET /notification/active',
    {
      summary: 'The messages showing now that the signed-in user has not dismissed',
      dataScope: 'home-tenant',
      preValidation: requireAuth,
    },
    async (request) => notifications.active(callerOf(request)),
  );

  apiRoute(
    app,
    'POST /notification/:messageId/dismiss',
    {
      summary: 'Hide a message for the signed-in user',
      dataScope: 'home-tenant',
      preValidation: requireAuth,
      params: messageIdParams,
      status: 204,
    },
    async (request) => {
      await notifications.dismiss(callerOf(request), request.params.messageId);
    },
  );

  apiRoute(
    app,
    'GET /notification/:pageSize/:page/all',
    {
      summary: 'Every notification message, newest first, a page at a time',
      preValidation: manage,
      params: notificationPagingSchema,
    },
    async (request) => notifications.page(request.params.pageSize, request.params.page),
  );

  app.get(
    '/notification/:messageId',
    {
      schema: {
        summary: 'One notification message',
        params: messageIdParams,
        response: { 200: notificationSchema },
      },
      preValidation: manage,
    },
    async (request) => notifications.find(request.params.messageId),
  );

  apiRoute(
    app,
    'POST /notification',
    { summary: 'Create a message', dataScope: 'home-tenant', preValidation: manage, status: 201 },
    async (request) => notifications.create(callerOf(request), request.body),
  );

  apiRoute(
    app,
    'PUT /notification/:messageId',
    {
      summary: 'Change a message or its schedule',
      dataScope: 'home-tenant',
      preValidation: manage,
      params: messageIdParams,
    },
    async (request) => notifications.update(callerOf(request), request.params.messageId, request.body),
  );

  apiRoute(
    app,
    'POST /notification/:messageId/retire',
    {
      summary: 'Stop showing a message, for good',
      dataScope: 'home-tenant',
      preValidation: manage,
      params: messageIdParams,
    },
    async (request) => notifications.retire(callerOf(request), request.params.messageId),
  );
};
