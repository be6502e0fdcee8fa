import type { AuditAction } from '@homeminder/shared/audit-labels';
import {
  notificationStatus,
  type Notification,
  type NotificationInput,
} from '@homeminder/shared/contracts/notifications';
import type { Caller } from '../../access/auth-context';
import { NotFoundError } from '../../lib/errors';
import type { AuditService } from '../audit';
import type { NotificationRow, NotificationsRepository } from './notifications.repository';

const notFound = 'The notification message was not found.';

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

interface Dependencies {
  notifications: NotificationsRepository;
  audit: AuditService;
  now: () => Date;
}

/**
 * Operator notification messages: managed by holders of ManageNotifications (the routes check),
 * read by everyone. Messages belong to no corporation; what a person does with them (writing one,
 * dismissing one) is kept in their own corporation, whichever one the operator acts for
 * (docs/decisions/050).
 */
export function notificationsService({ notifications, audit, now }: Dependencies) {
  /** A change to a message, audited in the writer's own corporation. */
  async function changed(
    { auth, ip }: Caller,
    action: AuditAction,
    row: NotificationRow | undefined,
    at: Date,
  ) {
    if (!row) throw new NotFoundError(notFound);
    await audit.record({
      tenantId: auth.homeTenantId,
      actorUserId: auth.userId,
      action,
      recordType: 'notification',
      recordId: row.id,
      ipAddress: ip,
    });
    return toNotification(row, at);
  }

  return {
    /** The messages showing now that the user has not dismissed. */
    async active({ auth }: Caller) {
      const rows = await notifications.activeFor(auth.homeTenantId, auth.userId, now());
      return rows.map((row) => ({
        ...row,
        severity: row.severity as Notification['severity'],
        startsAt: row.startsAt.toISOString(),
      }));
    },

    async dismiss({ auth }: Caller, messageId: string) {
      if (!(await notifications.find(messageId))) throw new NotFoundError(notFound);
      await notifications.dismiss(auth.homeTenantId, auth.userId, messageId);
    },

    async page(pageSize: number, page: number) {
      const result = await notifications.page(pageSize, page);
      const at = now();
      return {
        items: result.items.map((row) => toNotification(row, at)),
        totalItemCount: result.totalItemCount,
      };
    },

    async find(messageId: string) {
      const row = await notifications.find(messageId);
      if (!row) throw new NotFoundError(notFound);
      return toNotification(row, now());
    },

    create: async (caller: Caller, input: NotificationInput) =>
      changed(caller, 'notification.create', await notifications.create(input, caller.auth.userId), now()),

    async update(caller: Caller, messageId: string, input: NotificationInput) {
      const at = now();
      return changed(caller, 'notification.update', await notifications.update(messageId, input, at), at);
    },

    async retire(caller: Caller, messageId: string) {
      const at = now();
      return changed(caller, 'notification.retire', await notifications.retire(messageId, at), at);
    },
  };
}
export type NotificationsService = ReturnType<typeof notificationsService>;
