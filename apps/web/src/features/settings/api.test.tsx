import { act, renderHook, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { json, stubFetch } from '../../test/fetch';
import { queryWrapper, testQueryClient } from '../../test/render';
import { signInEachTest } from '../../test/session';
import { useChangePassword, useOwnProfile } from './api';

describe('useChangePassword', () => {
  const fetchMock = stubFetch();
  signInEachTest({ tenantID: 't', userID: 'u' });
  const profileReads = () =>
    fetchMock.mock.calls.filter(([input]) =>
      String(input instanceof Request ? input.url : input).includes('api/id/profile'),
    ).length;

  beforeEach(() => {
    let changedAt = '2026-01-01T00:00:00.000Z';
    fetchMock.mockImplementation(async (input) => {
      const url = String(input instanceof Request ? input.url : input);
      if (url.includes('api/id/password')) {
        changedAt = '2026-11-24T07:00:00.000Z';
        return json({ message: 'Your password was changed.' });
      }
      return json({ firstName: 'Rita', lastName: 'Realtor', phone: null, passwordChangedAt: changedAt });
    });
  });

  it('reads the profile again, so the page shows when the password was last changed', async () => {
    const wrapper = queryWrapper(testQueryClient({ staleTime: 30_000 }));
    const { result } = renderHook(() => ({ profile: useOwnProfile(), change: useChangePassword() }), {
      wrapper,
    });
    await waitFor(() =>
      expect(result.current.profile.data?.passwordChangedAt).toBe('2026-01-01T00:00:00.000Z'),
    );
    await act(() =>
      result.current.change.mutateAsync({
        currentPassword: 'Old-Passw0rd!',
        password: 'New-Passw0rd!',
        confirmPassword: 'New-Passw0rd!',
      }),
    );
    await waitFor(() =>
      expect(result.current.profile.data?.passwordChangedAt).toBe('2026-11-24T07:00:00.000Z'),
    );
    expect(profileReads()).toBe(2);
  });
});
