import { formatDate } from '@homeminder/shared/format';

/**
 * What the portal says about a client who stopped their reminder emails with the link of one:
 * while `unsubscribedAt` is set the dispatcher sends them nothing (docs/decisions/028), so no
 * screen may show a reminder of theirs as coming.
 */

/** "Unsubscribed on 24NOV2026 — no reminders are sent" (the client detail's heading). */
export function unsubscribedHeadline(unsubscribedAt: string): string {
  return `Unsubscribed on ${formatDate(unsubscribedAt)} — no reminders are sent`;
}

/** The grid's "Next reminder" cell of an unsubscribed client: no next date, and since when. */
export function unsubscribedCell(unsubscribedAt: string): { title: string; hint: string } {
  return { title: `Unsubscribed ${formatDate(unsubscribedAt)}`, hint: 'no reminders sent' };
}

/** The question asked before reminders start again: the client asked to stop, and when. */
export function restartQuestion(client: { firstName: string; lastName: string }, unsubscribedAt: string) {
  const name = `${client.firstName} ${client.lastName}`;
  return {
    title: `Start reminders for ${name} again?`,
    body:
      `${name} asked to stop all reminder emails on ${formatDate(unsubscribedAt)}, with the link in a ` +
      `reminder. Start them again only if ${client.firstName} asked you to. Their reminders continue ` +
      'from their next dates; those missed meanwhile are not sent.',
  };
}
