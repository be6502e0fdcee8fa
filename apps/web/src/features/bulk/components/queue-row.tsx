import { memo } from 'react';
import { ActionIcon, Badge, Box, Group, Table, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconClockPause, IconPencil, IconTrash } from '@tabler/icons-react';
import { bulkMessages, bulkRowName, type BulkItem } from '@homeminder/shared/contracts/bulk';
import { bulkProblemFields, bulkZipRepair } from '@homeminder/shared/contracts/bulk-row-check';

/** The row's actions stay at the right edge in sight while the rest of a wide row scrolls. */
export const actionsColumn = {
  position: 'sticky',
  right: 0,
  zIndex: 1,
  background: 'var(--mantine-color-body)',
} as const;

/** The verdict cell: the row's problem, else ready, or waiting when no license is free for it. */
function Verdict({ item }: { item: BulkItem }) {
  if (item.validationError) {
    return (
      <Text size="sm" c="red.9" data-testid="row-problem" maw={320}>
        {item.validationError}
      </Text>
    );
  }
  if (item.waitingForLicense) {
    return (
      <Badge
        color="orange"
        variant="light"
        c="#7c2d12"
        leftSection={<IconClockPause size={12} aria-hidden />}
        data-testid="row-waiting"
      >
        {bulkMessages.waitingForLicense}
      </Badge>
    );
  }
  return (
    <Badge color="teal" variant="light" c="#065f46" leftSection={<IconCheck size={12} aria-hidden />}>
      Ready
    </Badge>
  );
}

/**
 * One queued row, named by its line in its file; with `showFile` (rows of several files queued)
 * its file is shown and named too, since two files both have a line 2. Memoised: a queue holds
 * thousands of rows, and a refetch keeps the objects of rows that did not change, so saving one
 * row or opening a dialog draws only what changed.
 */
export const QueueRow = memo(function QueueRow({
  item,
  showFile,
  phone,
  onEdit,
  onDelete,
}: {
  item: BulkItem;
  showFile: boolean;
  /** On a phone the row's verdict sits under the client's name, in sight, and has no column of its own. */
  phone: boolean;
  onEdit: (item: BulkItem) => void;
  onDelete: (item: BulkItem) => void;
}) {
  const { data } = item;
  const name = `${data.firstName ?? ''} ${data.lastName ?? ''}`.trim();
  const rowName = bulkRowName(item, showFile);
  const zipRepair = bulkZipRepair(data);
  const zipNote =
    zipRepair && !bulkProblemFields(item.validationError).includes('zip') ? (
      <Text size="xs" c="blue.9" data-testid="zip-read-as">
        {bulkMessages.zipReadAs(zipRepair.typed, zipRepair.read)}
      </Text>
    ) : null;
  return (
    <Table.Tr
      data-testid="queue-row"
      data-line={item.line ?? undefined}
      data-file={item.fileName ?? undefined}
    >
      <Table.Td>
        <Text size="sm" ff="monospace">
          {item.line ?? '—'}
        </Text>
      </Table.Td>
      {showFile ? (
        <Table.Td maw={180}>
          <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
            {item.fileName ?? '—'}
          </Text>
        </Table.Td>
      ) : null}
      <Table.Td w={phone ? 200 : undefined} maw={phone ? 200 : undefined}>
        <Text size="sm" fw={600}>
          {name || '—'}
        </Text>
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {[data.email ?? 'no email', data.phone].filter(Boolean).join(' · ')}
        </Text>
        {phone ? (
          <Box mt={4}>
            <Verdict item={item} />
            {zipNote}
          </Box>
        ) : null}
      </Table.Td>
      <Table.Td>
        <Text size="sm">{data.addressLine ?? '—'}</Text>
        <Text size="xs" c="dimmed">
          {[data.city, data.state, data.zip].filter(Boolean).join(', ')}
        </Text>
        {phone ? null : zipNote}
      </Table.Td>
      <Table.Td>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {data.realtorEmail ?? '—'}
        </Text>
      </Table.Td>
      <Table.Td maw={220}>
        <Text size="xs" lineClamp={2}>
          {data.reminders ?? '—'}
        </Text>
      </Table.Td>
      {phone ? null : (
        <Table.Td>
          <Verdict item={item} />
        </Table.Td>
      )}
      <Table.Td style={actionsColumn}>
        <Group gap={4} wrap="nowrap">
          <Tooltip label="Edit">
            <ActionIcon variant="subtle" onClick={() => onEdit(item)} aria-label={`Edit ${rowName}`}>
              <IconPencil size={16} aria-hidden />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Delete">
            <ActionIcon
              variant="subtle"
              color="red"
              onClick={() => onDelete(item)}
              aria-label={`Delete ${rowName}`}
            >
              <IconTrash size={16} aria-hidden />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
});
