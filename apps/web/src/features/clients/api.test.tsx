import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ClientGridQueryInput } from '@homeminder/shared/contracts/clients';
import { json, stubFetch, urlOf } from '../../test/fetch';
import { testQueryClient } from '../../test/render';
import { signInEachTest } from '../../test/session';
import { useClientGrid, usePendingCount } from './api';

describe('the client grid with the pending flag', () => {
  const fetchMock = stubFetch();
  signInEachTest({ tenantID: 't', userID: 'u' });
  const pendingCountReads = () =>
    fetchMock.mock.calls.filter(([input]) => urlOf(input).includes('properties/pendingCount')).length;

  beforeEach(() => {
    fetchMock.mockImplementation(async (input) =>
      urlOf(input).includes('api/clients/grid') ? json({ items: [], totalItemCount: 7 }) : json({ count: 3 }),
    );
  });

  /** Lists the grid first, then opens the pending count, as the Clients page does after a filter click. */
  async function gridThenPendingCount(query: ClientGridQueryInput) {
    const client = testQueryClient({ staleTime: 30_000 });
    // The grid reads the operator's chosen corporation from the address, as on the Clients page.
    const wrapper = ({ children }: { children: ReactNode }) => (
      <MemoryRouter>
        <QueryClientProvider client={client}>{children}</QueryClientProvider>
      </MemoryRouter>
    );
    const grid = renderHook(() => useClientGrid(query), { wrapper });
    await waitFor(() => expect(grid.result.current.data?.totalItemCount).toBe(7));
    const pending = renderHook(() => usePendingCount(), { wrapper });
    await waitFor(() => expect(pending.result.current.data).toBeDefined());
    return pending.result.current.data;
  }

  it('keeps the total of a pending-only list as the pending count', async () => {
    expect(await gridThenPendingCount({ status: 'pending', pending: 1 })).toEqual({ count: 7 });
    expect(pendingCountReads()).toBe(0);
  });

  it('leaves the pending count alone when the list is narrowed by a search', async () => {
    expect(await gridThenPendingCount({ status: 'pending', pending: 1, search: 'maple' })).toEqual({
      count: 3,
    });
    expect(pendingCountReads()).toBe(1);
  });
});
