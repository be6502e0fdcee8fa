import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Button, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { errorMessageOf } from '../lib/api-error';
import { asChunkLoadError } from '../lib/chunk-load-error';
import { NotFoundMessage } from '../features/system/not-found-message';

/** What the user sees when a screen fails to load or to draw. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundMessage />;

  const chunkError = asChunkLoadError(error);
  const title = chunkError ? 'This page could not be loaded' : 'Something went wrong';
  const detail = chunkError
    ? 'A newer version of HomeMinder may have been released, or the connection dropped. Reloading usually fixes it.'
    : errorMessageOf(error);

  return (
    <Center mih="100vh" p="md">
      <Paper withBorder shadow="sm" p="xl" maw={520} w="100%">
        <Stack>
          <Title order={1} size="h2">
            {title}
          </Title>
          <Text>{detail}</Text>
          {chunkError ? (
            <Text size="sm" c="dimmed">
              Error code: {chunkError.code}
            </Text>
          ) : null}
          <Button
            leftSection={<IconRefresh size={18} aria-hidden />}
            onClick={() => window.location.reload()}
            w="fit-content"
          >
            Reload the page
          </Button>
        </Stack>
      </Paper>
    </Center>
  );
}
