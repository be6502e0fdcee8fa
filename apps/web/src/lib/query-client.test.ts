import { afterEach, describe, expect, it } from 'vitest';
import { queryClient } from './query-client';
import { useSession } from './session-store';

const clientsGridKey = ['tenant-1', 'clients', 'grid', { page: 1 }];

describe('query client', () => {
  afterEach(() => {
    queryClient.clear();
    useSession.setState({ bearerToken: null, impersonatedToken: null });
  });

  it("forgets every response when a person signs out, so the next one never sees the last one's clients", () => {
    useSession.setState({ bearerToken: 'rita-token' });
    queryClient.setQueryData(clientsGridKey, { items: ['Rita’s client'] });

    useSession.setState({ bearerToken: null });

    expect(queryClient.getQueryData(clientsGridKey)).toBeUndefined();
  });

  it('forgets every response when someone else signs in on the same tab', () => {
    useSession.setState({ bearerToken: 'rita-token' });
    queryClient.setQueryData(clientsGridKey, { items: ['Rita’s client'] });

    useSession.setState({ bearerToken: 'ray-token' });

    expect(queryClient.getQueryData(clientsGridKey)).toBeUndefined();
  });

  it('keeps the responses while the same person goes on', () => {
    useSession.setState({ bearerToken: 'rita-token' });
    queryClient.setQueryData(clientsGridKey, { items: ['Rita’s client'] });

    useSession.setState({ tenantID: 'tenant-1' });

    expect(queryClient.getQueryData(clientsGridKey)).toEqual({ items: ['Rita’s client'] });
  });
});
