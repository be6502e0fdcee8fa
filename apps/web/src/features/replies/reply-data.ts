import type { ActionFunctionArgs, AppLoadContext, LoaderFunctionArgs, Params } from 'react-router';
import type { ReplyPreview, ReplyResult } from '@homeminder/shared/contracts/replies';
import { replyKinds, replyMessages, type ReplyKind } from '@homeminder/shared/reply-words';
import { careDetailsOfForm } from '@homeminder/shared/care-record-words';
import { linkTokenOf, postedFields } from '../../lib/posted-form';
import { orRefusal, serverApi } from '../../lib/server-api';

/** The reply an emailed link gives (from its path) and its token; either is missing from a mangled link. */
function linkOf(params: Params, request: Request) {
  const kind = replyKinds.find((replyKind) => replyKind === params['action']) ?? null;
  return { kind, token: linkTokenOf(request) };
}

/** What the page shows: the reminder the link is about, or why the link does not work. */
export type ReplyPageData =
  | { kind: ReplyKind; preview: ReplyPreview; problem: null }
  | { kind: ReplyKind | null; preview: null; problem: string };

/** What pressing the button did: the reply recorded, or why it was not. */
export type ReplyActionData = { result: ReplyResult; problem: null } | { result: null; problem: string[] };

/**
 * Reads the reminder of a reply link on the server (docs/decisions/061, 084), so the page arrives
 * whole from the email. Reading changes nothing: a mail scanner that opens the link records no reply.
 */
export async function loader({
  params,
  request,
  context,
}: LoaderFunctionArgs<AppLoadContext>): Promise<ReplyPageData> {
  const { kind, token } = linkOf(params, request);
  if (!kind || !token)
    return { kind, preview: null, problem: token ? replyMessages.invalidLink : replyMessages.noToken };
  const read = await orRefusal(() => previewOf(context, kind, token));
  return 'refusal' in read
    ? { kind, preview: null, problem: read.refusal.join(' ') }
    : { kind, preview: read.response, problem: null };
}

const previewOf = (context: AppLoadContext, kind: ReplyKind, token: string) =>
  serverApi(context).post('/answers/:action/preview', { params: { action: kind }, body: { token } });

/** Records the reply the page's form posts: with the page's script, or as a plain form without it. */
export async function action({
  params,
  request,
  context,
}: ActionFunctionArgs<AppLoadContext>): Promise<ReplyActionData> {
  const { kind, token } = linkOf(params, request);
  if (!kind || !token) return { result: null, problem: [replyMessages.invalidLink] };
  const fields = await postedFields(request);
  const note = fields.text('note').trim();
  const doneOn = fields.text('doneOn').trim();
  const sent = await orRefusal(() =>
    serverApi(context).post('/answers/:action', {
      params: { action: kind },
      body: {
        token,
        ...(note ? { note } : {}),
        ...(kind === 'done' && doneOn ? { doneOn } : {}),
        ...(kind === 'done' ? careDetailsOfForm((name) => fields.text(name)) : {}),
      },
    }),
  );
  return 'refusal' in sent
    ? { result: null, problem: sent.refusal }
    : { result: sent.response, problem: null };
}
