/**
 * The calls of the sending domain card (docs/decisions/105): the corporation's own domain and the
 * DNS records it needs, setting it, checking its DKIM record and going back to the portal's domain.
 * Each change answers the domain as it now is, which replaces the cached one.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SendingDomain, SendingDomainRequest } from '@homeminder/shared/contracts/sending-domain';
import { api } from '../../lib/http';
import { queryKey, useSessionTenant } from '../../lib/query-keys';

const keys = {
  domain: (tenant: string | null, id: string) => queryKey(tenant, 'sending-domain', id.toLowerCase()),
};

export function useSendingDomain(id: string) {
  const tenant = useSessionTenant();
  return useQuery({
    queryKey: keys.domain(tenant, id),
    queryFn: ({ signal }) => api.get('/corporation/settings/sendingDomain/:id', { params: { id }, signal }),
  });
}

/** A change of the sending domain, whose answer replaces the cached domain. */
function useSendingDomainChange<Input>(id: string, call: (input: Input) => Promise<SendingDomain>) {
  const tenant = useSessionTenant();
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (domain) => client.setQueryData(keys.domain(tenant, id), domain),
  });
}

export const useSetSendingDomain = (id: string) =>
  useSendingDomainChange(id, (body: SendingDomainRequest) =>
    api.put('/corporation/settings/sendingDomain/:id', { params: { id }, body }),
  );

export const useCheckSendingDomain = (id: string) =>
  useSendingDomainChange<void>(id, () =>
    api.post('/corporation/settings/sendingDomain/:id/check', { params: { id } }),
  );

export const useRemoveSendingDomain = (id: string) =>
  useSendingDomainChange<void>(id, () =>
    api.delete('/corporation/settings/sendingDomain/:id', { params: { id } }),
  );
