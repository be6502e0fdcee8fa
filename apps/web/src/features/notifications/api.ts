import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ActiveNotification,
  Notification,
  NotificationInput,
  NotificationPage,
} from '@homeminder/shared/contracts/notifications';
import { http } from '../../lib/http';
import { useSession } from '../../lib/session-store';

/** Query keys begin with the tenant, so one company's answers never show in another's screens. */
function useKeyRoot() {
  return useSession((state) => state.tenantID);
}

export function useNotificationPage(pageSize: number, page: number) {
  const tenant = useKeyRoot();
  return useQuery({
    queryKey: [tenant, 'notifications', 'page', pageSize, page],
    queryFn: ({ signal }) =>
      http.get<NotificationPage>(`/api/notification/${pageSize}/${page}/all`, { signal }),
    placeholderData: (previous) => previous,
  });
}

export function useActiveNotifications(enabled: boolean) {
  const tenant = useKeyRoot();
  return useQuery({
    queryKey: [tenant, 'notifications', 'active'],
    queryFn: ({ signal }) => http.get<ActiveNotification[]>('api/notification/active', { signal }),
    enabled,
    refetchInterval: 5 * 60_000,
  });
}

/** Every change to messages refreshes both the operator's list and the bell. */
function useInvalidateNotifications() {
  const queryClient = useQueryClient();
  const tenant = useKeyRoot();
  return () => queryClient.invalidateQueries({ queryKey: [tenant, 'notifications'] });
}

export function useSaveNotification() {
  const invalidate = useInvalidateNotifications();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: NotificationInput }) =>
      id
        ? http.put<Notification>(`api/notification/${id}`, input)
        : http.post<Notification>('api/notification', input),
    onSuccess: invalidate,
  });
}

export function useRetireNotification() {
  const invalidate = useInvalidateNotifications();
  return useMutation({
    mutationFn: (id: string) => http.post<Notification>(`api/notification/${id}/retire`),
    onSuccess: invalidate,
  });
}

export function useDismissNotification() {
  const invalidate = useInvalidateNotifications();
  return useMutation({
    mutationFn: (id: string) => http.post<void>(`api/notification/${id}/dismiss`),
    onSuccess: invalidate,
  });
}
