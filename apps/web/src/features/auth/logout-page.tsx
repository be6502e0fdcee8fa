import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Center, Loader, Stack, Text } from '@mantine/core';
import { initializeApp } from '../../lib/app-init';
import { isAuthenticated, useSession } from '../../lib/session-store';
import { sendPendingDeletes } from '../../lib/pending-deletes';
import { logout } from './api';

/** Logout and Logoff: ends the session here and on the server, then goes to Login with the query. */
export function Component() {
  const navigate = useNavigate();
  const { search } = useLocation();

  useEffect(() => {
    // The app's own start (who-am-i, the picture) ends first, so none of its calls is refused by
    // the revoked token; a reminder removed just before is sent next, while the session still stands.
    const revoke = initializeApp()
      .catch(() => undefined)
      .then(() =>
        isAuthenticated(useSession.getState())
          ? sendPendingDeletes().then(() => logout().catch(() => undefined))
          : undefined,
      );
    void revoke.then(() => {
      useSession.getState().clearBearerToken();
      useSession.getState().setReturnUrl('');
      void navigate(`/login${search}`, { replace: true });
    });
  }, [navigate, search]);

  return (
    <Center mih="100vh">
      <Stack align="center" gap="sm">
        <Loader aria-label="Signing out" />
        <Text c="gray.7">Signing you out…</Text>
      </Stack>
    </Center>
  );
}
