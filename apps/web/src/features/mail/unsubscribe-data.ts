import type { ActionFunctionArgs, AppLoadContext } from 'react-router';
import type { UnsubscribePreview } from '@homeminder/shared/contracts/mail';
import { linkTokenOf } from '../../lib/posted-form';
import { linkLoader, type LinkRead } from '../../lib/link-page';
import { orRefusal, serverApi } from '../../lib/server-api';

const unsubscribeNoToken =
  'This page needs the unsubscribe link from a reminder email. Open the link in your most recent reminder.';

/** What the page shows: whose reminders the link stops, or why the link does not work. */
export type UnsubscribePageData = LinkRead<UnsubscribePreview>;

/** What confirming did: the message of the reminders stopped, or why they were not. */
export type UnsubscribeActionData = { done: string; problem: null } | { done: null; problem: string[] };

/**
 * Reads whose reminders an unsubscribe link stops, on the server (docs/decisions/084). Reading
 * changes nothing: only confirming does, so a mail scanner that opens the link stops nothing.
 */
export const loader = linkLoader(unsubscribeNoToken, (api, token) =>
  api.post('/auth/unsubscribe/preview', { body: { token } }),
);

/** Stops the reminders when the page's form is posted: with the page's script, or without it. */
export async function action({
  request,
  context,
}: ActionFunctionArgs<AppLoadContext>): Promise<UnsubscribeActionData> {
  const token = linkTokenOf(request);
  if (!token) return { done: null, problem: [unsubscribeNoToken] };
  const sent = await orRefusal(() => serverApi(context).post('/auth/unsubscribe', { body: { token } }));
  return 'refusal' in sent
    ? { done: null, problem: sent.refusal }
    : { done: sent.response.message, problem: null };
}
