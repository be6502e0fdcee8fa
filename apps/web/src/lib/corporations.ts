/**
 * The corporations as cached lists and records: the operator's grid of them and the corporation choices
 * of the user screens read the same lists, and a change to a user refreshes its corporation's counts.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CorporationQueryInput } from '@homeminder/shared/contracts/admin';
import { api } from './http';
import { queryKey, useSessionTenant } from './query-keys';

export const corporationKeys = {
  lists: (tenant: string | null) => queryKey(tenant, 'corporations'),
  details: (tenant: string | null, id: string) => queryKey(tenant, 'corporation', id.toLowerCase()),
};

export function useCorporations(query: CorporationQueryInput, options: { enabled?: boolean } = {}) {
  const tenant = useSessionTenant();
  return useQuery({
    queryKey: [...corporationKeys.lists(tenant), query],
    queryFn: ({ signal }) => api.post('/admin/corporation/query', { body: query, signal }),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
}
