import { useEffect, useState } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Button, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { errorMessageOf } from '../lib/api-error';
import { asChunkLoadError, chunkFailureWords } from '../lib/chunk-load-error';
import { mayReloadForChunk, reloadOnceForChunk, useChunkFailure } from '../lib/chunk-reload';
import { LoadingIndicator } from '../features/system/loading-page';
import { NotFoundMessage } from '../features/system/not-found-message';

/**
 * What the user sees when a screen fails to load or to draw. A file that did not arrive (a newer
 * version deployed meanwhile, most likely) reloads the page once; failing again, it shows the
 * error and its code with a reload button (docs/decisions/073).
 */
export function RouteErrorBoundary() {
  const error = useRouteError();
  // A route whose module failed gets a framework error that does not say so; the watcher knows.
  const failedFile = useChunkFailure((state) => state.failure);
  const chunkError = asChunkLoadError(error) ?? failedFile;
  const [reloading] = useState(() => chunkError !== null && mayReloadForChunk());
  useEffect(() => {
    if (reloading) reloadOnceForChunk();
  }, [reloading]);

  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundMessage />;
  if (reloading)
    return (
      <Center mih="100vh">
        <LoadingIndicator />
      </Center>
    );

  const title = chunkError ? chunkFailureWords.title : 'Something went wrong';
  const detail = chunkError ? chunkFailureWords.detail : errorMessageOf(error);

  return (
    <Center mih="100vh" p="md">
      <Paper withBorder shadow="sm" p="xl" maw={520} w="100%">
        <Stack>
          <Title order={1} size="h2">
            {title}
          </Title>
          <Text>{detail}</Text>
          {chunkError ? (
            <Text size="sm" c="gray.7">
              Error code: {chunkError.code}
            </Text>
          ) : null}
          <Button
            leftSection={<IconRefresh size={18} aria-hidden />}
            onClick={() => window.location.reload()}
            w="fit-content"
          >
            {chunkFailureWords.reload}
          </Button>
        </Stack>
      </Paper>
    </Center>
  );
}
