import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@homeminder/shared/validation/messages';
import { useClearQueue, useDeleteItem, useProcessQueue, useUpdateItem } from './api';

describe('bulk calls without a company', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
  });

  it('fail with "selectedCompany is undefined" and send nothing', async () => {
    const client = new QueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(
      () => ({
        update: useUpdateItem(null),
        remove: useDeleteItem(null),
        clear: useClearQueue(null),
        process: useProcessQueue(null),
      }),
      { wrapper },
    );
    await expect(result.current.update.mutateAsync({ id: 1, data: {} })).rejects.toThrow(
      messages.selectedCompanyUndefined,
    );
    await expect(result.current.remove.mutateAsync(1)).rejects.toThrow(messages.selectedCompanyUndefined);
    await expect(result.current.clear.mutateAsync()).rejects.toThrow(messages.selectedCompanyUndefined);
    await expect(result.current.process.mutateAsync()).rejects.toThrow(messages.selectedCompanyUndefined);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
