import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationInput } from '@homeminder/shared/contracts/notifications';
import { api } from '../../lib/http';
import { queryKey, useSessionTenant } from '../../lib/query-keys';

/** Query keys begin with the tenant, so one corporation's responses never show in another's screens. */
export function useNotificationPage(pageSize: number, page: number) {
  const tenant = useSessionTenant();
  return useQuery({
    queryKey: queryKey(tenant, 'notifications', 'page', pageSize, page),
    queryFn: ({ signal }) =>
      api.get('/notification/:pageSize/:page/all', { params: { pageSize, page }, signal }),
    placeholderData: (previous) => previous,
  });
}

export function useActiveNotifications(enabled: boolean) {
  const tenant = useSessionTenant();
  return useQuery({
    queryKey: queryKey(tenant, 'notifications', 'active'),
    queryFn: ({ signal }) => api.get('/notification/active', { signal }),
    enabled,
    refetchInterval: 5 * 60_000,
  });
}

/** Every change to messages refreshes both the operator's list and the bell. */
function useInvalidateNotifications() {
  const queryClient = useQueryClient();
  const tenant = useSessionTenant();
  return () => queryClient.invalidateQueries({ queryKey: queryKey(tenant, 'notifications') });
}

export function useSaveNotification() {
  const invalidate = useInvalidateNotifications();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: NotificationInput }) =>
      id
        ? api.put('/notification/:messageId', { params: { messageId: id }, body: input })
        : api.post('/notification', { body: input }),
    onSuccess: invalidate,
  });
}

export function useRetireNotification() {
  const invalidate = useInvalidateNotifications();
  return useMutation({
    mutationFn: (id: string) => api.post('/notification/:messageId/retire', { params: { messageId: id } }),
    onSuccess: invalidate,
  });
}

export function useDismissNotification() {
  const invalidate = useInvalidateNotifications();
  return useMutation({
    mutationFn: (id: string) => api.post('/notification/:messageId/dismiss', { params: { messageId: id } }),
    onSuccess: invalidate,
  });
}
