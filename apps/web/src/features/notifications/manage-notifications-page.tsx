import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Badge, Button, Group, Modal, Paper, Stack, Text } from '@mantine/core';
import { notifications as toasts } from '@mantine/notifications';
import { IconBellPlus, IconPencil, IconArchive } from '@tabler/icons-react';
import type { Notification, NotificationStatus } from '@homeminder/shared/contracts/notifications';
import { notificationPaging } from '@homeminder/shared/constants';
import { clampNotificationRoutePaging } from '@homeminder/shared/validation/paging';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { RecordActionButton } from '../../components/record-action-button';
import { errorMessageOf } from '../../lib/api-error';
import { useNotificationPage, useRetireNotification } from './api';
import { NotificationForm, severityLabels } from './notification-form';
import { DataGrid, useGridUrlState, type GridColumn, type GridConfig } from '../../components/data-grid';
import { confirmDiscard } from '../../components/form/unsaved-changes';
import { useStaffTimes } from '../../lib/corporation-time-zone';
import { TimeZoneNote } from '../../components/time-zone-note';

const statusColors: Record<NotificationStatus, string> = {
  scheduled: 'blue',
  active: 'teal',
  ended: 'gray',
  retired: 'gray',
};
const severityColors = { info: 'blue', warning: 'yellow', critical: 'red' } as const;
/** The offered sizes; the address may ask for any other from 1 to 100, which shows as chosen. */
const pageSizes = ['10', '25', '50', '100'];

/** Paging is in the path (`/sys/notifications/:pageSize/:page`); the grid keeps no other parameter. */
const gridConfig: GridConfig<never> = {
  sizes: pageSizes,
  maxSize: notificationPaging.maxPageSize,
  sortColumns: [],
};

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
  const times = useStaffTimes();

  const grid = useGridUrlState(gridConfig, {
    pathPaging: { page, pageSize, path: (size, next) => `/sys/notifications/${size}/${next}` },
  });

  useEffect(() => {
    if (needsCorrection) void navigate(`/sys/notifications/${pageSize}/${page}`, { replace: true });
  }, [needsCorrection, navigate, page, pageSize]);

  const retireConfirmed = (notification: Notification) =>
    retire.mutate(notification.id, {
      onSuccess: () => toasts.show({ color: 'teal', message: 'The message was retired.' }),
      onError: (error) =>
        toasts.show({ color: 'red', title: 'Could not retire the message', message: errorMessageOf(error) }),
      onSettled: () => setRetiring(null),
    });

  const columns: GridColumn<Notification>[] = [
    {
      key: 'message',
      header: 'Message',
      cell: { maw: 360 },
      render: (notification) => (
        <>
          <Text fw={600} truncate>
            {notification.title}
          </Text>
          <Text size="sm" c="gray.7" lineClamp={2}>
            {notification.body}
          </Text>
        </>
      ),
    },
    {
      key: 'severity',
      header: 'Importance',
      render: (notification) => (
        <Badge color={severityColors[notification.severity]} variant="light" miw="max-content">
          {severityLabels[notification.severity]}
        </Badge>
      ),
    },
    {
      key: 'status',
      header: 'Status',
      render: (notification) => (
        <Badge color={statusColors[notification.status]} variant="dot" miw="max-content">
          {notification.status}
        </Badge>
      ),
    },
    {
      key: 'shows',
      header: 'Shows',
      render: (notification) => (
        <>
          <Text size="sm">from {times.dateTime(notification.startsAt)}</Text>
          <Text size="sm" c="gray.7">
            {notification.endsAt ? `until ${times.dateTime(notification.endsAt)}` : 'until retired'}
          </Text>
        </>
      ),
    },
    {
      key: 'actions',
      header: 'Actions',
      hideHeader: true,
      render: (notification) =>
        notification.status === 'retired' ? null : (
          <Group gap="xs" wrap="nowrap" justify="flex-end">
            <RecordActionButton
              icon={IconPencil}
              action="Edit"
              record={notification.title}
              variant="default"
              onClick={() => setEditing(notification)}
            />
            <RecordActionButton
              icon={IconArchive}
              action="Retire"
              record={notification.title}
              variant="subtle"
              color="red"
              onClick={() => setRetiring(notification)}
            />
          </Group>
        ),
    },
  ];

  return (
    <Stack>
      <Group justify="space-between">
        <Stack gap={2}>
          <Text c="gray.7">
            Messages appear in the portal for every user while they are scheduled to show.
          </Text>
          <TimeZoneNote timeZone={times.timeZone} />
        </Stack>
        <Button leftSection={<IconBellPlus size={18} aria-hidden />} onClick={() => setEditing('new')}>
          New message
        </Button>
      </Group>

      <Paper withBorder p="sm">
        <DataGrid
          label="Messages"
          noun="messages"
          errorTitle="The messages could not be loaded"
          columns={columns}
          query={list}
          rowKey={(notification) => notification.id}
          grid={grid}
          sizes={pageSizes}
          empty="No messages yet. Create one to tell every user about planned work or news."
        />
      </Paper>

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
        {editing !== null && times.timeZone ? (
          <NotificationForm
            notification={editing === 'new' ? null : editing}
            timeZone={times.timeZone}
            onDone={() => setEditing(null)}
          />
        ) : null}
      </Modal>
    </Stack>
  );
}
