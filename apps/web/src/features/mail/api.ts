import { useQuery } from '@tanstack/react-query';
import type {
  ReminderActivity,
  SentMailDetail,
  SentMailPage,
  SentMailQuery,
  UnsubscribePreview,
} from '@homeminder/shared/contracts/mail';
import { http } from '../../lib/http';
import { useSession } from '../../lib/session-store';

export function previewUnsubscribe(token: string): Promise<UnsubscribePreview> {
  return http.post<UnsubscribePreview>('api/auth/unsubscribe/preview', { token });
}

export function unsubscribe(token: string): Promise<{ message: string }> {
  return http.post<{ message: string }>('api/auth/unsubscribe', { token });
}

export function sentMailPage(query: SentMailQuery, signal?: AbortSignal): Promise<SentMailPage> {
  return http.post<SentMailPage>('api/admin/mail/query', query, { signal });
}

export function sentMailDetail(tenantId: string, id: string, signal?: AbortSignal): Promise<SentMailDetail> {
  return http.get<SentMailDetail>(
    `api/admin/mail/${encodeURIComponent(tenantId)}/${encodeURIComponent(id)}`,
    { signal },
  );
}

export function useReminderActivity() {
  const tenantId = useSession((state) => state.tenantID);
  const userId = useSession((state) => state.userID);
  return useQuery({
    queryKey: [tenantId, 'reminder-activity', userId],
    queryFn: ({ signal }) => http.get<ReminderActivity>('api/home/reminder-activity', { signal }),
  });
}
