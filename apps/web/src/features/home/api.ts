import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/http';
import { useSession } from '../../lib/session-store';

type Person = { tenantId: string | null; userId: string | null };

function homeSummaryQuery(person: Person) {
  return queryOptions({
    queryKey: [person.tenantId, 'home-summary', person.userId],
    queryFn: ({ signal }) => api.get('/home/summary', { signal }),
  });
}

export function useHomeSummary() {
  const tenantId = useSession((state) => state.tenantID);
  const userId = useSession((state) => state.userID);
  return useQuery(homeSummaryQuery({ tenantId, userId }));
}

/** Home's list of upcoming reminders: rows a page, and the window it opens on (days ahead). */
export const upcomingRemindersPageSize = 8;
export const upcomingRemindersFirstWindow = 30;

function upcomingRemindersQuery({ tenantId, userId }: Person, daysFilter: number, page: number) {
  return queryOptions({
    queryKey: [tenantId, 'upcoming-reminders', userId, daysFilter, page],
    queryFn: ({ signal }) =>
      api.post('/reminder/subscriptions/:pageSize/:page', {
        params: { pageSize: upcomingRemindersPageSize, page },
        body: { daysFilter },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useUpcomingReminders(daysFilter: number, page: number) {
  const tenantId = useSession((state) => state.tenantID);
  const userId = useSession((state) => state.userID);
  return useQuery(upcomingRemindersQuery({ tenantId, userId }, daysFilter, page));
}

/** A new help request shows on Home within a minute, and at once when the person comes back to the tab. */
export const attentionRefreshMs = 60_000;

function attentionKey({ tenantId, userId }: Person) {
  return [tenantId, 'attention', userId] as const;
}

/** Who needs attention (docs/decisions/063): a realtor's own clients, or one realtor's, or everyone's. */
export function useAttention(realtorId: string | null, page: number) {
  const tenantId = useSession((state) => state.tenantID);
  const userId = useSession((state) => state.userID);
  return useQuery({
    queryKey: [...attentionKey({ tenantId, userId }), realtorId, page],
    queryFn: ({ signal }) =>
      api.get('/home/attention', { query: { page, ...(realtorId ? { realtorId } : {}) }, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: attentionRefreshMs,
    refetchOnWindowFocus: true,
  });
}

/** The realtors a manager may narrow the list to. */
export function useAttentionRealtors(enabled: boolean) {
  const tenantId = useSession((state) => state.tenantID);
  return useQuery({
    queryKey: [tenantId, 'attention-realtors'],
    queryFn: ({ signal }) => api.get('/clients/realtors', { signal }),
    enabled,
    staleTime: 5 * 60_000,
  });
}

/** Every change of the list's rows refreshes it, and the numbers above it. */
function useAttentionChange<Input, Output>(change: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  const tenantId = useSession((state) => state.tenantID);
  return useMutation({
    mutationFn: change,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [tenantId] }),
  });
}

export function useMarkHelpHandled() {
  return useAttentionChange(({ answerId, note }: { answerId: string; note: string }) =>
    api.post('/clients/help/:answerId/handled', { params: { answerId }, body: { note } }),
  );
}

/** The clients feature's invitation call: a new link replaces the one not used. */
export function useInviteAgain() {
  return useAttentionChange((clientId: string) =>
    api.post('/clients/invite/:id', { params: { id: clientId } }),
  );
}
