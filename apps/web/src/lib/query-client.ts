import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-error';
import { useSession } from './session-store';

/** How long a response is used as it is before the screen on show asks again. */
export const responseFreshMs = 30_000;

/**
 * A cache of the API's responses. The browser keeps one for the tab (`queryClient`); the server
 * makes one for each page it renders, so no response of one person's page reaches another's.
 */
export function createQueryClient({ onServer = false } = {}): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: responseFreshMs,
        // A refusal will not change by asking again; a dropped connection may. A page the server
        // renders waits for no second try: the browser asks for what the page arrived without.
        retry: (failureCount, error) =>
          !onServer &&
          failureCount < 2 &&
          (!(error instanceof ApiError) || error.status === 0 || error.status >= 500),
        refetchOnWindowFocus: false,
      },
    },
  });
}

export const queryClient = createQueryClient();

// Another person's responses must never show. Signing out, or in as someone else, forgets every
// cached response: the next person on the same tab (a shared office computer) would otherwise see the
// last one's clients until the responses went stale. Starting or stopping acting as someone drops
// them too, and the screen on show asks again as the person now acting.
useSession.subscribe((state, previous) => {
  if (state.bearerToken !== previous.bearerToken) queryClient.clear();
  else if (state.bearerToken && state.impersonatedToken !== previous.impersonatedToken)
    void queryClient.resetQueries();
});
