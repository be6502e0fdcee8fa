import { useState } from 'react';
import { Box, Button, Center, Group, Pagination, Skeleton, Stack, Switch, Table, Text } from '@mantine/core';
import { usePhone } from '../../../lib/phone';
import { notifications } from '@mantine/notifications';
import { IconFileDownload, IconInbox, IconTrash, IconTrashX } from '@tabler/icons-react';
import { bulkRowName, type BulkItem } from '@homeminder/shared/contracts/bulk';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { errorMessageOf } from '../../../lib/api-error';
import { fetchProblemRows, useBulkPage, useClearQueue, useDeleteItem, useDeleteProblems } from '../api';
import { problemRowsCsv, saveTextFile } from '../bulk-csv';
import { useBulkState } from '../bulk-state';
import { clearConfirmText, deleteProblemsConfirmText, queueSummaryText, removedText } from '../bulk-text';
import { EditRowDialog } from './edit-row-dialog';
import { actionsColumn, QueueRow } from './queue-row';
import { LoadError } from '../../../components/errors/load-error';
import { TableHead } from '../../../components/table-head';
import { StepCard } from './step-card';

/** The queued rows, each with its problem; edit or delete a row, or clear the whole queue. */
export function QueueGrid({ tenant }: { tenant: string }) {
  const pageSize = useBulkState((state) => state.pageSize);
  const [page, setPage] = useState(useBulkState.getState().page);
  const [onlyProblems, setOnlyProblems] = useState(false);
  const [editing, setEditing] = useState<BulkItem | null>(null);
  const [deleting, setDeleting] = useState<BulkItem | null>(null);
  const [clearing, setClearing] = useState(false);
  const [deletingProblems, setDeletingProblems] = useState(false);
  const [downloading, setDownloading] = useState(false);
  // The whole queue's counts (the page the upload page reads anyway), and the page on show, which
  // the server filters to the rows with a problem when asked.
  const summary = useBulkPage(tenant, 1, pageSize).data;
  const query = useBulkPage(tenant, page, pageSize, onlyProblems ? 'problems' : 'all');
  const remove = useDeleteItem(tenant);
  const clear = useClearQueue(tenant);
  const removeProblems = useDeleteProblems(tenant);

  const data = query.data;
  const total = summary?.totalItemCount ?? 0;
  const errorCount = summary?.errorCount ?? 0;
  const listed = data?.totalItemCount ?? 0;
  const pages = Math.max(1, Math.ceil(listed / pageSize));
  const rows = data?.items ?? [];
  // Two files both have a line 2: with rows of several files queued, each row names its file.
  const showFile = (summary?.fileNames.length ?? 0) > 1;
  // A phone shows the first columns only: each row's problem moves under the client's name.
  const phone = usePhone();

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
      setPage(1);
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
            <Table.ScrollContainer minWidth={phone ? 720 : 900} maxHeight={560} type="native">
              <Table stickyHeader striped verticalSpacing={6} aria-label="Queued rows">
                <TableHead
                  columns={[
                    'Line',
                    ...(showFile ? ['File'] : []),
                    phone ? 'Client and problem' : 'Client',
                    'Property',
                    'Realtor',
                    'Reminders',
                    ...(phone ? [] : ['Problem']),
                  ]}
                  actions
                  actionsStyle={actionsColumn}
                />
                <Table.Tbody>
                  {rows.map((item) => (
                    <QueueRow
                      key={item.id}
                      item={item}
                      showFile={showFile}
                      phone={phone}
                      onEdit={setEditing}
                      onDelete={setDeleting}
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
