import type { ReactNode } from 'react';
import { Box, Paper, SimpleGrid, Skeleton, Text, UnstyledButton } from '@mantine/core';
import type { ClientStatusFilter } from '@homeminder/shared/contracts/clients';
import { formatNumber } from '@homeminder/shared/format';
import { LoadError } from '../../../components/errors/load-error';
import { usePendingCount, usePropertyCounts } from '../api';

/** The tiles above the grid: the properties by status (each a filter) and the licenses free. */
export function ClientCounts({
  status,
  onStatus,
}: {
  status: ClientStatusFilter;
  onStatus: (status: ClientStatusFilter) => void;
}) {
  const counts = usePropertyCounts();
  const pending = usePendingCount();
  const data = counts.data;
  const tiles: Array<{
    key: string;
    label: string;
    value: ReactNode;
    hint: string;
    filter?: ClientStatusFilter;
    color: string;
  }> = [
    {
      key: 'count',
      label: 'Properties',
      value: data?.count,
      hint: 'all of your clients’ homes',
      filter: 'all',
      color: 'blue',
    },
    {
      key: 'enabled',
      label: 'Enabled',
      value: data?.enabled,
      hint: 'getting reminders',
      filter: 'enabled',
      color: 'teal',
    },
    {
      key: 'noReminders',
      label: 'No reminders',
      value: data?.noReminders,
      hint: 'enabled, no reminder chosen',
      filter: 'noReminders',
      color: 'orange',
    },
    {
      key: 'pending',
      label: 'Pending',
      value: pending.data?.count,
      hint: 'waiting to be confirmed',
      filter: 'pending',
      color: 'yellow',
    },
    {
      key: 'disabled',
      label: 'Disabled',
      value: data?.disabled,
      hint: 'reminders switched off',
      filter: 'disabled',
      color: 'gray',
    },
    {
      key: 'unsubscribed',
      label: 'Unsubscribed',
      value: data?.unsubscribed,
      hint: 'client asked to stop reminders',
      filter: 'unsubscribed',
      color: 'red',
    },
    {
      key: 'licenses',
      label: 'Licenses free',
      value: data ? data.licensesFree : undefined,
      hint: data ? `of ${formatNumber(data.licensed)} in your company` : 'in your company',
      color: data && data.licensesFree === 0 ? 'red' : 'indigo',
    },
  ];
  if (counts.isError) {
    return <LoadError title="The counts could not be loaded" error={counts.error} onRetry={counts.refetch} />;
  }
  return (
    <SimpleGrid cols={{ base: 2, sm: 4, lg: 7 }} spacing="sm">
      {tiles.map((tile) => {
        const body = (
          <Paper
            withBorder
            p="sm"
            h="100%"
            style={
              tile.filter && status === tile.filter && tile.filter !== 'all'
                ? {
                    borderColor: `var(--mantine-color-${tile.color}-6)`,
                    boxShadow: `inset 0 0 0 1px var(--mantine-color-${tile.color}-6)`,
                  }
                : undefined
            }
          >
            <Text size="xs" fw={700} tt="uppercase" c="dimmed">
              {tile.label}
            </Text>
            {tile.value === undefined ? (
              <Skeleton h={30} w={60} my={2} />
            ) : (
              <Text fz={26} fw={700} lh={1.3} c={tile.color === 'red' ? 'red.9' : undefined}>
                {typeof tile.value === 'number' ? formatNumber(tile.value) : tile.value}
              </Text>
            )}
            <Text size="xs" c="dimmed">
              {tile.hint}
            </Text>
          </Paper>
        );
        return tile.filter ? (
          <UnstyledButton
            key={tile.key}
            onClick={() => onStatus(tile.filter!)}
            aria-pressed={status === tile.filter}
            aria-label={`${tile.label}: ${typeof tile.value === 'number' ? formatNumber(tile.value) : '…'}. Show ${tile.filter === 'all' ? 'all properties' : `${tile.label.toLowerCase()} properties`}`}
          >
            {body}
          </UnstyledButton>
        ) : (
          <Box
            key={tile.key}
            role="status"
            aria-label={`${tile.label}: ${typeof tile.value === 'number' ? formatNumber(tile.value) : '…'}`}
          >
            {body}
          </Box>
        );
      })}
    </SimpleGrid>
  );
}
