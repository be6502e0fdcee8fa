import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
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
