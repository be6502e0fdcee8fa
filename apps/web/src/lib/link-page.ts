import { linkTokenOf } from './posted-form';
import { orRefusal } from './server-api';

/** What a page opened by an emailed link shows: what the API answered for its token, or why the link does not work. */
export type LinkRead<T> = { answer: T; problem: null } | { answer: null; problem: string };

/**
 * Reads what an emailed link is about, on the server: a link without a token says `noToken`, and
 * the API's refusal (a used or unknown link) is the page's one sentence.
 */
export async function readLink<T>(
  request: Request,
  noToken: string,
  read: (token: string) => Promise<T>,
): Promise<LinkRead<T>> {
  const token = linkTokenOf(request);
  if (!token) return { answer: null, problem: noToken };
  const result = await orRefusal(() => read(token));
  return 'refusal' in result
    ? { answer: null, problem: result.refusal.join(' ') }
    : { answer: result.answer, problem: null };
}
