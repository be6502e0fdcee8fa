import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AuditQueryInput } from '@homeminder/shared/contracts/audit';
import { api } from '../../lib/http';
import { queryKey, useSessionTenant } from '../../lib/query-keys';

/** A page of the audit log as the filters ask for it. */
export function useAuditLog(query: AuditQueryInput) {
  const tenant = useSessionTenant();
  return useQuery({
    queryKey: queryKey(tenant, 'audit', query),
    queryFn: ({ signal }) => api.post('/admin/audit/query', { body: query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** The people the person filter offers; they change seldom. */
export function useAuditPeople() {
  const tenant = useSessionTenant();
  return useQuery({
    queryKey: queryKey(tenant, 'audit', 'people'),
    queryFn: ({ signal }) => api.get('/admin/audit/people', { signal }),
    staleTime: 5 * 60_000,
  });
}
