import { QueryClient } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages } from '@homeminder/shared/validation/messages';
import { stubFetch } from '../../test/fetch';
import { queryWrapper } from '../../test/render';
import { useClearQueue, useDeleteItem, useProcessQueue, useUpdateItem } from './api';

describe('bulk calls without a corporation', () => {
  const fetchMock = stubFetch();

  it('fail with "selectedCompany is undefined" and send nothing', async () => {
    const wrapper = queryWrapper(new QueryClient());
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
