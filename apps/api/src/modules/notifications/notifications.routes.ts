import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  activeNotificationSchema,
  notificationInputSchema,
  notificationPageSchema,
  notificationSchema,
  notificationStatus,
  type Notification,
} from '@homeminder/shared/contracts/notifications';
import { Privilege } from '@homeminder/shared/permissions';
import { idSchema } from '@homeminder/shared/validation/ids';
import { notificationPagingSchema } from '@homeminder/shared/validation/paging';
import { NotFoundError } from '../../lib/errors';
import { authOf, requireAnyPrivilege, requireAuth } from '../../plugins/auth';
import type { AuditService } from '../audit/audit.service';
import type { NotificationRow, NotificationsRepository } from './notifications.repository';

const notFound = 'The notification message was not found.';
const messageIdParams = z.object({ messageId: idSchema });

function toNotification(row: NotificationRow, now: Date): Notification {
  return {
    id: row.id,
    title: row.title,
    body: row.body,
    severity: row.severity as Notification['severity'],
    status: notificationStatus(row, now),
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt?.toISOString() ?? null,
    retiredAt: row.retiredAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

interface Options {
  notifications: NotificationsRepository;
  audit: AuditService;
  now: () => Date;
}

/**
 * Operator notification messages: managed by holders of ManageNotifications, read by everyone.
 * Messages belong to no corporation; what a person does with them (writing one, dismissing one) is
 * kept in their own corporation, whichever one the operator acts for (docs/decisions/050).
 */
export const notificationRoutes: FastifyPluginAsyncZod<Options> = async (
  app,
  { notifications, audit, now },
) => {
  const manage = requireAnyPrivilege(Privilege.ManageNotifications);

  app.get(
    '/notification/active',
    {
      config: { dataScope: 'home-tenant' },
      schema: {
        tags: ['notifications'],
        summary: 'The messages showing now that the signed-in user has not dismissed',
        response: { 200: z.array(activeNotificationSchema) },
      },
      preValidation: requireAuth,
    },
    async (request) => {
      const auth = authOf(request);
      const rows = await notifications.activeFor(auth.homeTenantId, auth.userId, now());
      return rows.map((row) => ({
        ...row,
        severity: row.severity as Notification['severity'],
        startsAt: row.startsAt.toISOString(),
      }));
    },
  );

  app.post(
    '/notification/:messageId/dismiss',
    {
      config: { dataScope: 'home-tenant' },
      schema: {
        tags: ['notifications'],
        summary: 'Hide a message for the signed-in user',
        params: messageIdParams,
      },
      preValidation: requireAuth,
    },
    async (request, reply) => {
      const auth = authOf(request);
      if (!(await notifications.find(request.params.messageId))) throw new NotFoundError(notFound);
      await notifications.dismiss(auth.homeTenantId, auth.userId, request.params.messageId);
      return reply.status(204).send();
    },
  );

  app.get(
    '/notification/:pageSize/:page/all',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Every notification message, newest first, a page at a time',
        params: notificationPagingSchema,
        response: { 200: notificationPageSchema },
      },
      preValidation: manage,
    },
    async (request) => {
      const { pageSize, page } = request.params;
      const result = await notifications.page(pageSize, page);
      const at = now();
      return {
        items: result.items.map((row) => toNotification(row, at)),
        totalItemCount: result.totalItemCount,
      };
    },
  );

  app.get(
    '/notification/:messageId',
    {
      schema: {
        tags: ['notifications'],
        summary: 'One notification message',
        params: messageIdParams,
        response: { 200: notificationSchema },
      },
      preValidation: manage,
    },
    async (request) => {
      const row = await notifications.find(request.params.messageId);
      if (!row) throw new NotFoundError(notFound);
      return toNotification(row, now());
    },
  );

  app.post(
    '/notification',
    {
      config: { dataScope: 'home-tenant' },
      schema: {
        tags: ['notifications'],
        summary: 'Create a message',
        body: notificationInputSchema,
        response: { 201: notificationSchema },
      },
      preValidation: manage,
    },
    async (request, reply) => {
      const auth = authOf(request);
      const row = await notifications.create(request.body, auth.userId);
      await audit.record({
        tenantId: auth.homeTenantId,
        actorUserId: auth.userId,
        action: 'notification.create',
        recordType: 'notification',
        recordId: row.id,
        ipAddress: request.ip,
      });
      return reply.status(201).send(toNotification(row, now()));
    },
  );

  app.put(
    '/notification/:messageId',
    {
      config: { dataScope: 'home-tenant' },
      schema: {
        tags: ['notifications'],
        summary: 'Change a message or its schedule',
        params: messageIdParams,
        body: notificationInputSchema,
        response: { 200: notificationSchema },
      },
      preValidation: manage,
    },
    async (request) => {
      const auth = authOf(request);
      const at = now();
      const row = await notifications.update(request.params.messageId, request.body, at);
      if (!row) throw new NotFoundError(notFound);
      await audit.record({
        tenantId: auth.homeTenantId,
        actorUserId: auth.userId,
        action: 'notification.update',
        recordType: 'notification',
        recordId: row.id,
        ipAddress: request.ip,
      });
      return toNotification(row, at);
    },
  );

  app.post(
    '/notification/:messageId/retire',
    {
      config: { dataScope: 'home-tenant' },
      schema: {
        tags: ['notifications'],
        summary: 'Stop showing a message, for good',
        params: messageIdParams,
        response: { 200: notificationSchema },
      },
      preValidation: manage,
    },
    async (request) => {
      const auth = authOf(request);
      const at = now();
      const row = await notifications.retire(request.params.messageId, at);
      if (!row) throw new NotFoundError(notFound);
      await audit.record({
        tenantId: auth.homeTenantId,
        actorUserId: auth.userId,
        action: 'notification.retire',
        recordType: 'notification',
        recordId: row.id,
        ipAddress: request.ip,
      });
      return toNotification(row, at);
    },
  );
};
