import type { ReactNode } from 'react';
import { Group, Paper, Skeleton, Stack } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { LoadError } from './errors/load-error';
import { CardTitle } from './section-card';

/**
 * A section of figures loaded from the server, named by its title: a placeholder of the figures'
 * height while they load, and the reason with a way to ask again when they could not be loaded.
 */
export function QueryCard<T>({
  titleId,
  title,
  control,
  align,
  query,
  loadingHeight,
  errorTitle,
  children,
}: {
  titleId: string;
  title: string;
  /** A filter or switch beside the title. */
  control?: ReactNode;
  /** How the control lines up with the title. */
  align?: 'center' | 'flex-end';
  query: UseQueryResult<T>;
  loadingHeight: number;
  errorTitle: string;
  children: (data: T) => ReactNode;
}) {
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Group justify="space-between" align={align} gap="sm">
          <CardTitle id={titleId}>{title}</CardTitle>
          {control}
        </Group>
        {query.isPending ? <Skeleton h={loadingHeight} /> : null}
        {query.isError ? <LoadError title={errorTitle} error={query.error} onRetry={query.refetch} /> : null}
        {query.data ? children(query.data) : null}
      </Stack>
    </Paper>
  );
}
