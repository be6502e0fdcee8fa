import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  maskEmail,
  reminderActivitySchema,
  sentMailDetailSchema,
  sentMailPageSchema,
  sentMailQuerySchema,
  unsubscribeMessages,
  unsubscribePreviewSchema,
  unsubscribeRequestSchema,
  unsubscribeResultSchema,
} from '@homeminder/shared/contracts/mail';
import { Privilege } from '@homeminder/shared/permissions';
import { idSchema } from '@homeminder/shared/validation/ids';
import { BadRequestError, ForbiddenError, NotFoundError } from '../../lib/errors';
import { readUnsubscribeToken, type Signer } from '../../lib/signing';
import { authOf, requireAnyPrivilege } from '../../plugins/auth';
import { hasPrivilege } from '../../access/auth-context';
import type { AuditService } from '../audit/audit.service';
import { realtorScope } from '../../access/client-scope';
import { REMINDER_KIND } from './dispatcher';
import { mailImagePurpose, mailImageSubject } from './links';
import type { MailRepository } from './mail.repository';

const mailNotFound = 'That email was not found.';
const withheldText =
  'The content of this account email is not shown: it holds a link meant only for its recipient.';

/**
 * The reminder service's screens: Sent mail (administrators), the public unsubscribe page and
 * the images of emails, and the Home card's reminder activity.
 */
export const mailRoutes: FastifyPluginAsyncZod<{
  mail: MailRepository;
  signing: Signer;
  audit: AuditService;
  /** True when SMTP_URL is set: mail leaves the outbox. */
  delivering: boolean;
  now: () => Date;
}> = async (app, { mail, signing, audit, delivering, now }) => {
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
    async (request) => {
      const auth = authOf(request);
      const acrossTenants = hasPrivilege(auth, Privilege.ActAcrossTenants);
      const tenantId = acrossTenants ? (request.body.tenantId ?? null) : auth.tenantId;
      return { ...(await mail.page(tenantId, request.body)), delivering };
    },
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
    async (request) => {
      const auth = authOf(request);
      const { tenantId, id } = request.params;
      if (!hasPrivilege(auth, Privilege.ActAcrossTenants) && tenantId.toLowerCase() !== auth.tenantId) {
        throw new NotFoundError(mailNotFound);
      }
      const found = await mail.detail(tenantId.toLowerCase(), id);
      if (!found) throw new NotFoundError(mailNotFound);
      // An account email holds a sign-in link meant for its recipient alone: once mail really
      // leaves (SMTP_URL), administrators see that it went, not what it said (docs/decisions/029).
      if (delivering && found.kind !== REMINDER_KIND) {
        return { ...found, html: `<!doctype html><p>${withheldText}</p>`, text: withheldText };
      }
      return found;
    },
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
    async (request) => {
      const auth = authOf(request);
      return mail.activity(auth.tenantId, realtorScope(auth), now());
    },
  );

  // ── public: the unsubscribe link of a reminder email ──

  const claimOf = async (token: string) => {
    const claim = await readUnsubscribeToken(signing, token, now());
    const target = claim ? await mail.unsubscribeTarget(claim.tenantId, claim.clientUserId) : undefined;
    if (!claim || !target) throw new BadRequestError(unsubscribeMessages.invalidLink);
    return { claim, target };
  };

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
    async (request) => {
      const { target } = await claimOf(request.body.token);
      return {
        clientName: `${target.firstName} ${target.lastName}`,
        corporationName: target.corporationName,
        emailAddress: maskEmail(target.email),
        reminderCount: target.reminderCount,
        alreadyUnsubscribed: target.unsubscribedAt !== null,
      };
    },
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
    async (request) => {
      const { claim } = await claimOf(request.body.token);
      const changed = await mail.unsubscribe(claim.tenantId, claim.clientUserId, now());
      if (changed) {
        await audit.record({
          tenantId: claim.tenantId,
          actorUserId: null,
          action: 'client.unsubscribed',
          recordType: 'client-user',
          recordId: claim.clientUserId,
          ipAddress: request.ip,
        });
      }
      return { message: unsubscribeMessages.done };
    },
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
      const genuine = await signing.checkTag(
        mailImagePurpose,
        mailImageSubject(kind, tenantId, id),
        request.query.sig,
      );
      if (!genuine) throw new ForbiddenError();
      const image = await mail.image(kind, tenantId.toLowerCase(), id.toLowerCase());
      if (!image) throw new NotFoundError('That image was not found.');
      return reply
        .header('content-type', image.type)
        .header('cache-control', 'public, max-age=86400')
        .header('cross-origin-resource-policy', 'cross-origin')
        .send(image.data);
    },
  );
};
