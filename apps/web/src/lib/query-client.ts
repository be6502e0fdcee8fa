import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-error';
import { useSession } from './session-store';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      // A refusal will not change by asking again; a dropped connection may.
      retry: (failureCount, error) =>
        failureCount < 2 && (!(error instanceof ApiError) || error.status === 0 || error.status >= 500),
      refetchOnWindowFocus: false,
    },
  },
});

// Another person's answers must never show: starting or stopping acting as someone drops every
// cached answer, and the screen on show asks again as the person now acting.
useSession.subscribe((state, previous) => {
  // Signing out (no bearer token left) is not a switch: nothing is asked again then.
  if (state.bearerToken && state.impersonatedToken !== previous.impersonatedToken)
    void queryClient.resetQueries();
});
