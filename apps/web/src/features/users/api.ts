/**
 * The tenant users' calls (docs/requirements.md §8.2 "Tenant users") as TanStack Query hooks. Query
 * keys start with the tenant the session acts for, so a change of tenant never shows another
 * tenant's cached data; each mutation invalidates the keys it changes.
 */
import type { TenantUserBulkRequest } from '@homeminder/shared/contracts/client-selection';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TemporaryPasswordInput,
  TenantUserCreate,
  TenantUserQueryInput,
  TenantUserUpdate,
} from '@homeminder/shared/contracts/admin';
import { isMissingId, MissingArgumentError } from '@homeminder/shared/validation/argument-errors';
import { messages } from '@homeminder/shared/validation/messages';
import { corporationKeys } from '../../lib/corporations';
import { api } from '../../lib/http';
import { canImpersonate, requestImpersonation } from '../../lib/impersonation';
import { imageDataUrl, imageForm } from '../../lib/profile-image';
import { useSession } from '../../lib/session-store';
import { queryKey, useInvalidation, useSessionTenant } from '../../lib/query-keys';

type Tenant = string | null;

const keys = {
  users: (tenant: Tenant) => queryKey(tenant, 'tenant-users'),
  user: (tenant: Tenant, id: string) => queryKey(tenant, 'tenant-user', id.toLowerCase()),
  userImage: (tenant: Tenant, id: string) => queryKey(tenant, 'tenant-user-image', id.toLowerCase()),
};

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
    queryKey: keys.userImage(tenant, id ?? ''),
    queryFn: ({ signal }) =>
      api.get('/admin/user/profile/:id', {
        params: { id: requireUserId(id) },
        query: { responseType: 'json' },
        signal,
      }),
    enabled: Boolean(id),
    select: imageDataUrl,
  });
}

/** After any change to a user: the users' lists, the user, and their corporation's counts. */
function useUserInvalidation() {
  const invalidate = useInvalidation();
  return (user: { id: string; tenantId: string }) =>
    invalidate((tenant) => [
      keys.users(tenant),
      keys.user(tenant, user.id),
      corporationKeys.lists(tenant),
      corporationKeys.details(tenant, user.tenantId),
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
