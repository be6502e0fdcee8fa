import { useState } from 'react';
import {
  ActionIcon,
  Badge,
  Box,
  Button,
  Center,
  Group,
  Pagination,
  Paper,
  Skeleton,
  Stack,
  Switch,
  Table,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconFileDownload, IconInbox, IconPencil, IconTrash } from '@tabler/icons-react';
import type { BulkItem } from '@homeminder/shared/contracts/bulk';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { errorMessageOf } from '../../../lib/api-error';
import { fetchProblemRows, useBulkPage, useClearQueue, useDeleteItem } from '../api';
import { problemRowsCsv, saveTextFile } from '../bulk-csv';
import { useBulkState } from '../bulk-state';
import { clearConfirmText, queueSummaryText, removedText } from '../bulk-text';
import { EditRowDialog } from './edit-row-dialog';
import { LoadError } from '../../../components/errors/load-error';
import { CardTitle } from '../../../components/section-card';

/** The queued rows, each with its problem; edit or delete a row, or clear the whole queue. */
export function QueueGrid({ tenant }: { tenant: string }) {
  const pageSize = useBulkState((state) => state.pageSize);
  const [page, setPage] = useState(useBulkState.getState().page);
  const [onlyProblems, setOnlyProblems] = useState(false);
  const [editing, setEditing] = useState<BulkItem | null>(null);
  const [deleting, setDeleting] = useState<BulkItem | null>(null);
  const [clearing, setClearing] = useState(false);
  const [downloading, setDownloading] = useState(false);
  // The whole queue's counts (the page the upload page reads anyway), and the page on show, which
  // the server filters to the rows with a problem when asked.
  const summary = useBulkPage(tenant, 1, pageSize).data;
  const query = useBulkPage(tenant, page, pageSize, onlyProblems ? 'problems' : 'all');
  const remove = useDeleteItem(tenant);
  const clear = useClearQueue(tenant);

  const data = query.data;
  const total = summary?.totalItemCount ?? 0;
  const errorCount = summary?.errorCount ?? 0;
  const listed = data?.totalItemCount ?? 0;
  const pages = Math.max(1, Math.ceil(listed / pageSize));
  const rows = data?.items ?? [];

  async function downloadProblems() {
    setDownloading(true);
    try {
      saveTextFile(problemRowsCsv(await fetchProblemRows(tenant)), 'rows-with-problems.csv');
    } catch (error) {
      notifications.show({
        closeButtonProps: { 'aria-label': 'Dismiss' },
        color: 'red',
        title: 'The rows with problems were not downloaded',
        message: errorMessageOf(error),
      });
    } finally {
      setDownloading(false);
    }
  }

  async function confirmDelete(item: BulkItem) {
    try {
      await remove.mutateAsync(item.id);
      setDeleting(null);
    } catch (error) {
      notifications.show({
        closeButtonProps: { 'aria-label': 'Dismiss' },
        color: 'red',
        title: 'The row was not deleted',
        message: errorMessageOf(error),
      });
    }
  }

  async function confirmClear() {
    try {
      const { removed } = await clear.mutateAsync();
      setClearing(false);
      setPage(1);
      notifications.show({
        closeButtonProps: { 'aria-label': 'Dismiss' },
        color: 'teal',
        message: removedText(removed),
      });
    } catch (error) {
      notifications.show({
        closeButtonProps: { 'aria-label': 'Dismiss' },
        color: 'red',
        title: 'The queue was not cleared',
        message: errorMessageOf(error),
      });
    }
  }

  return (
    <Paper withBorder p="md">
      <Stack gap="md">
        <Group justify="space-between" align="flex-end">
          <div>
            <CardTitle>2. Check the queue</CardTitle>
            <Text size="sm" c="dimmed" aria-live="polite" data-testid="queue-summary">
              {summary ? queueSummaryText(total, errorCount) : 'Loading the queue…'}
            </Text>
          </div>
          <Group gap="sm">
            <Switch
              label="Only rows with problems"
              checked={onlyProblems}
              onChange={(event) => {
                setOnlyProblems(event.currentTarget.checked);
                setPage(1);
              }}
            />
            <Button
              variant="default"
              leftSection={<IconFileDownload size={16} aria-hidden />}
              disabled={errorCount === 0}
              loading={downloading}
              onClick={() => void downloadProblems()}
            >
              Download rows with problems
            </Button>
            <Button
              color="red"
              variant="light"
              leftSection={<IconTrash size={16} aria-hidden />}
              disabled={total === 0}
              onClick={() => setClearing(true)}
            >
              Clear all
            </Button>
          </Group>
        </Group>

        {query.isError && !data ? (
          <LoadError title="The queue could not be loaded" error={query.error} onRetry={query.refetch} />
        ) : query.isPending ? (
          <Stack gap="xs" aria-busy="true" aria-label="Loading the queue">
            {Array.from({ length: 5 }, (_, index) => (
              <Skeleton key={index} h={36} />
            ))}
          </Stack>
        ) : total === 0 ? (
          <Center py="lg">
            <Stack align="center" gap={4}>
              <IconInbox size={32} aria-hidden color="var(--mantine-color-gray-6)" />
              <Text fw={600}>The queue is empty</Text>
              <Text size="sm" c="dimmed">
                Upload a spreadsheet above to add clients to it.
              </Text>
            </Stack>
          </Center>
        ) : (
          <Box aria-busy={query.isFetching}>
            {/* The browser's own scrolling keeps the wide table inside the page on a phone. */}
            <Table.ScrollContainer minWidth={900} maxHeight={560} type="native">
              <Table stickyHeader striped verticalSpacing={6} aria-label="Queued rows">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Row</Table.Th>
                    <Table.Th>Client</Table.Th>
                    <Table.Th>Property</Table.Th>
                    <Table.Th>Realtor</Table.Th>
                    <Table.Th>Reminders</Table.Th>
                    <Table.Th>Problem</Table.Th>
                    <Table.Th style={actionsColumn}>
                      <VisuallyHidden>Actions</VisuallyHidden>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((item) => (
                    <QueueRow
                      key={item.id}
                      item={item}
                      onEdit={() => setEditing(item)}
                      onDelete={() => setDeleting(item)}
                    />
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            {onlyProblems && rows.length === 0 ? (
              <Text size="sm" c="dimmed" py="sm">
                No row has a problem.
              </Text>
            ) : null}
          </Box>
        )}

        {pages > 1 ? (
          <Pagination
            total={pages}
            value={Math.min(page, pages)}
            onChange={setPage}
            size="sm"
            getControlProps={(control) => ({ 'aria-label': `${control} page` })}
            getItemProps={(number) => ({ 'aria-label': `Page ${number}` })}
          />
        ) : null}
      </Stack>

      <EditRowDialog tenant={tenant} item={editing} onClose={() => setEditing(null)} />
      <ConfirmDialog
        opened={deleting !== null}
        title={`Delete row ${deleting?.rowNumber ?? ''}?`}
        confirmLabel="Delete row"
        danger
        busy={remove.isPending}
        onConfirm={() => deleting && void confirmDelete(deleting)}
        onCancel={() => setDeleting(null)}
      >
        {deleting?.data.firstName ?? ''} {deleting?.data.lastName ?? ''} ({deleting?.data.email ?? 'no email'}
        ) is removed from the queue and will not be created.
      </ConfirmDialog>
      <ConfirmDialog
        opened={clearing}
        title="Clear the whole queue?"
        confirmLabel="Clear all"
        danger
        busy={clear.isPending}
        onConfirm={() => void confirmClear()}
        onCancel={() => setClearing(false)}
      >
        {clearConfirmText(total)}
      </ConfirmDialog>
    </Paper>
  );
}

/** The row's actions stay at the right edge in sight while the rest of a wide row scrolls. */
const actionsColumn = {
  position: 'sticky',
  right: 0,
  zIndex: 1,
  background: 'var(--mantine-color-body)',
} as const;

function QueueRow({ item, onEdit, onDelete }: { item: BulkItem; onEdit: () => void; onDelete: () => void }) {
  const { data } = item;
  const name = `${data.firstName ?? ''} ${data.lastName ?? ''}`.trim();
  return (
    <Table.Tr data-testid="queue-row" data-row={item.rowNumber}>
      <Table.Td>
        <Text size="sm" ff="monospace">
          {item.rowNumber}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm" fw={600}>
          {name || '—'}
        </Text>
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {[data.email ?? 'no email', data.phone].filter(Boolean).join(' · ')}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{data.addressLine ?? '—'}</Text>
        <Text size="xs" c="dimmed">
          {[data.city, data.state, data.zip].filter(Boolean).join(', ')}
        </Text>
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
      <Table.Td>
        {item.validationError ? (
          <Text size="sm" c="red.9" data-testid="row-problem" maw={320}>
            {item.validationError}
          </Text>
        ) : (
          <Badge color="teal" variant="light" c="#065f46" leftSection={<IconCheck size={12} aria-hidden />}>
            Ready
          </Badge>
        )}
      </Table.Td>
      <Table.Td style={actionsColumn}>
        <Group gap={4} wrap="nowrap">
          <Tooltip label="Edit">
            <ActionIcon variant="subtle" onClick={onEdit} aria-label={`Edit row ${item.rowNumber}`}>
              <IconPencil size={16} aria-hidden />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Delete">
            <ActionIcon
              variant="subtle"
              color="red"
              onClick={onDelete}
              aria-label={`Delete row ${item.rowNumber}`}
            >
              <IconTrash size={16} aria-hidden />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
