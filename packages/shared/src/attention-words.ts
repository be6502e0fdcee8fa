import { formatDueDateInWords } from './due-date';
import { formatDay, formatPerZone } from './format';
import { systemNameOf } from './lifespans';
import { localDateOf } from './schedule';
import type { AttentionItem } from './contracts/attention';
import { emailCadenceWords, quietAfter } from './email-cadence';

// Free of zod, so that Home and the morning digest's words load without the validation library;
// contracts/attention.ts re-exports them beside its schemas.

/**
 * Who needs attention (docs/decisions/063): the clients worth a call, each for a reason, in one
 * list read by Home. The rules' numbers live here, once, for the server's query and the screen's words.
 */
export const attentionRules = {
  /** A reminder emailed this many days ago with no "done" since is overdue. */
  overdueAfterDays: 30,
  /** An unsubscribe is listed for this many days. */
  unsubscribedWithinDays: 30,
  /** An invitation not accepted this many days after it was sent is listed. */
  invitationUnacceptedDays: 14,
  /** A system near the end of its typical life is listed this many days from when that was known. */
  replacementListedDays: 90,
  /** Rows of one page of the list. */
  pageSize: 8,
  /** Lines of a realtor's morning digest at most; Home lists the rest. */
  digestRows: 50,
  /** The longest note a staff member may leave when handling a help request. */
  handledNoteMaxLength: 500,
} as const;

export const attentionReasons = [
  'help',
  'overdue',
  'failedEmail',
  'bounced',
  'markedSpam',
  'unsubscribed',
  'invitation',
  'replacement',
  'warranty',
  'quiet',
  'failedText',
] as const;
export type AttentionReason = (typeof attentionReasons)[number];

/** Why a client is listed, in plain words. */
export const attentionReasonLabels: Record<AttentionReason, string> = {
  help: 'Asked for help',
  overdue: 'Reminder overdue',
  failedEmail: 'Email not delivered',
  bounced: 'Email bounced',
  markedSpam: 'Marked as spam',
  unsubscribed: 'Unsubscribed',
  invitation: 'Invitation not accepted',
  replacement: 'Likely replacement soon',
  warranty: 'Warranty ending',
  quiet: 'Not answering reminders',
  failedText: 'Text not delivered',
};

/** What happened at `since`, by reason: "Asked 2 days ago". */
const sinceVerbs: Record<AttentionReason, string> = {
  help: 'Asked',
  overdue: 'Due',
  failedEmail: 'Sent',
  bounced: 'Bounced',
  markedSpam: 'Reported',
  unsubscribed: 'Unsubscribed',
  invitation: 'Invited',
  replacement: 'Noted',
  warranty: 'Listed',
  quiet: 'Quiet since',
  failedText: 'Sent',
};

/** A quiet client is listed with the day their silence began ("Quiet since Oct 3"). */
const quietSinceFormat = formatPerZone({ month: 'short', day: 'numeric' });

/** Whole calendar days from `since` to `now` in the zone: 0 today, 1 yesterday. */
function daysBetween(since: Date, now: Date, timeZone: string): number {
  const day = (instant: Date) => {
    const { year, month, day: date } = localDateOf(instant, timeZone);
    return Date.UTC(year, month - 1, date) / 86_400_000;
  };
  return Math.max(0, day(now) - day(since));
}

/**
 * Since when a row is listed, in plain words, in the corporation's zone: "Asked today",
 * "Due 40 days ago", with the day itself for a title ("Tuesday, October 17, 2026").
 */
export function attentionSinceText(
  reason: AttentionReason,
  since: string,
  now: Date,
  timeZone: string,
): { text: string; date: string } {
  const at = new Date(since);
  const days = daysBetween(at, now, timeZone);
  const when =
    reason === 'quiet'
      ? quietSinceFormat(timeZone).format(at)
      : days === 0
        ? 'today'
        : days === 1
          ? 'yesterday'
          : `${days} days ago`;
  return { text: `${sinceVerbs[reason]} ${when}`, date: formatDueDateInWords(at, timeZone) };
}

/** What a row is about, in a sentence, on Home and in the morning digest. */
export function attentionReasonText(
  item: Pick<AttentionItem, 'reason' | 'task' | 'detail'> & { system?: AttentionItem['system'] },
): string {
  const system = item.system;
  switch (item.reason) {
    case 'help':
      return item.task ? `Asked for help with “${item.task}”.` : 'Asked for help.';
    case 'overdue':
      return item.task ? `“${item.task}” is not marked done.` : 'A reminder is not marked done.';
    case 'failedEmail':
      return item.detail
        ? `The email “${item.detail}” could not be delivered. Check the address.`
        : 'An email could not be delivered. Check the address.';
    case 'bounced':
      return item.detail
        ? `Emails to this address bounce (“${item.detail}”), so none are sent. Check the address with the client.`
        : 'Emails to this address bounce, so none are sent. Check the address with the client.';
    case 'markedSpam':
      return 'Marked an email as spam, so no more are sent and reminders stopped. Ask the client before sending again.';
    case 'unsubscribed':
      return 'Stopped all reminder emails.';
    case 'invitation':
      return 'Has not accepted the invitation to sign in.';
    case 'replacement':
      if (!system) return 'A system of the home is near the end of its typical life.';
      return `The ${systemNameOf(system)}${system.installedYear ? `, installed ${system.installedYear},` : ''} is near the end of its typical life: likely replacement soon.`;
    case 'quiet': {
      const count = Number(item.detail ?? quietAfter.monthly);
      return emailCadenceWords.quietNote(count, count >= quietAfter.none ? 'none' : 'monthly');
    }
    case 'failedText':
      return item.detail
        ? `A reminder text could not be delivered (“${item.detail}”). Check the mobile number with the client.`
        : 'A reminder text could not be delivered. Check the mobile number with the client.';
    case 'warranty':
      return system?.warrantyEndsOn
        ? `The ${systemNameOf(system)}’s warranty ends on ${formatDay(system.warrantyEndsOn)}.`
        : 'A warranty of the home ends soon.';
  }
}

export const attentionMessages = {
  noteRequired: 'Say what was done, in a few words.',
  noteTooLong: `A note can be at most ${attentionRules.handledNoteMaxLength} characters.`,
  unknownHelpRequest: 'That help request was not found.',
  alreadyHandled: (byName: string) => `${byName} has handled this request already.`,
  handled: (clientName: string) => `Marked handled. ${clientName}'s request is off the list.`,
  /** The homeowner's History, under a help request staff took in hand. */
  inHand: (dateText: string) => `Your realtor has this in hand since ${dateText}.`,
  empty: 'Nobody needs attention right now: no help requests, nothing overdue, every email delivered.',
} as const;
