import { plural } from '@homeminder/shared/format';
import { useDeferredValue, useState } from 'react';
import { Link } from 'react-router';
import { Anchor, Chip, Group, Paper, Skeleton, Stack, Table, Text } from '@mantine/core';
import { clientPagePath } from '@homeminder/shared/routes';
import { formatDueDate } from '@homeminder/shared/due-date';
import { useCorporationTimeZone } from '../../lib/corporation-time-zone';
import { upcomingRemindersFirstWindow, upcomingRemindersPageSize, useUpcomingReminders } from './api';
import { LoadError } from '../../components/errors/load-error';
import { CardTitle } from '../../components/section-card';
import { ListPager } from './list-pager';

/** The windows offered; a negative `daysFilter` looks back at reminders already overdue. */
const windows = [
  { value: '7', label: 'Next 7 days' },
  { value: '30', label: 'Next 30 days' },
  { value: '-30', label: 'Overdue' },
] as const;

/** Home's list of the reminders about to go out (or overdue), each a link to the client's details. */
export function UpcomingReminders() {
  const [days, setDays] = useState(upcomingRemindersFirstWindow);
  const [page, setPage] = useState(1);
  // Rendered as a transition rather than in one long task as the list arrives.
  const reminders = useDeferredValue(useUpcomingReminders(days, page));
  const overdue = days < 0;
  const timeZone = useCorporationTimeZone();

  let body;
  if (reminders.isPending) {
    body = (
      <Stack gap="xs">
        {Array.from({ length: 4 }, (_, index) => (
          <Skeleton key={index} h={28} />
        ))}
      </Stack>
    );
  } else if (reminders.isError) {
    body = (
      <LoadError
        title="The reminders could not be loaded"
        error={reminders.error}
        onRetry={reminders.refetch}
      />
    );
  } else if (reminders.data.items.length === 0) {
    body = (
      <Text c="gray.7" py="md">
        {overdue
          ? 'Nothing is overdue. Every reminder went out on time.'
          : 'No reminders fall due in this period.'}
      </Text>
    );
  } else {
    body = (
      <Stack gap="sm">
        {/* No fixed width: on a phone the property moves under the client's name instead. */}
        <Table.ScrollContainer minWidth={0} type="native">
          <Table verticalSpacing="xs" striped highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Due</Table.Th>
                <Table.Th>Reminder</Table.Th>
                <Table.Th>Client</Table.Th>
                <Table.Th visibleFrom="sm">Property</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {reminders.data.items.map((item) => (
                <Table.Tr key={item.id}>
                  <Table.Td>
                    <Text
                      size="sm"
                      fw={600}
                      c={overdue ? 'red.8' : 'blue.8'}
                      style={{ whiteSpace: 'nowrap' }}
                    >
                      {timeZone ? formatDueDate(item.nextDueAt, timeZone) : ''}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" fw={500}>
                      {item.reminderName}
                    </Text>
                    <Text size="xs" c="gray.7">
                      {item.frequencyName}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Anchor component={Link} to={`/${clientPagePath(item.clientUserId)}`} size="sm">
                      {item.clientName}
                    </Anchor>
                    <Text size="xs" c="gray.7" hiddenFrom="sm">
                      {item.addressLine}, {item.city}
                    </Text>
                  </Table.Td>
                  <Table.Td visibleFrom="sm">
                    <Text size="sm">{item.addressLine}</Text>
                    <Text size="xs" c="gray.7">
                      {item.city}, {item.state} {item.zip}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <ListPager
          total={reminders.data.totalItemCount}
          pageSize={upcomingRemindersPageSize}
          page={page}
          onChange={setPage}
          countText={(total) => `${total} ${plural(reminders.data.totalItemCount, 'reminder')}`}
        />
      </Stack>
    );
  }

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
            setPage(1);
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
      {body}
    </Paper>
  );
}
