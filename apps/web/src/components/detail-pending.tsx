import { Link } from 'react-router';
import { Button, Paper, Skeleton, Stack } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { ServerErrorAlert } from './form/server-error-alert';

/** What a detail screen shows while its record loads. */
export function DetailSkeleton() {
  return (
    <Stack gap="md" aria-busy="true" aria-label="Loading">
      <Skeleton h={28} w="40%" />
      <Paper withBorder p="lg">
        <Stack gap="sm">
          <Skeleton h={16} w="70%" />
          <Skeleton h={16} w="55%" />
          <Skeleton h={16} w="62%" />
        </Stack>
      </Paper>
    </Stack>
  );
}

type Back = { to: string; label: string };

const home: Back = { to: '/', label: 'Go to Home' };

/** A record that could not be loaded (not found, not allowed, or the server failed), and a way back. */
function DetailError({ error, title, back }: { error: unknown; title: string; back: Back }) {
  return (
    <Stack gap="md" align="flex-start" maw={640}>
      <ServerErrorAlert error={error} title={title} />
      <Button
        component={Link}
        to={back.to}
        variant="light"
        leftSection={<IconArrowLeft size={16} aria-hidden />}
      >
        {back.label}
      </Button>
    </Stack>
  );
}

/**
 * A detail screen whose record is not loaded: the skeleton while it loads, or why it could not be
 * and a way back (Home unless `back` says otherwise).
 */
export function DetailPending({
  query,
  title,
  back = home,
}: {
  query: { isError: boolean; error: unknown };
  title: string;
  back?: Back;
}) {
  return query.isError ? <DetailError error={query.error} title={title} back={back} /> : <DetailSkeleton />;
}
