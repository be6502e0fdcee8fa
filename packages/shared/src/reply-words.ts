// The words and rules of a homeowner's replies, without the API's schemas: the reply page takes
// these alone, so the page's code carries no validation library (contracts/replies.ts has the rest).

/**
 * A homeowner's reply to a reminder (docs/decisions/061): done, put off a week, or a request for
 * help. Each reminder email carries one signed link per reply; the page it opens asks before it
 * records anything.
 */
export const replyKinds = ['done', 'later', 'help'] as const;
export type ReplyKind = (typeof replyKinds)[number];

/** Where a reply came from: a link in a reminder email, or a person signed in to the portal. */
export const replySources = ['email', 'signed-in'] as const;
export type ReplySource = (typeof replySources)[number];

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

/** The longest note a homeowner may leave with a reply. */
export const replyNoteMaxLength = 1000;

export const replyKindLabels: Record<ReplyKind, string> = {
  done: 'Done',
  later: 'Put off a week',
  help: 'Help asked',
};

/** The words of the three links in a reminder email. */
export const replyLinkLabels: Record<ReplyKind, string> = {
  done: 'Done',
  later: 'Remind me later',
  help: "I'd like help with this",
};

export const replyMessages = {
  invalidLink:
    'This link is not valid or has expired. Use the links in your most recent reminder email, or ask your realtor.',
  noToken: 'This page needs a link from a reminder email. Open the link in your most recent reminder.',
  doneOnInvalid: 'Give the date the task was done as YYYY-MM-DD.',
  doneOnInFuture: 'The date done cannot be in the future.',
  doneOnTooOld: 'The date done can be at most a year ago.',
  noteTooLong: `A note can be at most ${replyNoteMaxLength} characters.`,
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

/** The path of each reply's page under the portal's base path. */
export const replyPagePath = (kind: ReplyKind) => `answer/${kind}`;

/** The words of each reply's page: its title, what pressing the button does, the button. */
export const replyPageText: Record<
  ReplyKind,
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

export const replyPageLabels = {
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
