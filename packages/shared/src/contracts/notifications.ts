import { z } from '../zod';
import { timestampsShape } from './shapes';
import { messages } from '../validation/messages';
import { momentSchema } from '../validation/moments';
import { pagedResultSchema } from '../validation/paging';
import { requiredString } from '../validation/rules';

export const notificationSeverities = ['info', 'warning', 'critical'] as const;
export type NotificationSeverity = (typeof notificationSeverities)[number];

/** Where a message is in its life: waiting for its start, showing, past its end, or retired. */
export const notificationStatuses = ['scheduled', 'active', 'ended', 'retired'] as const;
export type NotificationStatus = (typeof notificationStatuses)[number];

export const notificationLimits = { title: 120, body: 2000 } as const;

const dateTimeSchema = momentSchema;

/** A notification message as an operator writes it: shown from `startsAt` until `endsAt`, if any. */
export const notificationInputSchema = z
  .object({
    title: requiredString.pipe(
      z
        .string()
        .trim()
        .max(notificationLimits.title, { error: messages.textTooLong(notificationLimits.title) }),
    ),
    body: requiredString.pipe(
      z
        .string()
        .trim()
        .max(notificationLimits.body, { error: messages.textTooLong(notificationLimits.body) }),
    ),
    severity: z.enum(notificationSeverities, { error: messages.invalidValue }),
    startsAt: dateTimeSchema,
    endsAt: dateTimeSchema.nullable().default(null),
  })
  .refine((value) => !value.endsAt || value.endsAt > value.startsAt, {
    error: messages.endBeforeStart,
    path: ['endsAt'],
  });
export type NotificationInput = z.infer<typeof notificationInputSchema>;

export const notificationSchema = z.object({
  id: z.string(),
  title: z.string(),
  body: z.string(),
  severity: z.enum(notificationSeverities),
  status: z.enum(notificationStatuses),
  startsAt: z.string(),
  endsAt: z.string().nullable(),
  retiredAt: z.string().nullable(),
  ...timestampsShape,
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationPageSchema = pagedResultSchema(notificationSchema);
export type NotificationPage = z.infer<typeof notificationPageSchema>;

/** What a signed-in user sees in the portal: the active messages they have not dismissed. */
export const activeNotificationSchema = notificationSchema.pick({
  id: true,
  title: true,
  body: true,
  severity: true,
  startsAt: true,
});
export type ActiveNotification = z.infer<typeof activeNotificationSchema>;

export function notificationStatus(
  notification: { startsAt: Date; endsAt: Date | null; retiredAt: Date | null },
  now: Date,
): NotificationStatus {
  if (notification.retiredAt) return 'retired';
  if (notification.startsAt > now) return 'scheduled';
  if (notification.endsAt && notification.endsAt <= now) return 'ended';
  return 'active';
}
