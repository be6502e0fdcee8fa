import type { ActionFunctionArgs, AppLoadContext, LoaderFunctionArgs, Params } from 'react-router';
import type { AnswerPreview, AnswerResult } from '@homeminder/shared/contracts/answers';
import { answerKinds, answerMessages, type AnswerKind } from '@homeminder/shared/answer-words';
import { linkTokenOf, postedFields } from '../../lib/posted-form';
import { orRefusal, serverApi } from '../../lib/server-api';

/** The answer an emailed link gives (from its path) and its token; either is missing from a mangled link. */
function linkOf(params: Params, request: Request) {
  const kind = answerKinds.find((answerKind) => answerKind === params['action']) ?? null;
  return { kind, token: linkTokenOf(request) };
}

/** What the page shows: the reminder the link is about, or why the link does not work. */
export type AnswerPageData =
  | { kind: AnswerKind; preview: AnswerPreview; problem: null }
  | { kind: AnswerKind | null; preview: null; problem: string };

/** What pressing the button did: the answer recorded, or why it was not. */
export type AnswerActionData = { result: AnswerResult; problem: null } | { result: null; problem: string[] };

/**
 * Reads the reminder of an answer link on the server (docs/decisions/061, 084), so the page arrives
 * whole from the email. Reading changes nothing: a mail scanner that opens the link records no answer.
 */
export async function loader({
  params,
  request,
  context,
}: LoaderFunctionArgs<AppLoadContext>): Promise<AnswerPageData> {
  const { kind, token } = linkOf(params, request);
  if (!kind || !token)
    return { kind, preview: null, problem: token ? answerMessages.invalidLink : answerMessages.noToken };
  const read = await orRefusal(() => previewOf(context, kind, token));
  return 'refusal' in read
    ? { kind, preview: null, problem: read.refusal.join(' ') }
    : { kind, preview: read.answer, problem: null };
}

const previewOf = (context: AppLoadContext, kind: AnswerKind, token: string) =>
  serverApi(context).post('/answers/:action/preview', { params: { action: kind }, body: { token } });

/** Records the answer the page's form posts: with the page's script, or as a plain form without it. */
export async function action({
  params,
  request,
  context,
}: ActionFunctionArgs<AppLoadContext>): Promise<AnswerActionData> {
  const { kind, token } = linkOf(params, request);
  if (!kind || !token) return { result: null, problem: [answerMessages.invalidLink] };
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
      },
    }),
  );
  return 'refusal' in sent ? { result: null, problem: sent.refusal } : { result: sent.answer, problem: null };
}
