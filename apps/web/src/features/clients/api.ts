import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import {
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import type {
  ClientGridQueryInput,
  ClientSetupInput,
  PendingCount,
} from '@homeminder/shared/contracts/clients';
import type { ClientBulkRequest, ClientSelection } from '@homeminder/shared/contracts/client-selection';
import type { UsState } from '@homeminder/shared/contracts/identity';
import { corporationWidePrivileges, Privilege } from '@homeminder/shared/permissions';
import { isGuid } from '@homeminder/shared/validation/rules';
import { api, downloadFile, type Api } from '../../lib/http';
import { tenantDetailsQuery } from '../../lib/corporation-time-zone';
import type { Prefetch } from '../../lib/server-api';
import { parseGridParams } from '../../components/data-grid';
import { clientGridConfig, gridQueryOf } from './grid/client-grid-query';
import { hasAnyPrivilege, useSession } from '../../lib/session-store';
import { queryKey } from '../../lib/query-keys';

/**
 * The corporation the operator's client screens act for: `company` in the address, for a holder of
 * ActAcrossTenants (docs/decisions/051). Null for everyone else, who work in their own corporation.
 */
export function useClientCorporation(): string | null {
  const [params] = useSearchParams();
  const acrossTenants = useSession((state) => hasAnyPrivilege([Privilege.ActAcrossTenants], state));
  const corporation = params.get('company');
  return acrossTenants && corporation && isGuid(corporation) ? corporation.toLowerCase() : null;
}

export type ClientHeaders = Record<string, string> | undefined;

/** The tenant-id header of the corporation the client screens act for, when it is not the own one. */
export function useClientHeaders(): ClientHeaders {
  const corporation = useClientCorporation();
  return useMemo(() => (corporation ? { 'tenant-id': corporation } : undefined), [corporation]);
}

/**
 * Server state of the clients area. Every key starts with the tenant, then 'clients', so one
 * invalidation refreshes everything a change may have touched (grid, counts, details).
 */
const clientKey = (tenantId: string | null, ...parts: unknown[]) => queryKey(tenantId, 'clients', ...parts);

function useClientTenant(): string | null {
  const ownTenant = useSession((state) => state.tenantID);
  return useClientCorporation() ?? ownTenant;
}

export function useClientKey() {
  const tenantId = useClientTenant();
  return (...parts: unknown[]) => clientKey(tenantId, ...parts);
}

/** Managers and administrators see the corporation's clients; a realtor only their own. */
export function useIsCorporationWide(): boolean {
  return useSession((state) => hasAnyPrivilege(corporationWidePrivileges, state));
}

/**
 * A page of the client grid. A list of every pending property (the pending flag, not narrowed by
 * a search or a realtor) has the pending count as its total, which is kept as that count.
 */
function clientGridQuery(
  caller: Api,
  cache: QueryClient,
  tenantId: string | null,
  query: ClientGridQueryInput,
  headers: ClientHeaders,
) {
  return queryOptions({
    queryKey: clientKey(tenantId, 'grid', query),
    queryFn: async ({ signal }) => {
      const grid = await caller.post('/clients/grid', { body: query, signal, headers });
      if (query.pending === 1 && !query.search && !query.realtorId)
        cache.setQueryData<PendingCount>(clientKey(tenantId, 'pending-count'), {
          count: grid.totalItemCount,
        });
      return grid;
    },
    placeholderData: keepPreviousData,
  });
}

export function useClientGrid(query: ClientGridQueryInput) {
  return useQuery(clientGridQuery(api, useQueryClient(), useClientTenant(), query, useClientHeaders()));
}

type ReadInit = { signal: AbortSignal; headers: ClientHeaders };

/** A read of the clients area, asked for the corporation the screens act for and kept under `part`. */
function clientReadQuery<T>(
  tenantId: string | null,
  part: string,
  load: (init: ReadInit) => Promise<T>,
  headers: ClientHeaders,
  options: { staleTime?: number } = {},
) {
  return queryOptions({
    queryKey: clientKey(tenantId, part),
    queryFn: ({ signal }) => load({ signal, headers }),
    ...options,
  });
}

const countsQuery = (caller: Api, tenantId: string | null, headers: ClientHeaders) =>
  clientReadQuery(tenantId, 'counts', (init) => caller.get('/clients/properties/count', init), headers);

const pendingCountQuery = (caller: Api, tenantId: string | null, headers: ClientHeaders) =>
  clientReadQuery(
    tenantId,
    'pending-count',
    (init) => caller.get('/clients/properties/pendingCount', init),
    headers,
  );

// The realtors of a corporation change rarely.
const realtorsQuery = (caller: Api, tenantId: string | null, headers: ClientHeaders) =>
  clientReadQuery(tenantId, 'realtors', (init) => caller.get('/clients/realtors', init), headers, {
    staleTime: 5 * 60_000,
  });

export const usePropertyCounts = () => useQuery(countsQuery(api, useClientTenant(), useClientHeaders()));

export const usePendingCount = () => useQuery(pendingCountQuery(api, useClientTenant(), useClientHeaders()));

export const useRealtors = () => useQuery(realtorsQuery(api, useClientTenant(), useClientHeaders()));

/**
 * What the client grid shows first, read on the server (docs/decisions/084): the counts, the page
 * of rows its address asks for, and the realtors a manager may filter by. The operator chooses a
 * corporation first, so their screen reads nothing before.
 */
export async function prefetchClientGrid({ api: caller, viewer, client, url }: Prefetch): Promise<void> {
  if (viewer.privileges.includes(Privilege.ActAcrossTenants)) return;
  const { tenantId } = viewer;
  const query = gridQueryOf(parseGridParams(clientGridConfig, url.searchParams));
  const reads = [
    client.prefetchQuery(tenantDetailsQuery(caller, tenantId)),
    client.prefetchQuery(clientGridQuery(caller, client, tenantId, query, undefined)),
    client.prefetchQuery(countsQuery(caller, tenantId, undefined)),
    client.prefetchQuery(pendingCountQuery(caller, tenantId, undefined)),
  ];
  if (corporationWidePrivileges.some((name) => viewer.privileges.includes(name)))
    reads.push(client.prefetchQuery(realtorsQuery(caller, tenantId, undefined)));
  const open = url.searchParams.get('open');
  if (open && isGuid(open))
    reads.push(client.prefetchQuery(clientDetailQuery(caller, tenantId, open, 'clients', undefined)));
  await Promise.all(reads);
}

/** Where a client is read and saved: the clients area, or the admin variant of the same calls. */
export type ClientArea = 'clients' | 'admin';

function clientDetailQuery(
  caller: Api,
  tenantId: string | null,
  clientId: string | null,
  area: ClientArea,
  headers: ClientHeaders,
) {
  return queryOptions({
    queryKey: clientKey(tenantId, 'detail', clientId),
    queryFn: ({ signal }) =>
      caller.get(area === 'admin' ? '/admin/clientUsers/:id' : '/clients/client/:id', {
        params: { id: clientId! },
        signal,
        headers,
      }),
    enabled: Boolean(clientId),
  });
}

export function useClientDetail(clientId: string | null, area: ClientArea = 'clients') {
  return useQuery(clientDetailQuery(api, useClientTenant(), clientId, area, useClientHeaders()));
}

/**
 * A client's timeline, newest first, a page at a time (docs/decisions/064): reminders sent, replies,
 * help handled, unsubscribing and invitations; each older page from the cursor of the one before.
 */
export function useClientActivity(clientId: string) {
  const key = useClientKey();
  const headers = useClientHeaders();
  return useInfiniteQuery({
    queryKey: key('activity', clientId),
    queryFn: ({ signal, pageParam }) =>
      api.get('/clients/client/:id/activity', {
        params: { id: clientId },
        query: pageParam ? { before: pageParam } : {},
        signal,
        headers,
      }),
    initialPageParam: '',
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
}

export function useReminderCatalogue() {
  const key = useClientKey();
  return useQuery({
    queryKey: key('reminders'),
    queryFn: ({ signal }) => api.post('/clients/reminders', { body: { pageSize: 'all' }, signal }),
    staleTime: 30 * 60_000,
  });
}

export function useFrequencies() {
  const key = useClientKey();
  return useQuery({
    queryKey: key('frequencies'),
    queryFn: ({ signal }) => api.get('/clients/frequencies', { signal }),
    staleTime: 30 * 60_000,
  });
}

/**
 * The corporation's default reminders, which a new client's form starts with (docs/decisions/060).
 * Read fresh each time the form opens: an administrator may have just changed them.
 */
export function useDefaultReminderSet(enabled: boolean) {
  const key = useClientKey();
  const ownTenant = useSession((state) => state.tenantID);
  const tenantId = useClientCorporation() ?? ownTenant;
  return useQuery({
    queryKey: key('default-reminders'),
    queryFn: ({ signal }) =>
      api.get('/corporation/settings/defaultReminders/:id', { params: { id: tenantId! }, signal }),
    enabled: enabled && Boolean(tenantId),
    staleTime: 0,
  });
}

const usStatesStorageKey = 'homeminder:us-states';

function storedUsStates(): UsState[] | undefined {
  try {
    const stored = JSON.parse(localStorage.getItem(usStatesStorageKey) ?? 'null') as unknown;
    return Array.isArray(stored) && stored.length > 0 ? (stored as UsState[]) : undefined;
  } catch {
    return undefined;
  }
}

/** The US states lookup, kept in local storage (docs/requirements.md §8.2 "Lookups"). */
export function useUsStates() {
  return useQuery({
    queryKey: queryKey(null, 'lookups', 'us-states'),
    queryFn: async ({ signal }) => {
      const states = await api.get('/lookups/us-states', { signal });
      try {
        localStorage.setItem(usStatesStorageKey, JSON.stringify(states));
      } catch {
        // A full or blocked storage only means asking again next time.
      }
      return states;
    },
    initialData: storedUsStates,
    staleTime: Infinity,
  });
}

/** Refreshes everything of the clients area after a change. */
export function useInvalidateClients() {
  const queryClient = useQueryClient();
  const key = useClientKey();
  return () => queryClient.invalidateQueries({ queryKey: key() });
}

/** A change in the clients area, sent for the corporation the screens act for; then everything loads again. */
export function useClientChange<V, R>(send: (variables: V, headers: ClientHeaders) => Promise<R>) {
  const invalidate = useInvalidateClients();
  const headers = useClientHeaders();
  return useMutation({
    mutationFn: (variables: V) => send(variables, headers),
    onSuccess: () => invalidate(),
  });
}

export function useSetupClient(area: ClientArea = 'clients') {
  return useClientChange((body: ClientSetupInput, headers) =>
    area === 'admin'
      ? api.post('/admin/clientUsers/setup', { body, headers })
      : api.put('/clients/setup', { body, headers }),
  );
}

export function useTogglePropertyMutation() {
  return useClientChange(
    ({ propertyId, tenantId, enable }: { propertyId: string; tenantId: string; enable: boolean }, headers) =>
      api.post(enable ? '/clients/enable' : '/clients/disable', { body: { propertyId, tenantId }, headers }),
  );
}

export function useDeleteClient() {
  return useClientChange((clientId: string, headers) =>
    api.delete('/clients/clientUser/:id', { params: { id: clientId }, headers }),
  );
}

/** Starts the reminders of a client who unsubscribed again, at the client's request. */
export function useRestartReminders() {
  return useClientChange((clientId: string, headers) =>
    api.post('/clients/resubscribe/:id', { params: { id: clientId }, headers }),
  );
}

/** Emails the client a link to create a sign-in and choose reminders (a new one replaces the last). */
export function useInviteClient() {
  const headers = useClientHeaders();
  return useMutation({
    mutationFn: (clientId: string) => api.post('/clients/invite/:id', { params: { id: clientId }, headers }),
  });
}

export const deleteSubscription = (
  id: string,
  options: { keepalive?: boolean; headers?: Record<string, string> | undefined } = {},
) => api.delete('/clients/reminderSubscription/:id', { ...options, params: { id } });

/** The grid row after `currentId` under the same query, or null after the last. */
export async function nextClientRow(
  query: ClientGridQueryInput,
  currentId: string,
  headers?: Record<string, string>,
) {
  const { items } = await api.post('/clients/nextTenant', { body: { ...query, currentId }, headers });
  return items[0] ?? null;
}

/** The row "Next client" would open, asked for as the details open, so the last row offers none. */
export function useNextClientRow(query: ClientGridQueryInput | undefined, currentId: string | undefined) {
  const key = useClientKey();
  const headers = useClientHeaders();
  return useQuery({
    queryKey: key('next', query, currentId),
    queryFn: () => nextClientRow(query!, currentId!, headers),
    enabled: Boolean(query && currentId),
  });
}

/** Saves the filtered list as a CSV file on the device. */
export function exportClientsCsv(query: ClientGridQueryInput, headers?: Record<string, string>) {
  return downloadFile('POST /clients/export', {
    body: query,
    fileName: 'clients.csv',
    headers,
  });
}

/** One request for the whole selection (docs/decisions/080); everything loads again after it. */
export function useClientBulkAction() {
  return useClientChange((body: ClientBulkRequest, headers) => api.post('/clients/bulk', { body, headers }));
}

/** Saves the selected rows as a CSV file on the device. */
export function exportClientSelection(selection: ClientSelection, headers?: Record<string, string>) {
  return downloadFile('POST /clients/bulk/export', {
    body: { selection },
    fileName: 'clients-selected.csv',
    headers,
  });
}
