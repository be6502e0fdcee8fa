/**
 * The corporation's own reminder tasks (docs/decisions/058) as TanStack Query hooks, for the panel
 * on the Manage Account page. Saving one also refreshes the set-up form's catalogue.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReminderTaskValues } from '@homeminder/shared/contracts/reminder-tasks';
import { api } from '../../lib/http';
import { queryKey, tenantQueries, useSessionTenant } from '../../lib/query-keys';

const keys = {
  tasks: (tenant: string | null) => queryKey(tenant, 'own-reminder-tasks'),
  frequencies: (tenant: string | null) => queryKey(tenant, 'task-frequencies'),
};

export function useOwnReminderTasks() {
  const tenant = useSessionTenant();
  return useQuery({
    queryKey: keys.tasks(tenant),
    queryFn: ({ signal }) => api.get('/corporation/reminder-tasks', { signal }),
  });
}

export function useTaskFrequencies() {
  const tenant = useSessionTenant();
  return useQuery({
    queryKey: keys.frequencies(tenant),
    queryFn: ({ signal }) => api.get('/clients/frequencies', { signal }),
    staleTime: Infinity,
  });
}

/** Adds a task (no id) or changes one. */
export function useSaveOwnReminderTask() {
  const tenant = useSessionTenant();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values }: { id?: string; values: ReminderTaskValues }) =>
      id
        ? api.put('/corporation/reminder-tasks/:id', { params: { id }, body: values })
        : api.post('/corporation/reminder-tasks', { body: values }),
    // Every cached list of the corporation's tasks: this panel's and the set-up form's catalogue.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tenantQueries(tenant) }),
  });
}
