import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Api } from '../../lib/http';
import { usePerson, useSession, type Person } from '../../lib/session-store';
import { queryKey, tenantQueries } from '../../lib/query-keys';

export function homeSummaryQuery(caller: Api, person: Person) {
  return queryOptions({
    queryKey: queryKey(person.tenantId, 'home-summary', person.userId),
    queryFn: ({ signal }) => caller.get('/home/summary', { signal }),
  });
}

export function useHomeSummary() {
  return useQuery(homeSummaryQuery(api, usePerson()));
}

/** Home's list of upcoming reminders: rows a page, and the window it opens on (days ahead). */
export const upcomingRemindersPageSize = 8;
export const upcomingRemindersFirstWindow = 30;

export function upcomingRemindersQuery(
  caller: Api,
  { tenantId, userId }: Person,
  daysFilter: number,
  page: number,
) {
  return queryOptions({
    queryKey: queryKey(tenantId, 'upcoming-reminders', userId, daysFilter, page),
    queryFn: ({ signal }) =>
      caller.post('/reminder/subscriptions/:pageSize/:page', {
        params: { pageSize: upcomingRemindersPageSize, page },
        body: { daysFilter },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useUpcomingReminders(daysFilter: number, page: number) {
  return useQuery(upcomingRemindersQuery(api, usePerson(), daysFilter, page));
}

/** A new help request shows on Home within a minute, and at once when the person comes back to the tab. */
export const attentionRefreshMs = 60_000;

function attentionKey({ tenantId, userId }: Person) {
  return queryKey(tenantId, 'attention', userId);
}

/** Who needs attention (docs/decisions/063): a realtor's own clients, or one realtor's, or everyone's. */
export function attentionQuery(caller: Api, person: Person, realtorId: string | null, page: number) {
  return queryOptions({
    queryKey: [...attentionKey(person), realtorId, page],
    queryFn: ({ signal }) =>
      caller.get('/home/attention', { query: { page, ...(realtorId ? { realtorId } : {}) }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useAttention(realtorId: string | null, page: number) {
  return useQuery({
    ...attentionQuery(api, usePerson(), realtorId, page),
    refetchInterval: attentionRefreshMs,
    refetchOnWindowFocus: true,
  });
}

/** The realtors a manager may narrow Home's lists and figures to. */
export function realtorsQuery(caller: Api, tenantId: string | null) {
  return queryOptions({
    queryKey: queryKey(tenantId, 'clients', 'realtors'),
    queryFn: ({ signal }) => caller.get('/clients/realtors', { signal }),
    staleTime: 5 * 60_000,
  });
}

export function useRealtors() {
  const tenantId = useSession((state) => state.tenantID);
  return useQuery(realtorsQuery(api, tenantId));
}

/** Every change of the list's rows refreshes it, and the numbers above it. */
function useAttentionChange<Input, Output>(change: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  const tenantId = useSession((state) => state.tenantID);
  return useMutation({
    mutationFn: change,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tenantQueries(tenantId) }),
  });
}

export function useMarkHelpHandled() {
  return useAttentionChange(({ replyId, note }: { replyId: string; note: string }) =>
    api.post('/clients/help/:answerId/handled', { params: { answerId: replyId }, body: { note } }),
  );
}

/** The clients feature's invitation call: a new link replaces the one not used. */
export function useInviteAgain() {
  return useAttentionChange((clientId: string) =>
    api.post('/clients/invite/:id', { params: { id: clientId } }),
  );
}

/** The homes' health by band and the lowest scored (docs/decisions/095). */
export function homesHealthQuery(caller: Api, person: Person) {
  return queryOptions({
    queryKey: queryKey(person.tenantId, 'homes-health', person.userId),
    queryFn: ({ signal }) => caller.get('/home/health', { signal }),
  });
}

export function useHomesHealth() {
  return useQuery(homesHealthQuery(api, usePerson()));
}
