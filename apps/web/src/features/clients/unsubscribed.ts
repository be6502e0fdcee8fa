import { formatDueDate } from '@homeminder/shared/due-date';

/**
 * What the portal says about a client who stopped their reminder emails with the link of one:
 * while `unsubscribedAt` is set the dispatcher sends them nothing (docs/decisions/028), so no
 * screen may show a reminder of theirs as coming. Dates are in the corporation's `timeZone`; while
 * it is not known yet the date is left out rather than shown in the browser's zone.
 */

function dayOf(at: string, timeZone: string | undefined): string {
  return timeZone ? ` ${formatDueDate(at, timeZone)}` : '';
}

/** "Unsubscribed on 24NOV2026 — no reminders are sent" (the client detail's heading). */
export function unsubscribedHeadline(unsubscribedAt: string, timeZone: string | undefined): string {
  const day = dayOf(unsubscribedAt, timeZone);
  return `Unsubscribed${day ? ` on${day}` : ''} — no reminders are sent`;
}

/** The grid's "Next reminder" cell of an unsubscribed client: no next date, and since when. */
export function unsubscribedCell(
  unsubscribedAt: string,
  timeZone: string | undefined,
): { title: string; hint: string } {
  return { title: `Unsubscribed${dayOf(unsubscribedAt, timeZone)}`, hint: 'no reminders sent' };
}

/** The question asked before reminders start again: the client asked to stop, and when. */
export function restartQuestion(
  client: { firstName: string; lastName: string },
  unsubscribedAt: string,
  timeZone: string | undefined,
) {
  const name = `${client.firstName} ${client.lastName}`;
  const day = dayOf(unsubscribedAt, timeZone);
  return {
    title: `Start reminders for ${name} again?`,
    body:
      `${name} asked to stop all reminder emails${day ? ` on${day}` : ''}, with the link in a ` +
      `reminder. Start them again only if ${client.firstName} asked you to. Their reminders continue ` +
      'from their next dates; those missed meanwhile are not sent.',
  };
}
