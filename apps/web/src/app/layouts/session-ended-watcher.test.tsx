import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { hasUnsavedChanges, useUnsavedChanges } from '../../components/form/unsaved-changes';
import { forgetSessionEnded, sessionEndedNote } from '../../lib/session-ended';
import { useSession } from '../../lib/session-store';
import { SessionEndedWatcher } from './session-ended-watcher';

function FormWithChanges() {
  useUnsavedChanges(true);
  return <p>Editing</p>;
}

function renderSignedInPage(page: React.ReactNode = <p>A page</p>) {
  const router = createMemoryRouter(
    [
      {
        path: '/settings',
        element: (
          <>
            {page}
            <SessionEndedWatcher />
          </>
        ),
      },
      { path: '/login', element: <p>Sign in</p> },
    ],
    { initialEntries: ['/settings?tab=profile'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('SessionEndedWatcher', () => {
  beforeEach(() => {
    useSession.setState({ bearerToken: 'token-1', expiry: Date.now() + 60_000 });
  });
  afterEach(() => {
    vi.useRealTimers();
    useSession.getState().clearBearerToken();
    useSession.getState().setReturnUrl('');
    forgetSessionEnded();
  });

  it('goes to Login when the server refuses the token, and comes back here after signing in', async () => {
    const router = renderSignedInPage();
    act(() => useSession.getState().clearBearerToken());
    expect(await screen.findByText('Sign in')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(useSession.getState().returnUrl).toBe('/settings?tab=profile');
    expect(sessionEndedNote()).toBe('ended');
  });

  it('drops changes not saved without asking, and tells Login they were lost', async () => {
    renderSignedInPage(<FormWithChanges />);
    expect(hasUnsavedChanges()).toBe(true);
    act(() => useSession.getState().clearBearerToken());
    expect(await screen.findByText('Sign in')).toBeTruthy();
    expect(hasUnsavedChanges()).toBe(false);
    expect(sessionEndedNote()).toBe('changes-lost');
  });

  it('ends the session when its time is up', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    useSession.setState({ expiry: Date.now() + 5_000 });
    renderSignedInPage();
    act(() => {
      vi.advanceTimersByTime(4_000);
    });
    expect(useSession.getState().bearerToken).toBe('token-1');
    act(() => {
      vi.advanceTimersByTime(1_100);
    });
    expect(useSession.getState().bearerToken).toBeNull();
    vi.useRealTimers();
    expect(await screen.findByText('Sign in')).toBeTruthy();
    expect(sessionEndedNote()).toBe('ended');
  });
});
