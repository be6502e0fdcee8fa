import type { QueryClient } from '@tanstack/react-query';
import type { AppLoadContext } from 'react-router';
import type { RenderContext } from '@homeminder/shared/render-context';
import { ApiError } from './api-error';
import { basePath } from './base-path';
import { createApi, type Api } from './http';
import { devApiOrigin } from '../../dev-api-origin';

/**
 * The API for a page's server loader or action: the typed calls of the browser, responded to
 * in-process by the server that renders the page, for the person who asked for it.
 */
export function serverApi(context: AppLoadContext): Api {
  // Vite's dev server renders pages with no API server around them: they ask `npm run dev`'s API
  // over the network, as the browser's calls reach it through the dev proxy.
  const fetchApi = (context as Partial<AppLoadContext>).fetchApi ?? devFetchApi;
  return createApi({
    fetch: (url, init) => fetchApi(new Request(new URL(url, 'http://localhost'), init)),
    url: (path, query) => {
      const search = new URLSearchParams();
      for (const [key, value] of Object.entries(query ?? {}))
        if (value !== undefined && value !== null) search.set(key, String(value));
      const text = search.toString();
      return `${basePath}${path.replace(/^\/+/, '')}${text ? `?${text}` : ''}`;
    },
    credentials: () => ({ bearerToken: null, impersonatedToken: null, tenantId: null }),
    notifies: false,
  });
}

/**
 * A call of a page's loader or action, with the API's refusal (a bad link, too many tries: every
 * message it gave) as the page's to show; any other failure fails the page.
 */
export async function orRefusal<T>(call: () => Promise<T>): Promise<{ response: T } | { refusal: string[] }> {
  try {
    return { response: await call() };
  } catch (error) {
    if (error instanceof ApiError && error.status >= 400 && error.status < 500)
      return { refusal: error.messages };
    throw error;
  }
}

/** What a screen's server prefetch is given: the API as the person, who they are, the page's cache and address. */
export interface Prefetch {
  api: Api;
  viewer: NonNullable<RenderContext['viewer']>;
  client: QueryClient;
  url: URL;
}

function devFetchApi(request: Request): Promise<Response> {
  const url = new URL(request.url);
  return fetch(new Request(new URL(`${url.pathname}${url.search}`, devApiOrigin), request));
}
