import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Privilege } from '@homeminder/shared/permissions';
import { idSchema } from '@homeminder/shared/validation/ids';
import { apiRoute, publicAuthRoute } from '../../plugins/api-route';
import { authOf, requireAnyPrivilege } from '../../plugins/auth';
import type { MailService } from './mail.service';

/**
 * The reminder service's screens: Sent mail (administrators), the public unsubscribe page and
 * the images of emails, and the Home card's reminder activity.
 */
export const mailRoutes: FastifyPluginAsyncZod<{ mail: MailService }> = async (app, { mail }) => {
  const sentMailReaders = requireAnyPrivilege(
    Privilege.AdminCanManageCorporation,
    Privilege.ActAcrossTenants,
  );

  apiRoute(
    app,
    'POST /admin/mail/query',
    {
      tags: ['mail'],
      summary: "A page of the email outbox, newest first (the corporation's; every one for the operator)",
      dataScope: 'all-tenants',
      preValidation: sentMailReaders,
    },
    async (request) => mail.sentMail(authOf(request), request.body),
  );

  apiRoute(
    app,
    'GET /admin/mail/:tenantId/:id',
    {
      tags: ['mail'],
      summary: 'One email of the outbox with its HTML and text',
      dataScope: 'all-tenants',
      preValidation: sentMailReaders,
      params: z.object({ tenantId: idSchema, id: idSchema }),
    },
    async (request) => mail.sentMailDetail(authOf(request), request.params.tenantId, request.params.id),
  );

  apiRoute(
    app,
    'GET /home/reminder-activity',
    {
      tags: ['home'],
      summary:
        'Reminders sent and failed per day in the last 30 days, due in the next 30, and engagement by month over 12',
      dataScope: 'all-tenants',
      preValidation: requireAnyPrivilege(Privilege.CanManageClients),
    },
    async (request) => mail.activity(authOf(request), request.query),
  );

  // ── public: the unsubscribe link of a reminder email ──

  apiRoute(
    app,
    'POST /auth/unsubscribe/preview',
    { ...publicAuthRoute, summary: 'Whose reminders an unsubscribe link stops (no sign-in)' },
    async (request) => mail.unsubscribePreview(request.body.token),
  );

  apiRoute(
    app,
    'POST /auth/unsubscribe',
    {
      ...publicAuthRoute,
      summary: "Stops a client's reminder emails with the link from a reminder (no sign-in)",
    },
    async (request) => mail.unsubscribe(request.body.token, request.ip),
  );

  app.get(
    '/mail/image/:kind/:tenantId/:id',
    {
      config: {
        dataScope: 'none',
        audience: 'anyone',
        docs: { public: true, produces: ['image/png', 'image/jpeg', 'image/webp'] },
      },
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
