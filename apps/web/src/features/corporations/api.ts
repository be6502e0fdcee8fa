/**
 * The corporations' calls (docs/requirements.md §8.2 "Corporations") as TanStack Query hooks. Query
 * keys start with the tenant the session acts for, so a change of tenant never shows another
 * tenant's cached data; each mutation invalidates the keys it changes.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Billing,
  CorporationCreate,
  TenantLicense,
  TenantSite,
} from '@homeminder/shared/contracts/admin';
import type { AddressInput } from '@homeminder/shared/validation/forms';
import { corporationKeys } from '../../lib/corporations';
import { api } from '../../lib/http';
import { imageDataUrl, imageForm } from '../../lib/profile-image';
import { queryKey, useInvalidation, useSessionTenant } from '../../lib/query-keys';

type Tenant = string | null;

const keys = {
  ...corporationKeys,
  licensing: (tenant: Tenant, id: string) => queryKey(tenant, 'licensing', id.toLowerCase()),
  branding: (tenant: Tenant, id: string) => queryKey(tenant, 'branding', id.toLowerCase()),
  users: (tenant: Tenant) => queryKey(tenant, 'tenant-users'),
};

/**
 * A query of one record's data, cached under the tenant the session acts for, that waits until
 * there is an id to ask for.
 */
function byId<T>(
  tenant: Tenant,
  key: (tenant: Tenant, id: string) => readonly unknown[],
  id: string | undefined,
  fetch: (id: string, signal: AbortSignal) => Promise<T>,
) {
  return {
    queryKey: key(tenant, id ?? ''),
    queryFn: ({ signal }: { signal: AbortSignal }) => fetch(id!, signal),
    enabled: Boolean(id),
  };
}

export function useCorporation(id: string | undefined) {
  const tenant = useSessionTenant();
  return useQuery(
    byId(tenant, keys.details, id, (corporation, signal) =>
      api.get('/admin/corporation/:id', { params: { id: corporation }, signal }),
    ),
  );
}

export function useLicensing(id: string | undefined) {
  const tenant = useSessionTenant();
  return useQuery(
    byId(tenant, keys.licensing, id, (tenantID, signal) =>
      api.get('/admin/Licensing/:tenantID', { params: { tenantID }, signal }),
    ),
  );
}

export function useBranding(id: string | undefined) {
  const tenant = useSessionTenant();
  return useQuery({
    ...byId(tenant, keys.branding, id, (corporation, signal) =>
      api.get('/corporation/settings/:id/branding', {
        params: { id: corporation },
        query: { responseType: 'json' },
        signal,
      }),
    ),
    select: imageDataUrl,
  });
}

/** After any change to a corporation: its details, the grid, and its licensing. */
function useCorporationInvalidation() {
  const invalidate = useInvalidation();
  return (id: string) =>
    invalidate((tenant) => [keys.lists(tenant), keys.details(tenant, id), keys.licensing(tenant, id)]);
}

export function useCreateCorporation() {
  const invalidate = useCorporationInvalidation();
  return useMutation({
    mutationFn: (input: CorporationCreate) => api.post('/admin/corporation', { body: input }),
    onSuccess: (created) => invalidate(created.id),
  });
}

export function useSetCorporationEnabled() {
  const invalidate = useCorporationInvalidation();
  const client = useQueryClient();
  const tenant = useSessionTenant();
  return useMutation({
    mutationFn: ({ id, enabled }: { id: string; enabled: boolean }) =>
      api.post(enabled ? '/admin/corporation/enable/:id' : '/admin/corporation/disable/:id', {
        params: { id },
      }),
    onSuccess: async (corporation) => {
      await invalidate(corporation.id);
      await client.invalidateQueries({ queryKey: keys.users(tenant) });
    },
  });
}

export type SettingsChange =
  | { kind: 'tenantSite'; value: TenantSite }
  | { kind: 'billing'; value: Billing }
  | { kind: 'address'; value: AddressInput }
  | { kind: 'tenantLicense'; value: TenantLicense };

/** The four settings calls of docs/requirements.md §8.2, with their methods. */
export function useUpdateCorporationSettings(id: string) {
  const invalidate = useCorporationInvalidation();
  return useMutation({
    mutationFn: (change: SettingsChange) => {
      const params = { id };
      switch (change.kind) {
        case 'billing':
          return api.put('/corporation/settings/billing/:id', { params, body: change.value });
        case 'address':
          return api.put('/corporation/settings/address/:id', { params, body: change.value });
        case 'tenantSite':
          return api.post('/corporation/settings/tenantSite/:id', { params, body: change.value });
        case 'tenantLicense':
          return api.post('/corporation/settings/tenantLicense/:id', { params, body: change.value });
      }
    },
    onSuccess: () => invalidate(id),
  });
}

export function useUploadBranding(id: string) {
  const client = useQueryClient();
  const tenant = useSessionTenant();
  const invalidate = useCorporationInvalidation();
  return useMutation({
    mutationFn: (file: File) =>
      api.put('/corporation/settings/:id/branding', { params: { id }, body: imageForm(file) }),
    onSuccess: async (image) => {
      client.setQueryData(keys.branding(tenant, id), image);
      await invalidate(id);
    },
  });
}
