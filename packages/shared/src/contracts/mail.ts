import { z } from '../zod';
import { fieldPer, messageResponseSchema, recordTenantShape } from './shapes';
import { replyKinds } from '../reply-words';
import { idSchema } from '../validation/ids';
import { logPageQuerySchema, pagedResultSchema } from '../validation/paging';

export * from '../engagement-words';

/**
 * Email of the reminder service: the Sent mail screen, the unsubscribe page and the Home card.
 * An outbox message is `pending` until delivered (`sent`), given up (`failed`, after permanent
 * refusals), `kept` in the outbox when no mail server is configured (docs/decisions/029), or
 * `cancelled` when its client unsubscribed before it left.
 */
export const mailStatuses = ['pending', 'sent', 'failed', 'kept', 'cancelled'] as const;
export type MailStatus = (typeof mailStatuses)[number];

export const sentMailQuerySchema = logPageQuerySchema.extend({
  status: z.enum(mailStatuses).optional(),
  /** Only the mail to this address (letter case does not count). */
  to: z.string().trim().max(255).optional(),
});
export type SentMailQuery = z.infer<typeof sentMailQuerySchema>;

export const sentMailItemSchema = z.object({
  id: z.string(),
  ...recordTenantShape,
  kind: z.string(),
  toAddress: z.string(),
  subject: z.string(),
  status: z.enum(mailStatuses),
  attempts: z.number(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  nextAttemptAt: z.string(),
  lastError: z.string().nullable(),
});
export type SentMailItem = z.infer<typeof sentMailItemSchema>;

export const sentMailPageSchema = pagedResultSchema(sentMailItemSchema).extend({
  /** False when no mail server is configured: mail is kept here instead of being delivered. */
  delivering: z.boolean(),
  /** True when the server was started with MAIL_HOLD: mail waits in the outbox and nothing is sent. */
  held: z.boolean(),
});
export type SentMailPage = z.infer<typeof sentMailPageSchema>;

export const sentMailDetailSchema = sentMailItemSchema.extend({ html: z.string(), text: z.string() });
export type SentMailDetail = z.infer<typeof sentMailDetailSchema>;

export const unsubscribeRequestSchema = z.object({
  token: z.string().trim().min(1, { error: 'The unsubscribe link has no token.' }).max(200),
});
export type UnsubscribeRequest = z.infer<typeof unsubscribeRequestSchema>;

export const unsubscribePreviewSchema = z.object({
  clientName: z.string(),
  corporationName: z.string(),
  /** The client's address, partly hidden. */
  emailAddress: z.string(),
  /** Reminders the client would stop receiving. */
  reminderCount: z.number(),
  alreadyUnsubscribed: z.boolean(),
});
export type UnsubscribePreview = z.infer<typeof unsubscribePreviewSchema>;

export const unsubscribeResultSchema = messageResponseSchema;

export const unsubscribeMessages = {
  invalidLink:
    'This unsubscribe link is not valid or has expired. Use the link in your most recent reminder email, or ask your realtor to stop your reminders.',
  done: 'You are unsubscribed: you will receive no more reminder emails.',
  /** A POST to the one-click address that is not a mail program's one-click request. */
  oneClickOnly: 'This address takes the one-click request of a mail program: List-Unsubscribe=One-Click.',
} as const;

/** Hides most of an address: 'jane.doe@example.com' → 'j•••@example.com'. */
export function maskEmail(address: string): string {
  const at = address.lastIndexOf('@');
  if (at <= 0) return '•••';
  return `${address[0]}•••${address.slice(at)}`;
}

export const reminderActivityDaySchema = z.object({
  /** YYYY-MM-DD, in UTC. */
  date: z.string(),
  sent: z.number(),
  failed: z.number(),
  upcoming: z.number(),
});

/**
 * One month of engagement (docs/decisions/064), the month in the corporation's zone: reminders
 * sent, and replies given, in the month; and of the occurrences that fell due in it, those whose
 * 30 days are over or that were done, and how many of them were done within 30 days.
 */
export const engagementMonthSchema = z.object({
  /** YYYY-MM, in the corporation's zone. */
  month: z.string(),
  sent: z.number(),
  /** Replies given in the month, by kind. */
  ...fieldPer(replyKinds, z.number()),
  occurrences: z.number(),
  doneOnTime: z.number(),
});
export type EngagementMonth = z.infer<typeof engagementMonthSchema>;

export const engagementSchema = z.object({
  /** The last 12 months, oldest first, the current one last. */
  months: z.array(engagementMonthSchema),
  totals: engagementMonthSchema.omit({ month: true }),
});
export type Engagement = z.infer<typeof engagementSchema>;

export const reminderActivitySchema = z.object({
  /** The last 30 days (sent, failed) and the next 30 (upcoming), oldest first. */
  days: z.array(reminderActivityDaySchema),
  totals: reminderActivityDaySchema.omit({ date: true }),
  engagement: engagementSchema,
});
export type ReminderActivity = z.infer<typeof reminderActivitySchema>;

/** A manager's or administrator's choice of one realtor's clients; a realtor always sees their own. */
export const reminderActivityQuerySchema = z.object({ realtorId: idSchema.optional() });
export type ReminderActivityQuery = z.infer<typeof reminderActivityQuerySchema>;
