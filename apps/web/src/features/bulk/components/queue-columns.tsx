import '@mantine/core/styles/Tooltip.css';
import { ActionIcon, Badge, Box, Group, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconClockPause, IconPencil, IconTrash } from '@tabler/icons-react';
import { bulkMessages, bulkRowName, type BulkItem } from '@homeminder/shared/contracts/bulk';
import { bulkProblemFields, bulkZipRepair } from '@homeminder/shared/contracts/bulk-row-check';
import type { GridColumn, GridRowAttributes } from '../../../components/data-grid';

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

/** How a ZIP was read when it was repaired (a lost leading zero), unless the ZIP is the row's problem. */
function ZipNote({ item }: { item: BulkItem }) {
  const zipRepair = bulkZipRepair(item.data);
  if (!zipRepair || bulkProblemFields(item.validationError).includes('zip')) return null;
  return (
    <Text size="xs" c="blue.9" data-testid="zip-read-as">
      {bulkMessages.zipReadAs(zipRepair.typed, zipRepair.read)}
    </Text>
  );
}

/** Each row is found by its line in its file (two files both have a line 2). */
export const queueRowAttributes = (item: BulkItem): GridRowAttributes => ({
  'data-testid': 'queue-row',
  'data-line': item.line ?? undefined,
  'data-file': item.fileName ?? undefined,
});

/**
 * The queue's columns, each row named by its line in its file; with `showFile` (rows of several
 * files queued) its file is shown and named too. On a `phone` the row's verdict sits under the
 * client's name, in sight, and has no column of its own.
 */
export function queueColumns({
  showFile,
  phone,
  onEdit,
  onDelete,
}: {
  showFile: boolean;
  phone: boolean;
  onEdit: (item: BulkItem) => void;
  onDelete: (item: BulkItem) => void;
}): GridColumn<BulkItem>[] {
  const line: GridColumn<BulkItem> = {
    key: 'line',
    header: 'Line',
    render: (item) => (
      <Text size="sm" ff="monospace">
        {item.line ?? '—'}
      </Text>
    ),
  };
  const file: GridColumn<BulkItem> = {
    key: 'file',
    header: 'File',
    cell: { maw: 180 },
    render: (item) => (
      <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
        {item.fileName ?? '—'}
      </Text>
    ),
  };
  const client: GridColumn<BulkItem> = {
    key: 'client',
    header: phone ? 'Client and problem' : 'Client',
    ...(phone ? { width: 170, cell: { maw: 170 } } : {}),
    render: (item) => (
      <>
        <Text size="sm" fw={600}>
          {`${item.data.firstName ?? ''} ${item.data.lastName ?? ''}`.trim() || '—'}
        </Text>
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {[item.data.email ?? 'no email', item.data.phone].filter(Boolean).join(' · ')}
        </Text>
        {phone ? (
          <Box mt={4}>
            <Verdict item={item} />
            <ZipNote item={item} />
          </Box>
        ) : null}
      </>
    ),
  };
  const property: GridColumn<BulkItem> = {
    key: 'property',
    header: 'Property',
    render: (item) => (
      <>
        <Text size="sm">{item.data.addressLine ?? '—'}</Text>
        <Text size="xs" c="dimmed">
          {[item.data.city, item.data.state, item.data.zip].filter(Boolean).join(', ')}
        </Text>
        {phone ? null : <ZipNote item={item} />}
      </>
    ),
  };
  const realtor: GridColumn<BulkItem> = {
    key: 'realtor',
    header: 'Realtor',
    render: (item) => (
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {item.data.realtorEmail ?? '—'}
      </Text>
    ),
  };
  const reminders: GridColumn<BulkItem> = {
    key: 'reminders',
    header: 'Reminders',
    cell: { maw: 220 },
    render: (item) => (
      <Text size="xs" lineClamp={2}>
        {item.data.reminders ?? '—'}
      </Text>
    ),
  };
  const problem: GridColumn<BulkItem> = {
    key: 'problem',
    header: 'Problem',
    render: (item) => <Verdict item={item} />,
  };
  const actions: GridColumn<BulkItem> = {
    key: 'actions',
    header: 'Actions',
    hideHeader: true,
    pinned: 'right',
    render: (item) => {
      const rowName = bulkRowName(item, showFile);
      return (
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
      );
    },
  };
  return [
    line,
    ...(showFile ? [file] : []),
    client,
    property,
    realtor,
    reminders,
    ...(phone ? [] : [problem]),
    actions,
  ];
}
