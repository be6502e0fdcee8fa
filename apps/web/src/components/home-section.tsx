import type { ReactElement, ReactNode } from 'react';
import { Group, Skeleton, Text, Title } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import { LoadError } from './errors/load-error';

/** What a home's section shows of its query: whether it waits, failed, or has its data. */
export interface HomeSectionQuery<T> {
  data?: T;
  isPending: boolean;
  error: unknown;
  refetch: () => unknown;
}

/** A home's section while its query waits or after it failed; null once it has its data. */
export function homeSectionWaiting(query: HomeSectionQuery<unknown>, title: string): ReactElement | null {
  if (query.isPending) return <Skeleton h={72} aria-label={`Loading ${title.toLowerCase()}`} />;
  if (query.data === undefined)
    return (
      <LoadError
        title={`${title} could not be loaded`}
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  return null;
}

/** A home's section's heading: its icon and title, and a figure beside them (how much is answered). */
export function HomeSectionHeading({
  icon: SectionIcon,
  title,
  order,
  aside,
}: {
  icon: Icon;
  title: string;
  order: 3 | 4;
  aside?: ReactNode;
}) {
  return (
    <Group justify="space-between" gap="sm" align="center">
      <Group gap={8} wrap="nowrap">
        <SectionIcon size={20} aria-hidden />
        <Title order={order} size="h5">
          {title}
        </Title>
      </Group>
      {aside ? (
        <Text size="sm" c="gray.7">
          {aside}
        </Text>
      ) : null}
    </Group>
  );
}
