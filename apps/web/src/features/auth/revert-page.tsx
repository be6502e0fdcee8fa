import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert, Center, Loader, Stack, Text } from '@mantine/core';
import { errorMessageOf } from '../../lib/api-error';
import { useSession } from '../../lib/session-store';
import { endImpersonation } from './api';

/** Revert Impersonation ("Please wait..."): stops acting as another user and returns Home. */
export function Component() {
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    // The server ends the acting token first; if it cannot be reached, the token still expires
    // there within the hour, and the browser stops sending it either way.
    endImpersonation()
      .catch(() => undefined)
      .then(() => useSession.getState().clearImpersonation())
      .then(() => navigate('/', { replace: true }))
      .catch((error: unknown) => setFailure(errorMessageOf(error)));
  }, [navigate]);

  return (
    <Center py="xl">
      {failure ? (
        <Alert color="red" title="Could not switch back">
          {failure}
        </Alert>
      ) : (
        <Stack align="center" gap="sm">
          <Loader aria-label="Please wait" />
          <Text c="gray.7">Switching back to your own account…</Text>
        </Stack>
      )}
    </Center>
  );
}
