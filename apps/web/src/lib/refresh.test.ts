import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { messages } from '@homeminder/shared/validation/messages';
import { refreshLastQuery } from './refresh';

describe('refreshLastQuery', () => {
  it('runs the last query again', async () => {
    const run = vi.fn(async () => ({ items: [], totalItemCount: run.mock.calls.length }));
    const observer = new QueryObserver(new QueryClient(), { queryKey: ['grid', { page: 2 }], queryFn: run });
    await observer.refetch();
    expect(run).toHaveBeenCalledTimes(1);

    await refreshLastQuery(observer.getCurrentResult());
    expect(run).toHaveBeenCalledTimes(2);
    expect(observer.getCurrentResult().data).toEqual({ items: [], totalItemCount: 2 });
  });

  it('fails as premature when no query has run yet', async () => {
    const run = vi.fn(async () => 'rows');
    const observer = new QueryObserver(new QueryClient(), {
      queryKey: ['grid'],
      queryFn: run,
      enabled: false,
    });
    await expect(refreshLastQuery(observer.getCurrentResult())).rejects.toThrow(messages.refreshPremature);
    expect(run).not.toHaveBeenCalled();
  });

  it('passes on the failure of the query it ran again', async () => {
    let fail = false;
    const observer = new QueryObserver(new QueryClient(), {
      queryKey: ['list'],
      queryFn: async () => {
        if (fail) throw new Error('The server returned an error');
        return 'rows';
      },
      retry: false,
    });
    await observer.refetch();
    fail = true;
    await expect(refreshLastQuery(observer.getCurrentResult())).rejects.toThrow(
      'The server returned an error',
    );
  });
});
