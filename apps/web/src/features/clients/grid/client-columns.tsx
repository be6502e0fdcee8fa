import { Anchor, Skeleton, Stack, Text } from '@mantine/core';
import {
  clientFieldSorts,
  clientFields,
  clientGridFieldNames,
  formatClientField,
} from '@homeminder/shared/contracts/client-fields';
import type { ClientGridRow } from '@homeminder/shared/contracts/clients';
import { formatDueDate, nextReminderText } from '@homeminder/shared/due-date';
import type { GridColumn } from '../../../components/data-grid';
import { EmailText } from '../../../components/email-text';
import { StatusBadge } from '../components/status-badge';
import { unsubscribedCell } from '../unsubscribed';
import { HealthBadge } from '../../../components/home-health/health-badge';

/**
 * The row's next reminder: its date in the corporation's zone when it will be sent, else the state
 * that stops it (paused, pending, unsubscribed, no reminders), never a date that will not be sent.
 */
function NextDue({ row, timeZone }: { row: ClientGridRow; timeZone: string | undefined }) {
  if (row.unsubscribedAt) {
    const cell = unsubscribedCell(row.unsubscribedAt, timeZone);
    return (
      <Stack gap={0}>
        <Text size="sm" c="red.9" fw={500}>
          {cell.title}
        </Text>
        <Text size="xs" c="dimmed">
          {cell.hint}
        </Text>
      </Stack>
    );
  }
  if (row.status !== 'enabled' || !row.nextDueAt)
    return (
      <Text size="sm" c={row.status === 'noReminders' ? '#9a3412' : 'dimmed'}>
        {nextReminderText(row, timeZone ?? '')}
      </Text>
    );
  if (!timeZone) return <Skeleton h={16} w={80} aria-label="Loading the date" />;
  return (
    <Stack gap={0}>
      <Text size="sm" ff="monospace">
        {nextReminderText(row, timeZone)}
      </Text>
      <Text size="xs" c="dimmed">
        {row.subscriptionCount} reminder{row.subscriptionCount === 1 ? '' : 's'}
      </Text>
    </Stack>
  );
}

/** The client's latest reply to a reminder, in the corporation's zone, or "Never". */
function LastActivity({ at, timeZone }: { at: string | null; timeZone: string | undefined }) {
  if (!at)
    return (
      <Text size="sm" c="dimmed">
        Never
      </Text>
    );
  if (!timeZone) return <Skeleton h={16} w={80} aria-label="Loading the date" />;
  return (
    <Text size="sm" ff="monospace">
      {formatDueDate(at, timeZone)}
    </Text>
  );
}

/** The columns of the client grid at desk width; the realtor's only for those who see every realtor's clients. */
export function clientColumns({
  corporationWide,
  timeZone,
  onOpen,
}: {
  corporationWide: boolean;
  timeZone: string | undefined;
  onOpen: (row: ClientGridRow) => void;
}): GridColumn<ClientGridRow>[] {
  return [
    {
      key: 'clientName',
      header: 'Client',
      sortable: true,
      render: (row) => (
        <Anchor
          component="button"
          type="button"
          fw={600}
          size="sm"
          onClick={(event) => {
            event.stopPropagation();
            onOpen(row);
          }}
        >
          {row.firstName} {row.lastName}
        </Anchor>
      ),
    },
    {
      key: 'email',
      header: 'Email',
      sortable: true,
      render: (row) => (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          <EmailText email={row.email} />
        </Text>
      ),
    },
    {
      key: 'address',
      header: 'Property',
      sortable: true,
      render: (row) =>
        row.addressLine ? (
          <>
            <Text size="sm">{row.addressLine}</Text>
            <Text size="xs" c="dimmed">
              {row.city}, {row.state} {row.zip}
            </Text>
          </>
        ) : (
          <Text size="sm" c="dimmed">
            No property
          </Text>
        ),
    },
    ...clientGridFieldNames.map((name) => ({
      key: name,
      header: clientFields[name].label,
      sortable: Object.hasOwn(clientFieldSorts, name),
      render: (row: ClientGridRow) => <Text size="sm">{formatClientField(name, row[name])}</Text>,
    })),
    ...(corporationWide
      ? [
          {
            key: 'realtorName',
            header: 'Realtor',
            sortable: true,
            render: (row: ClientGridRow) => (
              <Text size="sm" c={row.realtorName ? undefined : 'dimmed'}>
                {row.realtorName ?? 'None'}
              </Text>
            ),
          },
        ]
      : []),
    {
      key: 'nextDueAt',
      header: 'Next reminder',
      sortable: true,
      render: (row) => <NextDue row={row} timeZone={timeZone} />,
    },
    {
      key: 'lastActivityAt',
      header: 'Last activity',
      sortable: true,
      render: (row) => <LastActivity at={row.lastActivityAt} timeZone={timeZone} />,
    },
    {
      key: 'status',
      header: 'Status',
      sortable: true,
      // The home's health score under its status: a column of its own would squeeze the email.
      render: (row) => (
        <Stack gap={6} align="flex-start">
          <StatusBadge status={row.status} />
          {row.propertyId && row.healthScore !== null ? <HealthBadge score={row.healthScore} /> : null}
        </Stack>
      ),
    },
  ];
}
