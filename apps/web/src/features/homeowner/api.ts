import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { HomeownerAnswer } from '@homeminder/shared/contracts/homeowner';
import type { ChangePasswordInput } from '@homeminder/shared/contracts/tenant-users';
import { api } from '../../lib/http';
import { imageDataUrl } from '../../lib/profile-image';
import { useSession } from '../../lib/session-store';

/**
 * Server state of the homeowner's pages. Every key starts with the homeowner's corporation and
 * 'homeowner', so one invalidation after a change refreshes what it may have touched.
 */
function useHomeownerKey() {
  const tenantId = useSession((state) => state.tenantID);
  const userId = useSession((state) => state.userID);
  return [tenantId, 'homeowner', userId] as const;
}

export function useHomeownerOverview() {
  const key = useHomeownerKey();
  return useQuery({
    queryKey: [...key, 'overview'],
    queryFn: ({ signal }) => api.get('/homeowner/overview', { signal }),
  });
}

/** An image of the homeowner's pages (the realtor's photo, the company's logo) as a data URL. */
export function useHomeownerImage(
  path: '/homeowner/realtor/photo' | '/homeowner/brand/logo',
  wanted: boolean,
) {
  const key = useHomeownerKey();
  return useQuery({
    queryKey: [...key, path],
    queryFn: async ({ signal }) =>
      imageDataUrl(await api.get(path, { query: { responseType: 'json' }, signal })),
    enabled: wanted,
    staleTime: Infinity,
  });
}

function useHomeownerChange<Input>(change: (input: Input) => Promise<{ message: string }>) {
  const client = useQueryClient();
  const key = useHomeownerKey();
  return useMutation({
    mutationFn: change,
    onSettled: () => client.invalidateQueries({ queryKey: key }),
  });
}

export const useSwitchReminder = () =>
  useHomeownerChange(({ id, on }: { id: string; on: boolean }) =>
    api.put('/homeowner/reminders/:id', { params: { id }, body: { on } }),
  );

export const useSwitchHome = () =>
  useHomeownerChange(({ id, paused }: { id: string; paused: boolean }) =>
    api.put('/homeowner/homes/:id', { params: { id }, body: { paused } }),
  );

export const useUnsubscribe = () => useHomeownerChange(() => api.post('/homeowner/unsubscribe'));

export const useResubscribe = () => useHomeownerChange(() => api.post('/homeowner/resubscribe'));

export const useChangeHomeownerPassword = () =>
  useMutation({
    mutationFn: (input: ChangePasswordInput) => api.post('/homeowner/password', { body: input }),
  });

/** Makes a new private calendar address; the answer is the only time it is shown. */
export const useNewCalendarAddress = () => {
  const client = useQueryClient();
  const key = useHomeownerKey();
  return useMutation({
    mutationFn: () => api.post('/homeowner/calendar'),
    onSuccess: () => client.invalidateQueries({ queryKey: [...key, 'overview'] }),
  });
};

/** The homeowner's own answers to their reminders, newest first. */
export function useHomeownerHistory() {
  const key = useHomeownerKey();
  return useQuery({
    queryKey: [...key, 'history'],
    queryFn: ({ signal }) => api.get('/homeowner/history', { signal }),
  });
}

/** Done, remind me later or help, for a reminder's next date; the dates and history refresh after. */
export const useAnswerReminder = () =>
  useHomeownerChange(({ id, ...body }: HomeownerAnswer & { id: string }) =>
    api.post('/homeowner/reminders/:id/answer', { params: { id }, body }),
  );
