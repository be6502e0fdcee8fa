import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages } from '@homeminder/shared/validation/messages';
import { stubFetch } from '../../test/fetch';
import { signInEachTest } from '../../test/session';
import { queryWrapper, testQueryClient } from '../../test/render';
import { useTenantUser } from './api';

describe('reading a user by id', () => {
  const fetchMock = stubFetch();
  signInEachTest({ tenantID: 't', userID: 'u' });

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
