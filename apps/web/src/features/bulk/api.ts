import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { bulkPaging } from '@homeminder/shared/constants';
import type { ColumnMapping } from '@homeminder/shared/bulk-columns';
import {
  type BulkItem,
  type BulkPageFilter,
  type BulkProcessRequest,
  type BulkQueueRequest,
  type BulkRowData,
} from '@homeminder/shared/contracts/bulk';
import { bulkHeadersMaxColumns } from '@homeminder/shared/contracts/bulk-mapping';
import { messages } from '@homeminder/shared/validation/messages';
import { api } from '../../lib/http';
import { queryKey, useSessionTenant } from '../../lib/query-keys';

/**
 * Server state of the bulk upload. Keys start with the tenant the session acts for, then the
 * corporation whose queue it is, so one invalidation refreshes the grid and the preview.
 */
function useBulkKey(corporation: string | null) {
  const tenantId = useSessionTenant();
  return (...parts: unknown[]) => queryKey(tenantId, 'bulk', corporation, ...parts);
}

/** One page of the queue, or with the filter 'problems' of its rows with a problem (the server filters). */
export function useBulkPage(
  tenant: string | null,
  page: number,
  pageSize: number,
  filter: BulkPageFilter = 'all',
) {
  const key = useBulkKey(tenant);
  return useQuery({
    queryKey: key('page', filter, page, pageSize),
    queryFn: ({ signal }) => bulkPage(tenant!, page, pageSize, filter, signal),
    enabled: Boolean(tenant),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

function bulkPage(
  tenant: string,
  page: number,
  pageSize: number,
  filter: BulkPageFilter,
  signal?: AbortSignal,
) {
  return api.get('/bulk/:tenantID/:page/:pageSize', {
    params: { tenantID: tenant, page, pageSize },
    signal,
    query: filter === 'all' ? undefined : { filter },
  });
}

/** Every row with a problem, from all pages of the queue, in queue order. */
export async function fetchProblemRows(tenant: string): Promise<BulkItem[]> {
  const rows: BulkItem[] = [];
  for (let page = bulkPaging.firstPage; ; page += 1) {
    const response = await bulkPage(tenant, page, bulkPaging.pageSize, 'problems');
    rows.push(...response.items);
    if (response.items.length === 0 || rows.length >= response.totalItemCount) return rows;
  }
}

/** The corporation's enabled realtors, which a row or a file's rows without one can be given. */
export function useBulkRealtors(tenant: string | null) {
  const key = useBulkKey(tenant);
  return useQuery({
    queryKey: key('realtors'),
    queryFn: ({ signal }) => api.get('/bulk/:tenant/realtors', { params: { tenant: tenant! }, signal }),
    enabled: Boolean(tenant),
    staleTime: 5 * 60_000,
  });
}

export function useBulkPreview(tenant: string | null, enabled: boolean) {
  const key = useBulkKey(tenant);
  return useQuery({
    queryKey: key('preview'),
    queryFn: ({ signal }) => api.get('/bulk/:tenant/preview', { params: { tenant: tenant! }, signal }),
    enabled: Boolean(tenant) && enabled,
    staleTime: 0,
  });
}

/** Refreshes the queue, the preview, and the clients area (new clients, license counts). */
export function useInvalidateBulk() {
  const queryClient = useQueryClient();
  const tenantId = useSessionTenant();
  return async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKey(tenantId, 'bulk') }),
      queryClient.invalidateQueries({ queryKey: queryKey(tenantId, 'clients') }),
    ]);
  };
}

/**
 * The corporation a bulk call changes. The calls are offered only once a corporation is chosen; one made
 * without it fails, sending nothing.
 */
function corporationOf(tenant: string | null): string {
  if (!tenant) throw new Error(messages.selectedCompanyUndefined);
  return tenant;
}

/**
 * Sends one chunk of rows to the queue; each row carries its own GUID and the chunk its upload's
 * id, so a resend is harmless and an earlier upload of the same file is replaced.
 */
export function queueChunk(tenant: string, body: BulkQueueRequest) {
  return api.post('/bulk/:tenant', { params: { tenant }, body });
}

/** The columns the corporation chose last time for this header row, or null. */
export async function findSavedMapping(tenant: string, headers: string[]): Promise<ColumnMapping | null> {
  if (headers.length === 0 || headers.length > bulkHeadersMaxColumns) return null;
  const response = await api.post('/bulk/:tenant/mapping/find', { params: { tenant }, body: { headers } });
  return response.mapping;
}

/** Keeps the columns chosen for this header row, for the corporation's next file like it. */
export async function saveMapping(tenant: string, headers: string[], mapping: ColumnMapping): Promise<void> {
  if (headers.length === 0 || headers.length > bulkHeadersMaxColumns) return;
  await api.put('/bulk/:tenant/mapping', { params: { tenant }, body: { headers, mapping } });
}

export function useUpdateItem(tenant: string | null) {
  const invalidate = useInvalidateBulk();
  return useMutation({
    mutationFn: async ({ id, data }: { id: number; data: BulkRowData }) =>
      api.put('/bulk/:tenant/:id', { params: { tenant: corporationOf(tenant), id }, body: { data } }),
    onSuccess: () => invalidate(),
  });
}

export function useDeleteItem(tenant: string | null) {
  const invalidate = useInvalidateBulk();
  return useMutation({
    mutationFn: async (id: number) =>
      api.delete('/bulk/:tenant/:id', { params: { tenant: corporationOf(tenant), id } }),
    onSuccess: () => invalidate(),
  });
}

export function useDeleteProblems(tenant: string | null) {
  const invalidate = useInvalidateBulk();
  return useMutation({
    mutationFn: async () =>
      api.delete('/bulk/:tenant/problems', { params: { tenant: corporationOf(tenant) } }),
    onSuccess: () => invalidate(),
  });
}

export function useClearQueue(tenant: string | null) {
  const invalidate = useInvalidateBulk();
  return useMutation({
    mutationFn: async () => api.delete('/bulk/:tenant/all', { params: { tenant: corporationOf(tenant) } }),
    onSuccess: () => invalidate(),
  });
}

export function useProcessQueue(tenant: string | null) {
  const invalidate = useInvalidateBulk();
  return useMutation({
    mutationFn: async (options: BulkProcessRequest | void) =>
      api.post('/bulk/process/:tenant', { params: { tenant: corporationOf(tenant) }, body: options ?? {} }),
    onSettled: () => invalidate(),
  });
}

export function isEmailUnique(tenant: string, email: string, exceptItemId?: string) {
  return api.post('/bulk/is-email-unique', {
    body: { email, tenantId: tenant, exceptItemId },
  });
}
