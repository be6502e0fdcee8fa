import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@homeminder/shared/validation/messages';
import { useSession } from '../../lib/session-store';
import { queryWrapper, testQueryClient } from '../../test/render';
import { useTenantUser } from './api';

describe('reading a user by id', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    useSession.setState({ bearerToken: 'token', expiry: Date.now() + 60_000, tenantID: 't', userID: 'u' });
  });
  afterEach(() => {
    useSession.getState().clearBearerToken();
    vi.unstubAllGlobals();
    fetchMock.mockReset();
  });

  it.each([undefined, '', '  '])(
    'fails with "Unable to retrieve user" without an id (%j), asking nothing',
    async (id) => {
      const { result } = renderHook(() => useTenantUser(id), { wrapper: queryWrapper(testQueryClient()) });
      await waitFor(() => expect(result.current.isError).toBe(true));
      expect(result.current.error?.message).toBe(messages.unableUser);
      expect(fetchMock).not.toHaveBeenCalled();
    },
  );
});
