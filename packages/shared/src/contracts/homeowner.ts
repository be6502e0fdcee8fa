import { z } from '../zod';
import { addressShape, corporationContactShape, personShape } from './shapes';
import { replyKinds, replyNoteMaxLength, replyMessages } from '../reply-words';
import { replyResultSchema, clientActivitySchema } from './replies';
import { careDetailsShape } from './care-record';
import { leadDayChoices } from '../reminder-timing';
import { emailCadences } from '../email-cadence';

/**
 * The homeowner's own area (docs/decisions/062): a client invited by their realtor signs in and
 * sees their homes, the reminders coming, their realtor and their choices. Dates are instants
 * (ISO); the page writes them in words in `timeZone`, the corporation's zone (docs/decisions/052).
 */

/** What stops a home's reminders, if anything: the homeowner may pause and resume a home. */
export const homeStates = ['active', 'paused', 'pending'] as const;
export type HomeState = (typeof homeStates)[number];

export const homeownerReminderSchema = z.object({
  /** The subscription. */
  id: z.string(),
  task: z.string(),
  /** The catalogue's description of the task: how to do it. */
  howTo: z.string(),
  frequency: z.string(),
  nextDueAt: z.string(),
  /** False while the homeowner has turned this reminder off (it keeps its schedule). */
  on: z.boolean(),
});
export type HomeownerReminder = z.infer<typeof homeownerReminderSchema>;

export const homeownerHomeSchema = z.object({
  id: z.string(),
  ...addressShape,
  status: z.enum(homeStates),
  /** How many days before the due date the home's reminders go (docs/decisions/102). */
  leadDays: z.literal(leadDayChoices),
  /** How often its owner is emailed (docs/decisions/103). */
  emailCadence: z.enum(emailCadences),
  reminders: z.array(homeownerReminderSchema),
});
export type HomeownerHome = z.infer<typeof homeownerHomeSchema>;

export const homeownerRealtorSchema = z.object({
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  hasPhoto: z.boolean(),
});
export type HomeownerRealtor = z.infer<typeof homeownerRealtorSchema>;

/** The corporation's brand, as its emails carry it (docs/decisions/057). */
export const homeownerBrandSchema = z.object({
  siteName: z.string(),
  colour: z.string(),
  hasLogo: z.boolean(),
  ...corporationContactShape,
});
export type HomeownerBrand = z.infer<typeof homeownerBrandSchema>;

export const homeownerOverviewSchema = z.object({
  ...personShape,
  timeZone: z.string(),
  /** When the homeowner stopped every reminder email; null while they get them. */
  unsubscribedAt: z.string().nullable(),
  /**
   * Since when nothing is emailed to the homeowner's address, because it bounced or one of our
   * emails was marked as spam (docs/decisions/101); null while emails reach it.
   */
  emailStopped: z.object({ reason: z.enum(['bounce', 'complaint']), since: z.string() }).nullable(),
  /** Whether a private calendar address has been made (its token is shown only when made). */
  hasCalendarFeed: z.boolean(),
  homes: z.array(homeownerHomeSchema),
  realtor: homeownerRealtorSchema.nullable(),
  brand: homeownerBrandSchema,
});
export type HomeownerOverview = z.infer<typeof homeownerOverviewSchema>;

export const reminderSwitchSchema = z.object({ on: z.boolean() });
export type ReminderSwitch = z.input<typeof reminderSwitchSchema>;

export const homeSwitchSchema = z.object({ paused: z.boolean() });
export type HomeSwitch = z.input<typeof homeSwitchSchema>;

/** The private calendar address, shown once when it is made; a new one stops the old. */
export const calendarFeedSchema = z.object({ url: z.string() });
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;

export const calendarFeedQuerySchema = z.object({ token: z.string().trim().min(1).max(200) });

/** How far ahead the calendar feed lists reminders. */
export const calendarFeedMonths = 12;

/**
 * The homeowner's reply to the next occurrence of one of their reminders, from their own page:
 * what the links of a reminder email do (docs/decisions/061), without a link.
 */
export const homeownerReplySchema = z.object({
  kind: z.enum(replyKinds),
  note: z.string().trim().max(replyNoteMaxLength, { error: replyMessages.noteTooLong }).optional(),
  /** Only for "done": the day it was done, 'YYYY-MM-DD'; today in the property's zone when left out. */
  doneOn: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: replyMessages.doneOnInvalid })
    .optional(),
  /** Only for "done": who did it and what it cost, for the home's care record (docs/decisions/094). */
  ...careDetailsShape,
});
export type HomeownerReply = z.input<typeof homeownerReplySchema>;
/** A reply as the server has it once checked. */
export type HomeownerReplyValues = z.output<typeof homeownerReplySchema>;

/** The same response as an email link's, without the next due date in words. */
export const homeownerReplyResultSchema = replyResultSchema.omit({ nextDueText: true });
export type HomeownerReplyResult = z.infer<typeof homeownerReplyResultSchema>;

/** The homeowner's own replies, newest first: the same lines as the staff's Activity. */
export const homeownerHistorySchema = clientActivitySchema;
export type HomeownerHistory = z.infer<typeof homeownerHistorySchema>;

/** The words of the reply buttons, their modals and the History section. */
export const homeownerReplyLabels = {
  done: 'Done',
  later: 'Remind me later',
  help: "I'd like help",
  doneTitle: (task: string) => `Mark "${task}" as done`,
  helpTitle: (task: string) => `Ask for help with "${task}"`,
  doneOn: 'Date done',
  note: 'Note (optional)',
  saveDone: 'Mark as done',
  sendHelp: 'Send my request',
  cancel: 'Cancel',
  history: 'History',
  historyEmpty: 'Nothing yet. When you mark a task as done, put one off or ask for help, it shows here.',
  historyKinds: { done: 'Done', later: 'Put off', help: 'Help asked' },
  doneOnText: (text: string) => `Done on ${text}`,
  movedToText: (text: string) => `Moved to ${text}`,
  repliedOn: (text: string) => `Recorded on ${text}`,
} as const;

export const homeownerMessages = {
  replyDone: (nextDueText: string | null) =>
    nextDueText ? `Recorded. Next due ${nextDueText}.` : 'Recorded.',
  replyLater: (movedToText: string | null) => (movedToText ? `Moved to ${movedToText}.` : 'Moved.'),
  replyHelp: (realtorName: string | null, siteName: string) =>
    realtorName
      ? `Your realtor ${realtorName} has been told. Someone will be in touch soon.`
      : `The team at ${siteName} has been told. Someone will be in touch soon.`,
  reminderOn: (task: string) => `You will get the "${task}" reminder again.`,
  reminderOff: (task: string) => `The "${task}" reminder is off. You can turn it back on at any time.`,
  homePaused: 'Reminders for this home are paused. Nothing will be sent until you resume them.',
  homeResumed: 'Reminders for this home have started again, from the next date.',
  unsubscribed: 'You will get no more reminder emails. You can start them again here.',
  resubscribed: 'Reminder emails have started again, from the next date of each.',
  notUnsubscribed: 'Your reminder emails are already on.',
  emailConfirmed: (email: string) => `Thank you. We will email ${email} again.`,
  emailNotStopped: 'Emails already reach your address.',
  alreadyUnsubscribed: 'Your reminder emails are already off.',
  homeNotFound: 'That home was not found.',
  reminderNotFound: 'That reminder was not found.',
  pendingHome: 'Your realtor has not finished setting up this home yet. Ask them if it is taking long.',
  feedInvalid: 'This calendar address no longer works. Copy the new one from your reminders page.',
  passwordChanged: 'Your password has been changed.',
  wrongPassword: 'The current password is not correct.',
} as const;
