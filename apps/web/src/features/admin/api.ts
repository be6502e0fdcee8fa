/**
 * The admin area's calls (docs/requirements.md §8.2 "Corporations" and "Tenant users") as TanStack Query
 * hooks. Query keys start with the tenant the session acts for, so a change of tenant never shows
 * another tenant's cached data; each mutation invalidates the keys it changes.
 */
import type { TenantUserBulkRequest } from '@homeminder/shared/contracts/client-selection';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Billing,
  CorporationCreate,
  CorporationQueryInput,
  TemporaryPasswordInput,
  TenantLicense,
  TenantSite,
  TenantUserCreate,
  TenantUserQueryInput,
  TenantUserUpdate,
} from '@homeminder/shared/contracts/admin';
import type { AddressInput } from '@homeminder/shared/validation/forms';
import { isMissingId, MissingArgumentError } from '@homeminder/shared/validation/argument-errors';
import { messages } from '@homeminder/shared/validation/messages';
import { api } from '../../lib/http';
import { canImpersonate, requestImpersonation } from '../../lib/impersonation';
import { imageDataUrl, imageForm } from '../../lib/profile-image';
import { useSession } from '../../lib/session-store';
import { queryKey, useSessionTenant } from '../../lib/query-keys';

type Tenant = string | null;

const keys = {
  corporations: (tenant: Tenant) => queryKey(tenant, 'corporations'),
  corporation: (tenant: Tenant, id: string) => queryKey(tenant, 'corporation', id.toLowerCase()),
  licensing: (tenant: Tenant, id: string) => queryKey(tenant, 'licensing', id.toLowerCase()),
  branding: (tenant: Tenant, id: string) => queryKey(tenant, 'branding', id.toLowerCase()),
  users: (tenant: Tenant) => queryKey(tenant, 'tenant-users'),
  user: (tenant: Tenant, id: string) => queryKey(tenant, 'tenant-user', id.toLowerCase()),
  userImage: (tenant: Tenant, id: string) => queryKey(tenant, 'tenant-user-image', id.toLowerCase()),
};

// ─── Corporations ─────────────────────────────────────────────────────────────────────────────

export function useCorporations(query: CorporationQueryInput, options: { enabled?: boolean } = {}) {
  const tenant = useSessionTenant();
  return useQuery({
    queryKey: [...keys.corporations(tenant), query],
    queryFn: ({ signal }) => api.post('/admin/corporation/query', { body: query, signal }),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
}

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
    byId(tenant, keys.corporation, id, (corporation, signal) =>
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

/** Marks the queries `keysOf` names, under the tenant the session acts for, out of date at once. */
function useInvalidation() {
  const client = useQueryClient();
  const tenant = useSessionTenant();
  return async (keysOf: (tenant: Tenant) => ReadonlyArray<readonly unknown[]>) => {
    await Promise.all(keysOf(tenant).map((key) => client.invalidateQueries({ queryKey: key })));
  };
}

/** After any change to a corporation: its details, the grid, and its licensing. */
function useCorporationInvalidation() {
  const invalidate = useInvalidation();
  return (id: string) =>
    invalidate((tenant) => [
      keys.corporations(tenant),
      keys.corporation(tenant, id),
      keys.licensing(tenant, id),
    ]);
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

// ─── Tenant users ─────────────────────────────────────────────────────────────────────────────

export function useTenantUsers(
  query: TenantUserQueryInput,
  options: { realtorsOnly?: boolean; enabled?: boolean } = {},
) {
  const tenant = useSessionTenant();
  const kind = options.realtorsOnly ? 'realtors' : 'all';
  return useQuery({
    queryKey: [...keys.users(tenant), kind, query],
    queryFn: ({ signal }) =>
      api.post(options.realtorsOnly ? '/admin/tenantusers/query-realtors' : '/admin/tenantusers/query', {
        body: query,
        signal,
      }),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
}

/** The id a user call needs; without one the call fails as the screen's error, asking nothing. */
function requireUserId(id: string | undefined): string {
  if (isMissingId(id)) throw new MissingArgumentError('id', messages.unableUser);
  return id!.trim();
}

export function useTenantUser(id: string | undefined) {
  const tenant = useSessionTenant();
  return useQuery({
    queryKey: keys.user(tenant, id ?? ''),
    queryFn: ({ signal }) =>
      api.get('/admin/tenantusers/:tenantUserId', { params: { tenantUserId: requireUserId(id) }, signal }),
  });
}

export function useUserImage(id: string | undefined) {
  const tenant = useSessionTenant();
  return useQuery({
    ...byId(tenant, keys.userImage, id, (user, signal) =>
      api.get('/admin/user/profile/:id', {
        params: { id: requireUserId(user) },
        query: { responseType: 'json' },
        signal,
      }),
    ),
    select: imageDataUrl,
  });
}

function useUserInvalidation() {
  const invalidate = useInvalidation();
  return (user: { id: string; tenantId: string }) =>
    invalidate((tenant) => [
      keys.users(tenant),
      keys.user(tenant, user.id),
      keys.corporations(tenant),
      keys.corporation(tenant, user.tenantId),
    ]);
}

export function useCreateTenantUser() {
  const invalidate = useUserInvalidation();
  return useMutation({
    mutationFn: (input: TenantUserCreate) => api.post('/admin/user', { body: input }),
    onSuccess: (user) => invalidate(user),
  });
}

export function useUpdateTenantUser(id: string) {
  const invalidate = useUserInvalidation();
  return useMutation({
    mutationFn: (input: TenantUserUpdate) =>
      api.put('/admin/user/updateUser/:id', { params: { id }, body: input }),
    onSuccess: (user) => invalidate(user),
  });
}

export function useSetTenantUserEnabled() {
  const invalidate = useUserInvalidation();
  return useMutation({
    mutationFn: ({ user, enabled }: { user: { id: string; tenantId: string }; enabled: boolean }) =>
      api.post(enabled ? '/admin/tenantUsers/enable' : '/admin/tenantUsers/disable', {
        body: { tenantId: user.tenantId, userId: user.id },
      }),
    onSuccess: (user) => invalidate(user),
  });
}

export function useSendPasswordReset() {
  return useMutation({
    mutationFn: (id: string) => api.post('/admin/user/:id/send-reset', { params: { id } }),
  });
}

export function useSetTemporaryPassword(id: string) {
  return useMutation({
    mutationFn: (input: TemporaryPasswordInput) =>
      api.post('/admin/user/:id/temporary-password', { params: { id }, body: input }),
  });
}

export function useUploadUserImage(id: string) {
  const client = useQueryClient();
  const tenant = useSessionTenant();
  return useMutation({
    mutationFn: (file: File) => api.put('/admin/user/profile/:id', { params: { id }, body: imageForm(file) }),
    onSuccess: async (image) => {
      client.setQueryData(keys.userImage(tenant, id), image);
      await client.invalidateQueries({ queryKey: keys.user(tenant, id) });
    },
  });
}

// ─── Acting as another user (impersonation) ─────────────────────────────────────────────────

/** May the signed-in user act as others? Never asked while already acting (no nesting). */
export function useImpersonationCheck() {
  const tenant = useSessionTenant();
  const acting = useSession((state) => Boolean(state.impersonatedToken));
  return useQuery({
    queryKey: queryKey(tenant, 'impersonation-check'),
    queryFn: () => canImpersonate(),
    enabled: !acting,
    staleTime: 5 * 60_000,
  });
}

/** Asks for the token to act as the user; the caller switches the session when ready. */
export function useRequestImpersonation() {
  return useMutation({ mutationFn: (userId: string) => requestImpersonation(userId) });
}

/** Enables or disables the selected users in one request (docs/decisions/080). */
export function useSetTenantUsersEnabled() {
  const invalidate = useInvalidation();
  return useMutation({
    mutationFn: (body: TenantUserBulkRequest) => api.post('/admin/tenantUsers/bulk', { body }),
    onSuccess: () => invalidate((tenant) => [keys.users(tenant)]),
  });
}
