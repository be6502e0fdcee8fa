import { z } from '../zod';
import { auditActionLabel } from '../audit-labels';
import { auditChangeSchema } from './audit';
import { careDetailsShape } from './care-record';
import { messageResponseSchema } from './shapes';
import { replyKindLabels, replyKinds, replyMessages, replyNoteMaxLength, replySources } from '../reply-words';

export const replyActionParamsSchema = z.object({ action: z.enum(replyKinds) });

export const replyTokenRequestSchema = z.object({
  token: z.string().trim().min(1, { error: replyMessages.noToken }).max(300),
});

/** A local date, 'YYYY-MM-DD'. */
const localDateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: replyMessages.doneOnInvalid });

export const replyRequestSchema = replyTokenRequestSchema.extend({
  note: z.string().trim().max(replyNoteMaxLength, { error: replyMessages.noteTooLong }).optional(),
  /** Only for "done": the day it was done; today in the property's zone when left out. */
  doneOn: localDateSchema.optional(),
  /** Only for "done": who did it and what it cost, for the home's care record (docs/decisions/094). */
  ...careDetailsShape,
});
export type ReplyRequest = z.infer<typeof replyRequestSchema>;

/** A reply already given for the occurrence, as the page tells it. */
export const recordedReplySchema = z.object({
  /** When it was recorded, in words, in the corporation's zone. */
  onText: z.string(),
  /** What it did: the date done, or the date the reminder moved to, in words. */
  detail: z.string().nullable(),
});

export const replyPreviewSchema = z.object({
  action: z.enum(replyKinds),
  brand: z.object({ name: z.string(), colour: z.string() }),
  clientFirstName: z.string(),
  task: z.string(),
  propertyAddress: z.string(),
  /** The reminder's due date in words, in the corporation's zone. */
  dueDateText: z.string(),
  /** Today in the property's zone, 'YYYY-MM-DD': the date done the page offers. */
  today: z.string(),
  /** For "later": where the reminder would move, in words; null when it cannot be put off. */
  movedToText: z.string().nullable(),
  /** For "later": how many more times it may be put off. */
  putOffsLeft: z.number(),
  /** For "help": true when the client's realtor receives it, false when the corporation's administrators do. */
  toRealtor: z.boolean(),
  /** The reason this reply cannot be given (put off too often, already done), or null. */
  refusal: z.string().nullable(),
  alreadyRecorded: recordedReplySchema.nullable(),
});
export type ReplyPreview = z.infer<typeof replyPreviewSchema>;

export const replyResultSchema = messageResponseSchema.extend({
  /** After "done" or "later": the reminder's next due date, in words, in the corporation's zone. */
  nextDueText: z.string().nullable(),
  /** False when this reply had been recorded before: nothing changed. */
  recorded: z.boolean(),
});
export type ReplyResult = z.infer<typeof replyResultSchema>;

/** What a reply did: the day the task was done, or the date its reminder moved to (null where it did neither). */
const replyOutcomeShape = {
  doneOn: z.string().nullable(),
  movedTo: z.string().nullable(),
};

/** One line of a client's Activity on the staff's client panel. */
export const clientReplySchema = z.object({
  id: z.string(),
  kind: z.enum(replyKinds),
  source: z.enum(replySources),
  task: z.string(),
  propertyId: z.string(),
  propertyAddress: z.string(),
  /** The occurrence's due date, ISO. */
  dueAt: z.string(),
  ...replyOutcomeShape,
  note: z.string().nullable(),
  createdAt: z.string(),
  /** A help request staff took in hand (docs/decisions/063): when, who and their note; else null. */
  handledAt: z.string().nullable(),
  handledByName: z.string().nullable(),
  handledNote: z.string().nullable(),
});
export type ClientReply = z.infer<typeof clientReplySchema>;
export const clientActivitySchema = z.object({ items: z.array(clientReplySchema) });
export type ClientActivity = z.infer<typeof clientActivitySchema>;

/**
 * What a client's timeline on the staff's client panel lists (docs/decisions/064): the reminders
 * sent to them, their replies, a help request handled, unsubscribing and subscribing again, and
 * their invitation sent and accepted.
 */
export const timelineEventKinds = [
  'reminder-sent',
  'done',
  'later',
  'help',
  'help-handled',
  'unsubscribed',
  'resubscribed',
  'invited',
  'registered',
  'changed',
  'profile-changed',
  'system-added',
  'system-changed',
  'system-removed',
  'plan-changed',
  'work-recorded',
  'work-changed',
  'work-removed',
  'sale-marked',
  'sale-changed',
  'sale-undone',
  'sold',
  'bought',
] as const;
export type TimelineEventKind = (typeof timelineEventKinds)[number];

export const timelineEventLabels: Record<TimelineEventKind, string> = {
  'reminder-sent': 'Reminder sent',
  done: replyKindLabels.done,
  later: replyKindLabels.later,
  help: replyKindLabels.help,
  'help-handled': 'Help handled',
  unsubscribed: 'Unsubscribed',
  resubscribed: 'Subscribed again',
  invited: 'Invitation sent',
  registered: 'Invitation accepted',
  // As the audit log names it (docs/decisions/081).
  changed: auditActionLabel('client.updated'),
  'profile-changed': auditActionLabel('property.profile-changed'),
  'system-added': auditActionLabel('property.system-added'),
  'system-changed': auditActionLabel('property.system-changed'),
  'system-removed': auditActionLabel('property.system-removed'),
  'plan-changed': auditActionLabel('property.plan-changed'),
  'work-recorded': auditActionLabel('property.work-recorded'),
  'work-changed': auditActionLabel('property.work-changed'),
  'work-removed': auditActionLabel('property.work-removed'),
  'sale-marked': auditActionLabel('property.sale-marked'),
  'sale-changed': auditActionLabel('property.sale-changed'),
  'sale-undone': auditActionLabel('property.sale-undone'),
  sold: auditActionLabel('property.sold'),
  bought: auditActionLabel('property.bought'),
};

/**
 * Who did it: the homeowner by a link of an email or signed in, a staff member (by name, kept
 * even after they are deleted), or the portal itself (the automatic emails).
 */
export const timelineActorKinds = ['homeowner-email', 'homeowner-signed-in', 'staff', 'system'] as const;
export type TimelineActorKind = (typeof timelineActorKinds)[number];

/** "by the homeowner, from an email", "by Rita Realtor", "by HomeMinder". */
export const timelineActorText = (actor: { kind: TimelineActorKind; name: string | null }) =>
  actor.kind === 'homeowner-email'
    ? 'by the homeowner, from an email'
    : actor.kind === 'homeowner-signed-in'
      ? 'by the homeowner, signed in'
      : actor.kind === 'system'
        ? 'by HomeMinder'
        : `by ${actor.name ?? 'a staff member no longer listed'}`;

export const clientTimelineEventSchema = z.object({
  /** Unique across kinds: the kind of record and its id. */
  id: z.string(),
  kind: z.enum(timelineEventKinds),
  /** When it happened, ISO. */
  at: z.string(),
  actor: z.object({ kind: z.enum(timelineActorKinds), name: z.string().nullable() }),
  /** The reminder's task and home, for a reminder sent and a reply. */
  task: z.string().nullable(),
  propertyAddress: z.string().nullable(),
  /** The occurrence's due date, ISO. */
  dueAt: z.string().nullable(),
  ...replyOutcomeShape,
  /** The homeowner's note, or the staff's note on a handled help request. */
  note: z.string().nullable(),
  /** What a change of the client's details changed, each field before and after. */
  changes: z.array(auditChangeSchema),
});
export type ClientTimelineEvent = z.infer<typeof clientTimelineEventSchema>;

/** A page of the timeline, newest first; `nextCursor` asks for the older ones (null: none left). */
export const clientTimelineSchema = z.object({
  items: z.array(clientTimelineEventSchema),
  nextCursor: z.string().nullable(),
});
export type ClientTimeline = z.infer<typeof clientTimelineSchema>;

export const timelinePageSize = 30;
export const clientTimelineQuerySchema = z.object({
  /** The `nextCursor` of the page before. */
  before: z.string().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(timelinePageSize),
});
export type ClientTimelineQuery = z.input<typeof clientTimelineQuerySchema>;
