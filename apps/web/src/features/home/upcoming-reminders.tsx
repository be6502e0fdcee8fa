import '@mantine/core/styles/Chip.css';
import { useDeferredValue, useState } from 'react';
import { Link } from 'react-router';
import { Anchor, Chip, Group, Paper, Text } from '@mantine/core';
import { clientPagePath } from '@homeminder/shared/routes';
import { formatDueDate } from '@homeminder/shared/due-date';
import type { UpcomingReminder } from '@homeminder/shared/contracts/clients';
import { DataGrid, useGridState, type GridColumn } from '../../components/data-grid';
import { useCorporationTimeZone } from '../../lib/corporation-time-zone';
import { usePhone } from '../../lib/phone';
import { upcomingRemindersFirstWindow, upcomingRemindersPageSize, useUpcomingReminders } from './api';
import { CardTitle } from '../../components/section-card';

/** The windows offered; a negative `daysFilter` looks back at reminders already overdue. */
const windows = [
  { value: '7', label: 'Next 7 days' },
  { value: '30', label: 'Next 30 days' },
  { value: '-30', label: 'Overdue' },
] as const;

/** Each reminder's due date, what it is, and the client, a link to their details. */
function reminderColumns(overdue: boolean, timeZone: string | undefined): GridColumn<UpcomingReminder>[] {
  return [
    {
      key: 'due',
      header: 'Due',
      render: (item) => (
        <Text size="sm" fw={600} c={overdue ? 'red.8' : 'blue.8'} style={{ whiteSpace: 'nowrap' }}>
          {timeZone ? formatDueDate(item.nextDueAt, timeZone) : ''}
        </Text>
      ),
    },
    {
      key: 'reminder',
      header: 'Reminder',
      render: (item) => (
        <>
          <Text size="sm" fw={500}>
            {item.reminderName}
          </Text>
          <Text size="xs" c="gray.7">
            {item.frequencyName}
          </Text>
        </>
      ),
    },
    {
      key: 'client',
      header: 'Client',
      render: (item) => (
        <>
          <Anchor component={Link} to={`/${clientPagePath(item.clientUserId)}`} size="sm">
            {item.clientName}
          </Anchor>
          <Text size="xs" c="gray.7" hiddenFrom="sm">
            {item.addressLine}, {item.city}
          </Text>
        </>
      ),
    },
    {
      // On a phone the property moves under the client's name instead.
      key: 'property',
      header: 'Property',
      visibleFrom: 'sm',
      render: (item) => (
        <>
          <Text size="sm">{item.addressLine}</Text>
          <Text size="xs" c="gray.7">
            {item.city}, {item.state} {item.zip}
          </Text>
        </>
      ),
    },
  ];
}

/** Home's list of the reminders about to go out (or overdue), each a link to the client's details. */
export function UpcomingReminders() {
  const [days, setDays] = useState(upcomingRemindersFirstWindow);
  const grid = useGridState({ sizes: [String(upcomingRemindersPageSize)], sortColumns: [] });
  // Rendered as a transition rather than in one long task as the list arrives.
  const reminders = useDeferredValue(useUpcomingReminders(days, grid.state.page));
  const overdue = days < 0;
  const timeZone = useCorporationTimeZone();
  const phone = usePhone();

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="upcoming-reminders-title">
      <Group justify="space-between" mb="sm" wrap="wrap">
        <CardTitle id="upcoming-reminders-title">Upcoming reminders</CardTitle>
        {/* Chips rather than a segmented control, whose sliding mark measures the page as the
            screen first renders and then renders again. */}
        <Chip.Group
          value={String(days)}
          onChange={(value) => {
            setDays(Number(value));
            grid.update({ page: 1 });
          }}
        >
          <Group gap={6} role="radiogroup" aria-label="Which reminders">
            {windows.map((choice) => (
              <Chip key={choice.value} value={choice.value} size="xs" name="upcoming-reminders-window">
                {choice.label}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
      </Group>
      <DataGrid
        label={overdue ? 'Overdue reminders' : `Reminders due in the next ${days} days`}
        noun="reminders"
        errorTitle="The reminders could not be loaded"
        columns={reminderColumns(overdue, timeZone)}
        query={reminders}
        rowKey={(item) => item.id}
        grid={grid}
        hideSinglePage
        // No fixed width: without the property the columns fit a phone's screen.
        minWidth={0}
        verticalSpacing="xs"
        phone={phone}
        empty={
          overdue
            ? 'Nothing is overdue. Every reminder went out on time.'
            : 'No reminders fall due in this period.'
        }
      />
    </Paper>
  );
}
