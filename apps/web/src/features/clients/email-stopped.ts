import { formatDueDate } from '@homeminder/shared/due-date';
import type { ClientDetail } from '@homeminder/shared/contracts/clients';

type Stopped = NonNullable<ClientDetail['emailStopped']>;

/**
 * What the client's details say when the mail relay reported their address (docs/decisions/101):
 * why nothing is sent to it and what would send again. Dates in the corporation's zone.
 */
export function emailStoppedWords(
  client: Pick<ClientDetail, 'firstName' | 'email'>,
  stopped: Stopped,
  timeZone: string | undefined,
): { title: string; body: string } {
  const day = timeZone ? formatDueDate(stopped.since, timeZone) : '';
  if (stopped.reason === 'complaint') {
    return {
      title: `${client.firstName} marked an email as spam${day ? ` on ${day}` : ''}`,
      body:
        `Their mail program reported one of our emails as spam, so nothing more is sent to ${client.email} ` +
        `and their reminders are stopped. Talk to ${client.firstName} before sending anything again.`,
    };
  }
  return {
    title: `Emails to ${client.email} bounce${day ? ` since ${day}` : ''}`,
    body:
      `The mail server refused the address for good${stopped.detail ? ` (“${stopped.detail}”)` : ''}, so ` +
      `nothing is sent to it, reminders included. Check the address with ${client.firstName} and correct ` +
      'it with Edit: mail goes to the new address at once.',
  };
}
