import { useEffect, useState } from 'react';
import { PrefetchPageLinks, useNavigate, useSearchParams } from 'react-router';
import { Button, Center, Loader, Stack, Text } from '@mantine/core';
import { errorMessageOf } from '../../lib/api-error';
import { initializeApp } from '../../lib/app-init';
import { returnParam, safeAppPath } from '../../lib/safe-app-path';

/** The Loading Page: initialises the app, then goes where the user was going. */
export function Component() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const target = safeAppPath(params.get(returnParam));

  useEffect(() => {
    let cancelled = false;
    initializeApp()
      .then(() => {
        if (!cancelled) void navigate(target, { replace: true });
      })
      .catch((error: unknown) => {
        if (!cancelled) setFailure(errorMessageOf(error));
      });
    return () => {
      cancelled = true;
    };
  }, [navigate, target, attempt]);

  return (
    <Center mih="100vh">
      {/* The wanted screen's code downloads beside who-am-i rather than after it. */}
      <PrefetchPageLinks page={target.split('?')[0]!} />
      {failure ? (
        <Stack align="center" maw={420} p="md">
          <Text fw={600}>HomeMinder could not start</Text>
          <Text ta="center">{failure}</Text>
          <Button
            onClick={() => {
              setFailure(null);
              setAttempt((value) => value + 1);
            }}
          >
            Try again
          </Button>
        </Stack>
      ) : (
        <LoadingIndicator />
      )}
    </Center>
  );
}

/** The spinner and its words, also shown while the app's code arrives (app/root.tsx). */
export function LoadingIndicator() {
  return (
    <Stack align="center" gap="sm">
      <Loader aria-label="Loading" />
      <Text c="gray.7">Loading HomeMinder…</Text>
    </Stack>
  );
}
