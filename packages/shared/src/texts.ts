/**
 * Reminders by text message (docs/decisions/106): the words a client agrees to, as US carriers ask
 * (who sends, how often, that rates may apply, how to stop and get help), and the texts themselves.
 * Free of zod: the homeowner's screens and the dispatcher read them.
 */
import { formatPhone } from './format';

/** Replies the text provider's number understands, as its standard keywords. */
export const textKeywords = { stop: 'STOP', help: 'HELP', start: 'START' } as const;

/** The agreement shown beside the number, word for word as it is recorded. */
export function textConsentWords(sender: string): string {
  return (
    `I agree to get reminder texts from ${sender} at this number: one when a task is due and one ` +
    `if it is still open a week later. Message and data rates may apply. Reply ${textKeywords.help} ` +
    `for help, ${textKeywords.stop} to stop at any time. Agreeing is not a condition of any purchase.`
  );
}

export const textWords = {
  title: 'Text messages',
  description: 'A text when a task is due, with a link to mark it done.',
  phoneLabel: 'Mobile number',
  agreeLabel: 'I agree to these terms',
  staffAgreeLabel: 'The client agreed to these terms',
  turnOn: 'Text me reminders',
  staffTurnOn: 'Turn on texts',
  turnOff: 'Stop texts',
  on: (phone: string) => `Texts on: reminders go to ${formatPhone(phone)}.`,
  onSince: (phone: string, since: string) => `Texts go to ${formatPhone(phone)}, agreed on ${since}.`,
  off: 'Texts off: no more reminder texts will be sent.',
  stoppedByReply: (since: string) =>
    `Texts stopped on ${since} because ${textKeywords.stop} was replied. Turn them on again here, or reply ${textKeywords.start}.`,
  agreeRequired: 'Tick the box to agree to get texts.',
  phoneRequired: 'Enter the mobile number to text.',
  notOffered: 'Texts are not set up on this portal.',
  notOn: 'Texts are not on for this client.',
} as const;

/** The most characters a reminder's task name takes in a text, so that it fits in one or two messages. */
const taskMax = 60;

/** A reminder by text: who sends it, the task and when, and the short link to answer it. */
export function reminderText({
  sender,
  task,
  due,
  link,
  nudge,
}: {
  sender: string;
  task: string;
  /** "today", "next Saturday", ... */
  due: string;
  link: string;
  nudge: boolean;
}): string {
  const name = task.length > taskMax ? `${task.slice(0, taskMax - 1)}…` : task;
  const what = nudge ? `${name} is still open (it was due ${due}).` : `${name} is due ${due}.`;
  return `${sender}: ${what} Mark it done or put it off: ${link} Reply ${textKeywords.stop} to stop.`;
}

/** The answer to HELP: who is texting, how to reach a person, how to stop. */
export function textHelpReply({ sender, contact }: { sender: string; contact: string | null }): string {
  return (
    `${sender} home maintenance reminders. ` +
    (contact ? `For help, contact ${contact}. ` : '') +
    `Reply ${textKeywords.stop} to stop texts. Message and data rates may apply.`
  );
}
