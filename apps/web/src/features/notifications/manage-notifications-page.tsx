import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import {
  Badge,
  Button,
  Group,
  Modal,
  Pagination,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { notifications as toasts } from '@mantine/notifications';
import { IconBellPlus, IconPencil, IconArchive } from '@tabler/icons-react';
import type { Notification, NotificationStatus } from '@homeminder/shared/contracts/notifications';
import { formatDateTime } from '@homeminder/shared/format';
import { clampNotificationRoutePaging } from '@homeminder/shared/validation/paging';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { errorMessageOf } from '../../lib/api-error';
import { useNotificationPage, useRetireNotification } from './api';
import { NotificationForm, severityLabels } from './notification-form';
import { LoadError } from '../../components/errors/load-error';
import { TableEmptyRow, TableLoadingRows } from '../../components/table-state-rows';
import { confirmDiscard } from '../../components/form/unsaved-changes';

const statusColors: Record<NotificationStatus, string> = {
  scheduled: 'blue',
  active: 'teal',
  ended: 'gray',
  retired: 'gray',
};
const severityColors = { info: 'blue', warning: 'yellow', critical: 'red' } as const;
const pageSizes = ['10', '25', '50', '100'];

/** The offered sizes with one more, in order. */
const withSize = (sizes: string[], size: number) =>
  [...sizes, String(size)].sort((first, second) => Number(first) - Number(second));

/**
 * Manage Notifications: the operator's messages to every portal user. The paging in the address
 * is clamped as docs/requirements.md §2.4 says (page at least 1, size 1 to 100) and the address corrected.
 */
export function Component() {
  const params = useParams();
  const navigate = useNavigate();
  const { page, pageSize } = clampNotificationRoutePaging(params['pageSize'], params['page']);
  const needsCorrection =
    params['pageSize'] !== undefined &&
    (params['pageSize'] !== String(pageSize) || params['page'] !== String(page));
  const [editing, setEditing] = useState<Notification | 'new' | null>(null);
  const [retiring, setRetiring] = useState<Notification | null>(null);
  const list = useNotificationPage(pageSize, page);
  const retire = useRetireNotification();

  const totalPages = Math.max(1, Math.ceil((list.data?.totalItemCount ?? 0) / pageSize));
  // A page past the end (an old link, a message retired meanwhile) shows the last page instead.
  const lastPage = list.data && page > totalPages ? totalPages : null;

  useEffect(() => {
    if (needsCorrection) void navigate(`/sys/notifications/${pageSize}/${page}`, { replace: true });
    else if (lastPage) void navigate(`/sys/notifications/${pageSize}/${lastPage}`, { replace: true });
  }, [needsCorrection, lastPage, navigate, page, pageSize]);

  const goTo = (nextPageSize: number, nextPage: number) =>
    void navigate(`/sys/notifications/${nextPageSize}/${nextPage}`);

  const retireConfirmed = (notification: Notification) =>
    retire.mutate(notification.id, {
      onSuccess: () => toasts.show({ color: 'teal', message: 'The message was retired.' }),
      onError: (error) =>
        toasts.show({ color: 'red', title: 'Could not retire the message', message: errorMessageOf(error) }),
      onSettled: () => setRetiring(null),
    });

  return (
    <Stack>
      <Group justify="space-between">
        <Text c="gray.7">Messages appear in the portal for every user while they are scheduled to show.</Text>
        <Button leftSection={<IconBellPlus size={18} aria-hidden />} onClick={() => setEditing('new')}>
          New message
        </Button>
      </Group>

      {list.isError ? (
        <LoadError title="The messages could not be loaded" error={list.error} onRetry={list.refetch} />
      ) : null}

      <Paper withBorder>
        <Table.ScrollContainer minWidth={720}>
          <Table striped highlightOnHover verticalSpacing="sm" aria-label="Messages">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Message</Table.Th>
                <Table.Th>Importance</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Shows</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.isPending ? <TableLoadingRows columns={5} rows={3} height={24} /> : null}
              {list.data?.totalItemCount === 0 ? (
                <TableEmptyRow columns={5}>
                  No messages yet. Create one to tell every user about planned work or news.
                </TableEmptyRow>
              ) : null}
              {list.data?.items.map((notification) => (
                <Table.Tr key={notification.id}>
                  <Table.Td maw={360}>
                    <Text fw={600} truncate>
                      {notification.title}
                    </Text>
                    <Text size="sm" c="gray.7" lineClamp={2}>
                      {notification.body}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Badge color={severityColors[notification.severity]} variant="light">
                      {severityLabels[notification.severity]}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Badge color={statusColors[notification.status]} variant="dot">
                      {notification.status}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">from {formatDateTime(notification.startsAt)}</Text>
                    <Text size="sm" c="gray.7">
                      {notification.endsAt ? `until ${formatDateTime(notification.endsAt)}` : 'until retired'}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    {notification.status === 'retired' ? null : (
                      <Group gap="xs" wrap="nowrap" justify="flex-end">
                        <Button
                          size="xs"
                          variant="default"
                          leftSection={<IconPencil size={14} aria-hidden />}
                          onClick={() => setEditing(notification)}
                          aria-label={`Edit ${notification.title}`}
                        >
                          Edit
                        </Button>
                        <Button
                          size="xs"
                          variant="subtle"
                          color="red"
                          leftSection={<IconArchive size={14} aria-hidden />}
                          onClick={() => setRetiring(notification)}
                          aria-label={`Retire ${notification.title}`}
                        >
                          Retire
                        </Button>
                      </Group>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>

      <Group justify="space-between">
        <Group gap="xs">
          <Text size="sm">Rows per page</Text>
          <Select
            aria-label="Rows per page"
            w={90}
            // A size from the address (1 to 100) shows as chosen, beside the usual ones.
            data={pageSizes.includes(String(pageSize)) ? pageSizes : withSize(pageSizes, pageSize)}
            value={String(pageSize)}
            onChange={(value) => goTo(Number(value ?? 10), 1)}
            allowDeselect={false}
          />
        </Group>
        <Pagination
          total={totalPages}
          value={Math.min(page, totalPages)}
          onChange={(next) => goTo(pageSize, next)}
          aria-label="Pages"
          getControlProps={(control) => ({ 'aria-label': `${control} page` })}
          getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
        />
      </Group>

      <ConfirmDialog
        opened={retiring !== null}
        title="Retire this message?"
        confirmLabel="Retire"
        cancelLabel="Keep it"
        danger
        busy={retire.isPending}
        onCancel={() => setRetiring(null)}
        onConfirm={() => retiring && retireConfirmed(retiring)}
      >
        “{retiring?.title}” will stop showing to everyone. This cannot be undone.
      </ConfirmDialog>

      <Modal
        opened={editing !== null}
        onClose={() => confirmDiscard(() => setEditing(null))}
        title={editing === 'new' ? 'New message' : 'Edit message'}
        size="lg"
      >
        {editing !== null ? (
          <NotificationForm
            notification={editing === 'new' ? null : editing}
            onDone={() => setEditing(null)}
          />
        ) : null}
      </Modal>
    </Stack>
  );
}
