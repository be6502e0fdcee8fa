/**
 * The admin area's calls (docs/requirements.md §8.2 "Corporations" and "Tenant users") as TanStack Query
 * hooks. Query keys start with the tenant the session acts for, so a change of tenant never shows
 * another tenant's cached data; each mutation invalidates the keys it changes.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Billing,
  CorporationCreate,
  CorporationDetails,
  CorporationList,
  CorporationQueryInput,
  LicensingSummary,
  TemporaryPasswordInput,
  TenantLicense,
  TenantSite,
  TenantUser,
  TenantUserCreate,
  TenantUserList,
  TenantUserQueryInput,
  TenantUserUpdate,
} from '@homeminder/shared/contracts/admin';
import type { ProfileImage } from '@homeminder/shared/contracts/auth';
import type { AddressInput } from '@homeminder/shared/validation/forms';
import { isMissingId, MissingArgumentError } from '@homeminder/shared/validation/argument-errors';
import { messages } from '@homeminder/shared/validation/messages';
import { http } from '../../lib/http';
import { canImpersonate, requestImpersonation } from '../../lib/impersonation';
import { useSession } from '../../lib/session-store';

export function useTenantKey(): string {
  return useSession((state) => state.tenantID) ?? 'no-tenant';
}

const keys = {
  corporations: (tenant: string) => [tenant, 'corporations'] as const,
  corporation: (tenant: string, id: string) => [tenant, 'corporation', id.toLowerCase()] as const,
  licensing: (tenant: string, id: string) => [tenant, 'licensing', id.toLowerCase()] as const,
  branding: (tenant: string, id: string) => [tenant, 'branding', id.toLowerCase()] as const,
  users: (tenant: string) => [tenant, 'tenant-users'] as const,
  user: (tenant: string, id: string) => [tenant, 'tenant-user', id.toLowerCase()] as const,
  userImage: (tenant: string, id: string) => [tenant, 'tenant-user-image', id.toLowerCase()] as const,
};

/** An image answer as a data URL for `<img src>`, or null when there is none. */
export function imageDataUrl(image: ProfileImage | undefined | null): string | null {
  return image?.data && image.imageType ? `data:${image.imageType};base64,${image.data}` : null;
}

/** A file as the multipart body the image endpoints take (field newImage). */
function imageForm(file: File): FormData {
  const form = new FormData();
  form.append('newImage', file);
  return form;
}

// ─── Corporations ─────────────────────────────────────────────────────────────────────────────

export function useCorporations(query: CorporationQueryInput, options: { enabled?: boolean } = {}) {
  const tenant = useTenantKey();
  return useQuery({
    queryKey: [...keys.corporations(tenant), query],
    queryFn: ({ signal }) => http.post<CorporationList>('api/admin/corporation/query', query, { signal }),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
}

export function useCorporation(id: string | undefined) {
  const tenant = useTenantKey();
  return useQuery({
    queryKey: keys.corporation(tenant, id ?? ''),
    queryFn: ({ signal }) =>
      http.get<CorporationDetails>(`api/admin/corporation/${encodeURIComponent(id!)}`, { signal }),
    enabled: Boolean(id),
  });
}

export function useLicensing(id: string | undefined) {
  const tenant = useTenantKey();
  return useQuery({
    queryKey: keys.licensing(tenant, id ?? ''),
    queryFn: ({ signal }) =>
      http.get<LicensingSummary>(`api/admin/Licensing/${encodeURIComponent(id!)}`, { signal }),
    enabled: Boolean(id),
  });
}

export function useBranding(id: string | undefined) {
  const tenant = useTenantKey();
  return useQuery({
    queryKey: keys.branding(tenant, id ?? ''),
    queryFn: ({ signal }) =>
      http.get<ProfileImage>(`api/corporation/settings/${encodeURIComponent(id!)}/branding`, {
        query: { responseType: 'json' },
        signal,
      }),
    enabled: Boolean(id),
    select: imageDataUrl,
  });
}

/** After any change to a corporation: its details, the grid, and its licensing. */
function useCorporationInvalidation() {
  const client = useQueryClient();
  const tenant = useTenantKey();
  return async (id: string) => {
    await Promise.all([
      client.invalidateQueries({ queryKey: keys.corporations(tenant) }),
      client.invalidateQueries({ queryKey: keys.corporation(tenant, id) }),
      client.invalidateQueries({ queryKey: keys.licensing(tenant, id) }),
    ]);
  };
}

export function useCreateCorporation() {
  const invalidate = useCorporationInvalidation();
  return useMutation({
    mutationFn: (input: CorporationCreate) => http.post<CorporationDetails>('api/admin/corporation', input),
    onSuccess: (created) => invalidate(created.id),
  });
}

export function useSetCorporationEnabled() {
  const invalidate = useCorporationInvalidation();
  const client = useQueryClient();
  const tenant = useTenantKey();
  return useMutation({
    mutationFn: ({ id, enabled }: { id: string; enabled: boolean }) =>
      http.post<CorporationDetails>(
        `api/admin/corporation/${enabled ? 'enable' : 'disable'}/${encodeURIComponent(id)}`,
      ),
    onSuccess: async (corporation) => {
      await invalidate(corporation.id);
      await client.invalidateQueries({ queryKey: keys.users(tenant) });
    },
  });
}

type SettingsChange =
  | { kind: 'tenantSite'; value: TenantSite }
  | { kind: 'billing'; value: Billing }
  | { kind: 'address'; value: AddressInput }
  | { kind: 'tenantLicense'; value: TenantLicense };

/** The four settings calls of docs/requirements.md §8.2, with their methods. */
export function useUpdateCorporationSettings(id: string) {
  const invalidate = useCorporationInvalidation();
  return useMutation({
    mutationFn: (change: SettingsChange) => {
      const path = `api/corporation/settings/${change.kind}/${encodeURIComponent(id)}`;
      return change.kind === 'billing' || change.kind === 'address'
        ? http.put<CorporationDetails>(path, change.value)
        : http.post<CorporationDetails>(path, change.value);
    },
    onSuccess: () => invalidate(id),
  });
}

export function useUploadBranding(id: string) {
  const client = useQueryClient();
  const tenant = useTenantKey();
  const invalidate = useCorporationInvalidation();
  return useMutation({
    mutationFn: (file: File) =>
      http.put<ProfileImage>(`api/corporation/settings/${encodeURIComponent(id)}/branding`, imageForm(file)),
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
  const tenant = useTenantKey();
  const kind = options.realtorsOnly ? 'realtors' : 'all';
  return useQuery({
    queryKey: [...keys.users(tenant), kind, query],
    queryFn: ({ signal }) =>
      http.post<TenantUserList>(
        `api/admin/tenantusers/${options.realtorsOnly ? 'query-realtors' : 'query'}`,
        query,
        { signal },
      ),
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
  const tenant = useTenantKey();
  return useQuery({
    queryKey: keys.user(tenant, id ?? ''),
    queryFn: ({ signal }) =>
      http.get<TenantUser>(`/api/admin/tenantusers/${encodeURIComponent(requireUserId(id))}`, { signal }),
  });
}

export function useUserImage(id: string | undefined) {
  const tenant = useTenantKey();
  return useQuery({
    queryKey: keys.userImage(tenant, id ?? ''),
    queryFn: ({ signal }) =>
      http.get<ProfileImage>(`api/admin/user/profile/${encodeURIComponent(requireUserId(id))}`, {
        query: { responseType: 'json' },
        signal,
      }),
    enabled: Boolean(id),
    select: imageDataUrl,
  });
}

function useUserInvalidation() {
  const client = useQueryClient();
  const tenant = useTenantKey();
  return async (user: { id: string; tenantId: string }) => {
    await Promise.all([
      client.invalidateQueries({ queryKey: keys.users(tenant) }),
      client.invalidateQueries({ queryKey: keys.user(tenant, user.id) }),
      client.invalidateQueries({ queryKey: keys.corporations(tenant) }),
      client.invalidateQueries({ queryKey: keys.corporation(tenant, user.tenantId) }),
    ]);
  };
}

export function useCreateTenantUser() {
  const invalidate = useUserInvalidation();
  return useMutation({
    mutationFn: (input: TenantUserCreate) => http.post<TenantUser>('api/admin/user', input),
    onSuccess: (user) => invalidate(user),
  });
}

export function useUpdateTenantUser(id: string) {
  const invalidate = useUserInvalidation();
  return useMutation({
    mutationFn: (input: TenantUserUpdate) =>
      http.put<TenantUser>(`api/admin/user/updateUser/${encodeURIComponent(id)}`, input),
    onSuccess: (user) => invalidate(user),
  });
}

export function useSetTenantUserEnabled() {
  const invalidate = useUserInvalidation();
  return useMutation({
    mutationFn: ({ user, enabled }: { user: { id: string; tenantId: string }; enabled: boolean }) =>
      http.post<TenantUser>(`api/admin/tenantUsers/${enabled ? 'enable' : 'disable'}`, {
        tenantId: user.tenantId,
        userId: user.id,
      }),
    onSuccess: (user) => invalidate(user),
  });
}

export function useSendPasswordReset() {
  return useMutation({
    mutationFn: (id: string) =>
      http.post<{ message: string }>(`api/admin/user/${encodeURIComponent(id)}/send-reset`),
  });
}

export function useSetTemporaryPassword(id: string) {
  return useMutation({
    mutationFn: (input: TemporaryPasswordInput) =>
      http.post<{ message: string }>(`api/admin/user/${encodeURIComponent(id)}/temporary-password`, input),
  });
}

export function useUploadUserImage(id: string) {
  const client = useQueryClient();
  const tenant = useTenantKey();
  return useMutation({
    mutationFn: (file: File) =>
      http.put<ProfileImage>(`api/admin/user/profile/${encodeURIComponent(id)}`, imageForm(file)),
    onSuccess: async (image) => {
      client.setQueryData(keys.userImage(tenant, id), image);
      await client.invalidateQueries({ queryKey: keys.user(tenant, id) });
    },
  });
}

// ─── Acting as another user (impersonation) ─────────────────────────────────────────────────

/** May the signed-in user act as others? Never asked while already acting (no nesting). */
export function useImpersonationCheck() {
  const tenant = useTenantKey();
  const acting = useSession((state) => Boolean(state.impersonatedToken));
  return useQuery({
    queryKey: [tenant, 'impersonation-check'],
    queryFn: () => canImpersonate(),
    enabled: !acting,
    staleTime: 5 * 60_000,
  });
}

/** Asks for the token to act as the user; the caller switches the session when ready. */
export function useRequestImpersonation() {
  return useMutation({ mutationFn: (userId: string) => requestImpersonation(userId) });
}
