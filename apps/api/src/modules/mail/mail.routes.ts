import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  reminderActivitySchema,
  sentMailDetailSchema,
  sentMailPageSchema,
  sentMailQuerySchema,
  unsubscribePreviewSchema,
  unsubscribeRequestSchema,
  unsubscribeResultSchema,
} from '@homeminder/shared/contracts/mail';
import { Privilege } from '@homeminder/shared/permissions';
import { idSchema } from '@homeminder/shared/validation/ids';
import { authOf, requireAnyPrivilege } from '../../plugins/auth';
import type { MailService } from './mail.service';

/**
 * The reminder service's screens: Sent mail (administrators), the public unsubscribe page and
 * the images of emails, and the Home card's reminder activity.
 */
export const mailRoutes: FastifyPluginAsyncZod<{ mail: MailService }> = async (app, { mail }) => {
  const sentMailPrivileges = [Privilege.AdminCanManageCorporation, Privilege.ActAcrossTenants];

  app.post(
    '/admin/mail/query',
    {
      config: { dataScope: 'all-tenants' },
      schema: {
        tags: ['mail'],
        summary: "A page of the email outbox, newest first (the corporation's; every one for the operator)",
        body: sentMailQuerySchema,
        response: { 200: sentMailPageSchema },
      },
      preValidation: requireAnyPrivilege(...sentMailPrivileges),
    },
    async (request) => mail.sentMail(authOf(request), request.body),
  );

  app.get(
    '/admin/mail/:tenantId/:id',
    {
      config: { dataScope: 'all-tenants' },
      schema: {
        tags: ['mail'],
        summary: 'One email of the outbox with its HTML and text',
        params: z.object({ tenantId: idSchema, id: idSchema }),
        response: { 200: sentMailDetailSchema },
      },
      preValidation: requireAnyPrivilege(...sentMailPrivileges),
    },
    async (request) => mail.sentMailDetail(authOf(request), request.params.tenantId, request.params.id),
  );

  app.get(
    '/home/reminder-activity',
    {
      config: { dataScope: 'all-tenants' },
      schema: {
        tags: ['home'],
        summary: 'Reminders sent and failed per day in the last 30 days, and due in the next 30',
        response: { 200: reminderActivitySchema },
      },
      preValidation: requireAnyPrivilege(Privilege.CanManageClients),
    },
    async (request) => mail.activity(authOf(request)),
  );

  // ── public: the unsubscribe link of a reminder email ──

  app.post(
    '/auth/unsubscribe/preview',
    {
      config: { dataScope: 'none' },
      schema: {
        tags: ['auth'],
        summary: 'Whose reminders an unsubscribe link stops (no sign-in)',
        body: unsubscribeRequestSchema,
        response: { 200: unsubscribePreviewSchema },
      },
    },
    async (request) => mail.unsubscribePreview(request.body.token),
  );

  app.post(
    '/auth/unsubscribe',
    {
      config: { dataScope: 'none' },
      schema: {
        tags: ['auth'],
        summary: "Stops a client's reminder emails with the link from a reminder (no sign-in)",
        body: unsubscribeRequestSchema,
        response: { 200: unsubscribeResultSchema },
      },
    },
    async (request) => mail.unsubscribe(request.body.token, request.ip),
  );

  app.get(
    '/mail/image/:kind/:tenantId/:id',
    {
      config: { dataScope: 'none' },
      schema: {
        tags: ['mail'],
        summary: 'An image shown in emails (branding or realtor photo), by a signed link',
        params: z.object({ kind: z.enum(['branding', 'profile']), tenantId: idSchema, id: idSchema }),
        querystring: z.object({ sig: z.string().max(64).default('') }),
      },
    },
    async (request, reply) => {
      const { kind, tenantId, id } = request.params;
      const image = await mail.image(kind, tenantId, id, request.query.sig);
      return reply
        .header('content-type', image.type)
        .header('cache-control', 'public, max-age=86400')
        .header('cross-origin-resource-policy', 'cross-origin')
        .send(image.data);
    },
  );
};
