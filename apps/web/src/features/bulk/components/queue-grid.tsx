import '@mantine/core/styles/Switch.css';
import { useMemo, useState } from 'react';
import { Button, Center, Group, Stack, Switch, Text } from '@mantine/core';
import { usePhone } from '../../../lib/phone';
import { notifications } from '@mantine/notifications';
import { IconFileDownload, IconInbox, IconTrash, IconTrashX } from '@tabler/icons-react';
import { bulkRowName, type BulkItem } from '@homeminder/shared/contracts/bulk';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DataGrid, useGridState } from '../../../components/data-grid';
import { errorMessageOf } from '../../../lib/api-error';
import { fetchProblemRows, useBulkPage, useClearQueue, useDeleteItem, useDeleteProblems } from '../api';
import { problemRowsCsv, saveTextFile } from '../bulk-csv';
import { useBulkState } from '../bulk-state';
import { clearConfirmText, deleteProblemsConfirmText, queueSummaryText, removedText } from '../bulk-text';
import { EditRowDialog } from './edit-row-dialog';
import { queueColumns, queueRowAttributes } from './queue-columns';
import { StepCard } from './step-card';

/** The queued rows, each with its problem; edit or delete a row, or clear the whole queue. */
export function QueueGrid({ tenant }: { tenant: string }) {
  const pageSize = useBulkState((state) => state.pageSize);
  const grid = useGridState(
    { sizes: [String(pageSize)], sortColumns: [] },
    { page: useBulkState.getState().page },
  );
  const [onlyProblems, setOnlyProblems] = useState(false);
  const [editing, setEditing] = useState<BulkItem | null>(null);
  const [deleting, setDeleting] = useState<BulkItem | null>(null);
  const [clearing, setClearing] = useState(false);
  const [deletingProblems, setDeletingProblems] = useState(false);
  const [downloading, setDownloading] = useState(false);
  // The whole queue's counts (the page the upload page reads anyway), and the page on show, which
  // the server filters to the rows with a problem when asked.
  const summary = useBulkPage(tenant, 1, pageSize).data;
  const query = useBulkPage(tenant, grid.state.page, pageSize, onlyProblems ? 'problems' : 'all');
  const remove = useDeleteItem(tenant);
  const clear = useClearQueue(tenant);
  const removeProblems = useDeleteProblems(tenant);

  const total = summary?.totalItemCount ?? 0;
  const errorCount = summary?.errorCount ?? 0;
  // Two files both have a line 2: with rows of several files queued, each row names its file.
  const showFile = (summary?.fileNames.length ?? 0) > 1;
  // A phone shows the first columns only: each row's problem moves under the client's name.
  const phone = usePhone();
  // The same columns from one render to the next: a queue page holds a thousand rows, and opening
  // a dialog or saving one row then draws only the rows that changed.
  const columns = useMemo(
    () => queueColumns({ showFile, phone, onEdit: setEditing, onDelete: setDeleting }),
    [showFile, phone],
  );

  function notifyFailed(title: string, error: unknown) {
    notifications.show({
      closeButtonProps: { 'aria-label': 'Dismiss' },
      color: 'red',
      title,
      message: errorMessageOf(error),
    });
  }

  async function downloadProblems() {
    setDownloading(true);
    try {
      saveTextFile(problemRowsCsv(await fetchProblemRows(tenant)), 'rows-with-problems.csv');
    } catch (error) {
      notifyFailed('The rows with problems were not downloaded', error);
    } finally {
      setDownloading(false);
    }
  }

  async function confirmDelete(item: BulkItem) {
    try {
      await remove.mutateAsync(item.id);
      setDeleting(null);
    } catch (error) {
      notifyFailed('The row was not deleted', error);
    }
  }

  /** Removes many rows at once, then shows the first page and how many went. */
  async function removeMany(
    removeRows: () => Promise<{ removed: number }>,
    close: () => void,
    failure: string,
  ) {
    try {
      const { removed } = await removeRows();
      close();
      grid.update({ page: 1 });
      notifications.show({
        closeButtonProps: { 'aria-label': 'Dismiss' },
        color: 'teal',
        message: removedText(removed),
      });
    } catch (error) {
      notifyFailed(failure, error);
    }
  }

  const confirmDeleteProblems = () =>
    removeMany(
      () => removeProblems.mutateAsync(),
      () => setDeletingProblems(false),
      'The rows with problems were not deleted',
    );

  const confirmClear = () =>
    removeMany(
      () => clear.mutateAsync(),
      () => setClearing(false),
      'The queue was not cleared',
    );

  return (
    <>
      <StepCard
        title="2. Check the queue"
        description={summary ? queueSummaryText(total, errorCount) : 'Loading the queue…'}
        status="queue-summary"
        actionsAlign="flex-end"
        actions={
          <Group gap="sm">
            <Switch
              label="Only rows with problems"
              checked={onlyProblems}
              onChange={(event) => {
                setOnlyProblems(event.currentTarget.checked);
                grid.update({ page: 1 });
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
              leftSection={<IconTrashX size={16} aria-hidden />}
              disabled={errorCount === 0}
              onClick={() => setDeletingProblems(true)}
            >
              Delete rows with problems
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
        }
      >
        {summary?.totalItemCount === 0 ? (
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
          <DataGrid
            label="Queued rows"
            noun="rows"
            errorTitle="The queue could not be loaded"
            columns={columns}
            query={query}
            rowKey={(item) => String(item.id)}
            rowAttributes={queueRowAttributes}
            grid={grid}
            hideSinglePage
            phone={phone}
            // The browser's own scrolling keeps the wide table inside the page on a phone.
            minWidth={phone ? 720 : 900}
            maxHeight={560}
            verticalSpacing={6}
            empty="No row has a problem."
          />
        )}
      </StepCard>

      <EditRowDialog
        tenant={tenant}
        item={editing}
        title={editing ? `Edit ${bulkRowName(editing, showFile)}` : ''}
        onClose={() => setEditing(null)}
      />
      <ConfirmDialog
        opened={deleting !== null}
        title={deleting ? `Delete ${bulkRowName(deleting, showFile)}?` : ''}
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
      <ConfirmDialog
        opened={deletingProblems}
        title={`Delete ${errorCount === 1 ? 'the row' : `${errorCount} rows`} with problems?`}
        confirmLabel="Delete rows with problems"
        danger
        busy={removeProblems.isPending}
        onConfirm={() => void confirmDeleteProblems()}
        onCancel={() => setDeletingProblems(false)}
      >
        {deleteProblemsConfirmText(errorCount)}
      </ConfirmDialog>
    </>
  );
}
