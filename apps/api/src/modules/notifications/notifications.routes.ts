import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  activeNotificationSchema,
  notificationInputSchema,
  notificationPageSchema,
  notificationSchema,
} from '@homeminder/shared/contracts/notifications';
import { Privilege } from '@homeminder/shared/permissions';
import { idSchema } from '@homeminder/shared/validation/ids';
import { notificationPagingSchema } from '@homeminder/shared/validation/paging';
import { callerOf, requireAnyPrivilege, requireAuth } from '../../plugins/auth';
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

  app.get(
    '/notification/active',
    {
      config: { dataScope: 'home-tenant' },
      schema: {
        summary: 'The messages showing now that the signed-in user has not dismissed',
        response: { 200: z.array(activeNotificationSchema) },
      },
      preValidation: requireAuth,
    },
    async (request) => notifications.active(callerOf(request)),
  );

  app.post(
    '/notification/:messageId/dismiss',
    {
      config: { dataScope: 'home-tenant' },
      schema: {
        summary: 'Hide a message for the signed-in user',
        params: messageIdParams,
      },
      preValidation: requireAuth,
    },
    async (request, reply) => {
      await notifications.dismiss(callerOf(request), request.params.messageId);
      return reply.status(204).send();
    },
  );

  app.get(
    '/notification/:pageSize/:page/all',
    {
      schema: {
        summary: 'Every notification message, newest first, a page at a time',
        params: notificationPagingSchema,
        response: { 200: notificationPageSchema },
      },
      preValidation: manage,
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

  app.post(
    '/notification',
    {
      config: { dataScope: 'home-tenant' },
      schema: {
        summary: 'Create a message',
        body: notificationInputSchema,
        response: { 201: notificationSchema },
      },
      preValidation: manage,
    },
    async (request, reply) =>
      reply.status(201).send(await notifications.create(callerOf(request), request.body)),
  );

  app.put(
    '/notification/:messageId',
    {
      config: { dataScope: 'home-tenant' },
      schema: {
        summary: 'Change a message or its schedule',
        params: messageIdParams,
        body: notificationInputSchema,
        response: { 200: notificationSchema },
      },
      preValidation: manage,
    },
    async (request) => notifications.update(callerOf(request), request.params.messageId, request.body),
  );

  app.post(
    '/notification/:messageId/retire',
    {
      config: { dataScope: 'home-tenant' },
      schema: {
        summary: 'Stop showing a message, for good',
        params: messageIdParams,
        response: { 200: notificationSchema },
      },
      preValidation: manage,
    },
    async (request) => notifications.retire(callerOf(request), request.params.messageId),
  );
};
