/**
 * The calls of the default reminders panel (docs/decisions/060): the corporation's set, the
 * catalogue and frequencies it is chosen from, and saving it whole.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DefaultReminderSetUpdateInput } from '@homeminder/shared/contracts/default-reminders';
import { api } from '../../lib/http';
import { useTenantKey } from './api';

const keys = {
  set: (tenant: string, id: string) => [tenant, 'default-reminders', id.toLowerCase()] as const,
  catalogue: (tenant: string) => [tenant, 'default-reminders', 'catalogue'] as const,
  frequencies: (tenant: string) => [tenant, 'default-reminders', 'frequencies'] as const,
};

export function useDefaultReminders(id: string) {
  const tenant = useTenantKey();
  return useQuery({
    queryKey: keys.set(tenant, id),
    queryFn: ({ signal }) =>
      api.get('/corporation/settings/defaultReminders/:id', { params: { id }, signal }),
  });
}

export function useSaveDefaultReminders(id: string) {
  const tenant = useTenantKey();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: DefaultReminderSetUpdateInput) =>
      api.put('/corporation/settings/defaultReminders/:id', { params: { id }, body }),
    onSuccess: (saved) => client.setQueryData(keys.set(tenant, id), saved),
  });
}

export function useCatalogueForDefaults() {
  const tenant = useTenantKey();
  return useQuery({
    queryKey: keys.catalogue(tenant),
    queryFn: ({ signal }) => api.post('/clients/reminders', { body: { pageSize: 'all' }, signal }),
    staleTime: 30 * 60_000,
  });
}

export function useFrequenciesForDefaults() {
  const tenant = useTenantKey();
  return useQuery({
    queryKey: keys.frequencies(tenant),
    queryFn: ({ signal }) => api.get('/clients/frequencies', { signal }),
    staleTime: 30 * 60_000,
  });
}
