/**
 * The calls of the default reminders panel (docs/decisions/060): the corporation's set, the
 * catalogue and frequencies it is chosen from, and saving it whole.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DefaultReminderSetUpdateInput } from '@homeminder/shared/contracts/default-reminders';
import type { CorporationReminderTiming } from '@homeminder/shared/contracts/reminder-timing';
import type { EmailCadence } from '@homeminder/shared/email-cadence';
import type { LeadDays } from '@homeminder/shared/reminder-timing';
import { api } from '../../lib/http';
import { queryKey, useSessionTenant } from '../../lib/query-keys';

const keys = {
  set: (tenant: string | null, id: string) => queryKey(tenant, 'default-reminders', id.toLowerCase()),
  timing: (tenant: string | null, id: string) =>
    queryKey(tenant, 'default-reminders', 'timing', id.toLowerCase()),
  catalogue: (tenant: string | null) => queryKey(tenant, 'default-reminders', 'catalogue'),
  frequencies: (tenant: string | null) => queryKey(tenant, 'default-reminders', 'frequencies'),
};

export function useDefaultReminders(id: string) {
  const tenant = useSessionTenant();
  return useQuery({
    queryKey: keys.set(tenant, id),
    queryFn: ({ signal }) =>
      api.get('/corporation/settings/defaultReminders/:id', { params: { id }, signal }),
  });
}

export function useSaveDefaultReminders(id: string) {
  const tenant = useSessionTenant();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: DefaultReminderSetUpdateInput) =>
      api.put('/corporation/settings/defaultReminders/:id', { params: { id }, body }),
    onSuccess: (saved) => client.setQueryData(keys.set(tenant, id), saved),
  });
}

/**
 * When the corporation's new homes get their reminders (docs/decisions/102) and how often its new
 * clients are emailed (docs/decisions/103).
 */
export function useReminderTimingDefault(id: string) {
  const tenant = useSessionTenant();
  return useQuery({
    queryKey: keys.timing(tenant, id),
    queryFn: ({ signal }) => api.get('/corporation/settings/reminderTiming/:id', { params: { id }, signal }),
  });
}

/** Changes one of the two defaults, `changeOf` says which; the other is kept as read. */
function useSetTimingDefault<Value>(
  id: string,
  changeOf: (value: Value) => Partial<CorporationReminderTiming>,
) {
  const tenant = useSessionTenant();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (value: Value) =>
      api.put('/corporation/settings/reminderTiming/:id', { params: { id }, body: changeOf(value) }),
    onSuccess: (_response, value) =>
      client.setQueryData<CorporationReminderTiming>(
        keys.timing(tenant, id),
        (timing) => timing && { ...timing, ...changeOf(value) },
      ),
  });
}

export const useSetReminderTimingDefault = (id: string) =>
  useSetTimingDefault(id, (leadDays: LeadDays) => ({ leadDays }));

export const useSetEmailCadenceDefault = (id: string) =>
  useSetTimingDefault(id, (emailCadence: EmailCadence) => ({ emailCadence }));

export function useCatalogueForDefaults() {
  const tenant = useSessionTenant();
  return useQuery({
    queryKey: keys.catalogue(tenant),
    queryFn: ({ signal }) => api.post('/clients/reminders', { body: { pageSize: 'all' }, signal }),
    staleTime: 30 * 60_000,
  });
}

export function useFrequenciesForDefaults() {
  const tenant = useSessionTenant();
  return useQuery({
    queryKey: keys.frequencies(tenant),
    queryFn: ({ signal }) => api.get('/clients/frequencies', { signal }),
    staleTime: 30 * 60_000,
  });
}
