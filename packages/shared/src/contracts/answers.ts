import { z } from '../zod';
import { auditActionLabel } from '../audit-labels';
import { auditChangeSchema } from './audit';
import { messageResponseSchema } from './shapes';

/**
 * A homeowner's answer to a reminder (docs/decisions/061): done, put off a week, or a request for
 * help. Each reminder email carries one signed link per answer; the page it opens asks before it
 * records anything.
 */
export const answerKinds = ['done', 'later', 'help'] as const;
export type AnswerKind = (typeof answerKinds)[number];

/** Where an answer came from: a link in a reminder email, or a person signed in to the portal. */
export const answerSources = ['email', 'signed-in'] as const;
export type AnswerSource = (typeof answerSources)[number];

/** How often one occurrence of a reminder may be put off, a week each time. */
export const maxPutOffs = 3;
/** How far a put-off moves an occurrence, in days. */
export const putOffDays = 7;
/** "Remind me later" is for what is due soon: an occurrence due within this many days, or overdue. */
export const putOffWithinDays = 30;

/** Whether an occurrence due at `dueAt` may be put off at `at`: it is due within a month, or overdue. */
export function canPutOffYet(dueAt: Date | string, at: Date): boolean {
  return new Date(dueAt).getTime() - at.getTime() <= putOffWithinDays * 86_400_000;
}

/** The longest note a homeowner may leave with an answer. */
export const answerNoteMaxLength = 1000;

export const answerKindLabels: Record<AnswerKind, string> = {
  done: 'Done',
  later: 'Put off a week',
  help: 'Help asked',
};

/** The words of the three links in a reminder email. */
export const answerLinkLabels: Record<AnswerKind, string> = {
  done: 'Done',
  later: 'Remind me later',
  help: "I'd like help with this",
};

export const answerMessages = {
  invalidLink:
    'This link is not valid or has expired. Use the links in your most recent reminder email, or ask your realtor.',
  noToken: 'This page needs a link from a reminder email. Open the link in your most recent reminder.',
  doneOnInvalid: 'Give the date the task was done as YYYY-MM-DD.',
  doneOnInFuture: 'The date done cannot be in the future.',
  doneOnTooOld: 'The date done can be at most a year ago.',
  noteTooLong: `A note can be at most ${answerNoteMaxLength} characters.`,
  tooManyPutOffs: `This reminder has been put off ${maxPutOffs} times already; it cannot be put off again.`,
  alreadyDone: 'This task is already marked as done, so it cannot be put off.',
  notDueSoon: `"Remind me later" is for a reminder due within ${putOffWithinDays} days. This one is due later, so there is nothing to put off yet.`,
  nextComesSooner:
    'The next reminder for this task comes within a week, or has been sent already, so this one cannot be put off.',
  done: 'Thank you: the task is marked as done.',
  later: 'We will remind you again in a week.',
  help: 'Your request has been sent. Someone will be in touch soon.',
  unknownClient: 'That client was not found.',
  unknownSubscription: 'That reminder was not found.',
} as const;

/** "Already recorded on Tuesday, November 24, 2026." */
export const alreadyRecordedMessage = (onText: string) => `Already recorded on ${onText}.`;

/** The path of each answer's page under the portal's base path. */
export const answerPagePath = (kind: AnswerKind) => `answer/${kind}`;

export const answerActionParamsSchema = z.object({ action: z.enum(answerKinds) });

export const answerTokenRequestSchema = z.object({
  token: z.string().trim().min(1, { error: answerMessages.noToken }).max(300),
});

/** A local date, 'YYYY-MM-DD'. */
const localDateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: answerMessages.doneOnInvalid });

export const answerRequestSchema = answerTokenRequestSchema.extend({
  note: z.string().trim().max(answerNoteMaxLength, { error: answerMessages.noteTooLong }).optional(),
  /** Only for "done": the day it was done; today in the property's zone when left out. */
  doneOn: localDateSchema.optional(),
});
export type AnswerRequest = z.infer<typeof answerRequestSchema>;

/** An answer already given for the occurrence, as the page tells it. */
export const recordedAnswerSchema = z.object({
  /** When it was recorded, in words, in the corporation's zone. */
  onText: z.string(),
  /** What it did: the date done, or the date the reminder moved to, in words. */
  detail: z.string().nullable(),
});

export const answerPreviewSchema = z.object({
  action: z.enum(answerKinds),
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
  /** The reason this answer cannot be given (put off too often, already done), or null. */
  refusal: z.string().nullable(),
  alreadyRecorded: recordedAnswerSchema.nullable(),
});
export type AnswerPreview = z.infer<typeof answerPreviewSchema>;

export const answerResultSchema = messageResponseSchema.extend({
  /** After "done" or "later": the reminder's next due date, in words, in the corporation's zone. */
  nextDueText: z.string().nullable(),
  /** False when this answer had been recorded before: nothing changed. */
  recorded: z.boolean(),
});
export type AnswerResult = z.infer<typeof answerResultSchema>;

/** What an answer did: the day the task was done, or the date its reminder moved to (null where it did neither). */
const answerOutcomeShape = {
  doneOn: z.string().nullable(),
  movedTo: z.string().nullable(),
};

/** One line of a client's Activity on the staff's client panel. */
export const clientAnswerSchema = z.object({
  id: z.string(),
  kind: z.enum(answerKinds),
  source: z.enum(answerSources),
  task: z.string(),
  propertyId: z.string(),
  propertyAddress: z.string(),
  /** The occurrence's due date, ISO. */
  dueAt: z.string(),
  ...answerOutcomeShape,
  note: z.string().nullable(),
  createdAt: z.string(),
  /** A help request staff took in hand (docs/decisions/063): when, who and their note; else null. */
  handledAt: z.string().nullable(),
  handledByName: z.string().nullable(),
  handledNote: z.string().nullable(),
});
export type ClientAnswer = z.infer<typeof clientAnswerSchema>;
export const clientActivitySchema = z.object({ items: z.array(clientAnswerSchema) });
export type ClientActivity = z.infer<typeof clientActivitySchema>;

/** The words of each answer's page: its title, what pressing the button does, the button. */
export const answerPageText: Record<
  AnswerKind,
  { title: string; explain: (brandName: string, toRealtor: boolean) => string; button: string }
> = {
  done: {
    title: 'Mark this task as done',
    explain: () => 'Your next reminder for this task will count from the day it was done.',
    button: 'Mark as done',
  },
  later: {
    title: 'Remind me later',
    explain: () => 'This reminder comes back in a week. Your other reminders keep their dates.',
    button: 'Remind me in a week',
  },
  help: {
    title: "I'd like help with this",
    explain: (brandName, toRealtor) =>
      `${toRealtor ? 'Your realtor at' : 'The team at'} ${brandName} receives your request at once, with your email address, phone number and your note.`,
    button: 'Send my request',
  },
};

export const answerPageLabels = {
  invalidTitle: 'This link does not work',
  recordedTitle: 'Recorded',
  alreadyTitle: 'Already recorded',
  refusedTitle: 'This cannot be done',
  doneOn: 'Date done',
  note: 'Note (optional)',
  notePlaceholder: {
    done: 'For example: the filter size I used',
    help: 'What would you like help with?',
  },
  movedTo: (text: string) => `New date: ${text}`,
  nextDue: (text: string) => `Your next reminder for this task: ${text}.`,
  /** After this put-off, how many remain. */
  putOffsLeft: (left: number) =>
    left <= 0
      ? 'This is the last time this reminder can be put off.'
      : left === 1
        ? 'After this, it can be put off once more.'
        : `After this, it can be put off ${left} more times.`,
} as const;

/**
 * What a client's timeline on the staff's client panel lists (docs/decisions/064): the reminders
 * sent to them, their answers, a help request handled, unsubscribing and subscribing again, and
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
] as const;
export type TimelineEventKind = (typeof timelineEventKinds)[number];

export const timelineEventLabels: Record<TimelineEventKind, string> = {
  'reminder-sent': 'Reminder sent',
  done: answerKindLabels.done,
  later: answerKindLabels.later,
  help: answerKindLabels.help,
  'help-handled': 'Help handled',
  unsubscribed: 'Unsubscribed',
  resubscribed: 'Subscribed again',
  invited: 'Invitation sent',
  registered: 'Invitation accepted',
  // As the audit log names it (docs/decisions/081).
  changed: auditActionLabel('client.updated'),
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
  /** The reminder's task and home, for a reminder sent and an answer. */
  task: z.string().nullable(),
  propertyAddress: z.string().nullable(),
  /** The occurrence's due date, ISO. */
  dueAt: z.string().nullable(),
  ...answerOutcomeShape,
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
