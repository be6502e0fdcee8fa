import type { CSSProperties, ReactNode } from 'react';
import { Box, Group, Paper, SimpleGrid, Skeleton, Text, UnstyledButton } from '@mantine/core';
import { usePhone } from '../../../lib/phone';
import type { ClientStatusFilter } from '@homeminder/shared/contracts/clients';
import { formatNumber } from '@homeminder/shared/format';
import { LoadError } from '../../../components/errors/load-error';
import { usePendingCount, usePropertyCounts } from '../api';

/** One count above the grid; one with a filter shows its properties when pressed. */
interface Tile {
  key: string;
  label: string;
  value: ReactNode;
  hint: string;
  filter?: ClientStatusFilter;
  color: string;
}

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
  const tiles: Tile[] = [
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
      hint: 'client stopped reminders; still licensed',
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
  // On a phone the tiles are one line of chips that scrolls sideways, so the first clients are in sight.
  const phone = usePhone();
  if (counts.isError) {
    return <LoadError title="The counts could not be loaded" error={counts.error} onRetry={counts.refetch} />;
  }
  const spoken = (tile: Tile) =>
    `${tile.label}: ${typeof tile.value === 'number' ? formatNumber(tile.value) : '…'}`;
  const filterLabel = (tile: Tile) =>
    `${spoken(tile)}. Show ${tile.filter === 'all' ? 'all properties' : `${tile.label.toLowerCase()} properties`}`;
  // The tile of the filter in use is outlined in its colour.
  const chosenStyle = (tile: Tile): CSSProperties | undefined =>
    tile.filter !== undefined && status === tile.filter && tile.filter !== 'all'
      ? {
          borderColor: `var(--mantine-color-${tile.color}-6)`,
          boxShadow: `inset 0 0 0 1px var(--mantine-color-${tile.color}-6)`,
        }
      : undefined;
  // A tile with a filter is a toggle button; the licenses tile is read out as a status.
  const frame = (tile: Tile, body: ReactNode, style?: CSSProperties) =>
    tile.filter ? (
      <UnstyledButton
        key={tile.key}
        onClick={() => onStatus(tile.filter!)}
        aria-pressed={status === tile.filter}
        aria-label={filterLabel(tile)}
        style={style}
      >
        {body}
      </UnstyledButton>
    ) : (
      <Box key={tile.key} role="status" aria-label={spoken(tile)} style={style}>
        {body}
      </Box>
    );
  if (phone) {
    return (
      <Group
        gap={6}
        wrap="nowrap"
        data-testid="client-counts-line"
        style={{ overflowX: 'auto', paddingBottom: 4, scrollbarWidth: 'thin' }}
      >
        {tiles.map((tile) => {
          const chip = (
            <Paper
              withBorder
              radius="xl"
              px="sm"
              py={4}
              style={{ whiteSpace: 'nowrap', ...chosenStyle(tile) }}
            >
              <Text span size="sm" fw={700} c={tile.color === 'red' ? 'red.9' : undefined}>
                {tile.value === undefined
                  ? '…'
                  : typeof tile.value === 'number'
                    ? formatNumber(tile.value)
                    : tile.value}
              </Text>{' '}
              <Text span size="sm">
                {tile.label}
              </Text>
            </Paper>
          );
          return frame(tile, chip, { flexShrink: 0, borderRadius: 'var(--mantine-radius-xl)' });
        })}
      </Group>
    );
  }
  return (
    <SimpleGrid cols={{ base: 2, sm: 4, lg: 7 }} spacing="sm">
      {tiles.map((tile) => {
        const body = (
          <Paper withBorder p="sm" h="100%" style={chosenStyle(tile)}>
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
        return frame(tile, body);
      })}
    </SimpleGrid>
  );
}
