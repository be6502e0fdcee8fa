import { dehydrate, type DehydratedState } from '@tanstack/react-query';
import type { AppLoadContext, LoaderFunctionArgs } from 'react-router';
import { createQueryClient } from '../lib/query-client';
import { serverApi, type Prefetch } from '../lib/server-api';
import { guardOnServer } from './route-guard';

/** A screen's data as its server loader read it: the responses of its queries, for the browser's cache. */
export interface PageData {
  dehydrated: DehydratedState;
}

/**
 * The server loader of a screen rendered with its data: the navigation rules first (so a page the
 * person may not see reads nothing), then `prefetch` fills a cache of the page's own with the
 * screen's queries. The browser's cache starts from those responses (root-layout.tsx), so the screen
 * asks for nothing again as it hydrates. A failed query is left out: the browser asks for it.
 */
export function pageLoader(prefetch: (page: Prefetch) => Promise<unknown>) {
  return async ({ request, context }: LoaderFunctionArgs<AppLoadContext>): Promise<PageData | null> => {
    await guardOnServer(request, context);
    const { viewer } = context;
    if (!viewer) return null;
    const client = createQueryClient({ onServer: true });
    await prefetch({ api: serverApi(context), viewer, client, url: new URL(request.url) });
    return { dehydrated: dehydrate(client) };
  };
}
