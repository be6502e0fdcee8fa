import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { errorMessageOf } from '../../lib/api-error';

export interface LoadErrorProps {
  /** What failed, in words: "The mail could not be loaded". Left out where the screen says it. */
  title?: string;
  error: unknown;
  /** Asks the server again, e.g. a query's refetch. */
  onRetry: () => unknown;
}

/** Data that could not be loaded: the server's reason and a way to ask again. */
export function LoadError({ title, error, onRetry }: LoadErrorProps) {
  return (
    <Alert color="red" title={title} icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{errorMessageOf(error)}</Text>
        <Button size="xs" variant="white" color="red" onClick={() => void onRetry()}>
          Try again
        </Button>
      </Stack>
    </Alert>
  );
}
