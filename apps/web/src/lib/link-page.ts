import type { AppLoadContext, LoaderFunctionArgs } from 'react-router';
import type { Api } from './http';
import { linkTokenOf } from './posted-form';
import { orRefusal, serverApi } from './server-api';

/** What a page opened by an emailed link shows: what the API responded with for its token, or why the link does not work. */
export type LinkRead<T> = { response: T; problem: null } | { response: null; problem: string };

/**
 * The server loader of a page opened by an emailed link: `read` asks the API about the link's
 * token. A link without a token says `noToken`, and the API's refusal (a used or unknown link) is
 * the page's one sentence.
 */
export function linkLoader<T>(noToken: string, read: (api: Api, token: string) => Promise<T>) {
  return async ({ request, context }: LoaderFunctionArgs<AppLoadContext>): Promise<LinkRead<T>> => {
    const token = linkTokenOf(request);
    if (!token) return { response: null, problem: noToken };
    const result = await orRefusal(() => read(serverApi(context), token));
    return 'refusal' in result
      ? { response: null, problem: result.refusal.join(' ') }
      : { response: result.response, problem: null };
  };
}
