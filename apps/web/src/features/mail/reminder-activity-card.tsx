import '@mantine/charts/styles.css';
import { useState } from 'react';
import { BarChart } from '@mantine/charts';
import { Alert, Button, Collapse, Group, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { formatNumber } from '@homeminder/shared/format';
import { errorMessageOf } from '../../lib/api-error';
import { useReminderActivity } from './api';

const series = [
  { name: 'sent', label: 'Sent', color: 'teal.6' },
  { name: 'failed', label: 'Failed', color: 'red.6' },
  { name: 'upcoming', label: 'Upcoming', color: 'blue.4' },
] as const;

const dayLabel = (date: string) =>
  new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });

/**
 * Home's reminder activity: reminders sent and failed over the last 30 days and due over the
 * next 30, as a bar chart, with the same numbers in a table for those who do not see the chart.
 */
export function ReminderActivityCard() {
  const activity = useReminderActivity();
  const [byDay, setByDay] = useState(false);

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="reminder-activity-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="reminder-activity-title">
          Reminder activity
        </Title>
        {activity.isPending ? <Skeleton h={220} /> : null}
        {activity.isError ? (
          <Alert color="red" title="The reminder activity could not be loaded">
            <Group>
              <Text size="sm">{errorMessageOf(activity.error)}</Text>
              <Button size="xs" variant="white" color="red" onClick={() => void activity.refetch()}>
                Try again
              </Button>
            </Group>
          </Alert>
        ) : null}
        {activity.data ? (
          <>
            <Table
              withTableBorder={false}
              maw={460}
              aria-label="Reminder totals"
              data-testid="reminder-totals"
            >
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Sent (last 30 days)</Table.Th>
                  <Table.Th>Failed (last 30 days)</Table.Th>
                  <Table.Th>Upcoming (next 30 days)</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                <Table.Tr>
                  <Table.Td fz="xl" fw={700} c="teal.8">
                    {formatNumber(activity.data.totals.sent)}
                  </Table.Td>
                  <Table.Td fz="xl" fw={700} c="red.8">
                    {formatNumber(activity.data.totals.failed)}
                  </Table.Td>
                  <Table.Td fz="xl" fw={700} c="blue.8">
                    {formatNumber(activity.data.totals.upcoming)}
                  </Table.Td>
                </Table.Tr>
              </Table.Tbody>
            </Table>
            {/* The chart repeats the table's numbers by day; screen readers get the table below. */}
            <div aria-hidden>
              <BarChart
                h={220}
                data={activity.data.days.map((day) => ({ ...day, label: dayLabel(day.date) }))}
                dataKey="label"
                type="stacked"
                series={series.map((item) => ({ ...item }))}
                withLegend
                // Not focusable: the table below carries the numbers for keyboard and screen readers.
                barChartProps={{ accessibilityLayer: false }}
                tickLine="y"
                gridAxis="y"
              />
            </div>
            <Button variant="subtle" size="xs" w="fit-content" onClick={() => setByDay((open) => !open)}>
              {byDay ? 'Hide the numbers by day' : 'Show the numbers by day'}
            </Button>
            <Collapse expanded={byDay}>
              <Table.ScrollContainer minWidth={360} mah={320}>
                <Table striped fz="sm" aria-label="Reminders by day">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Day</Table.Th>
                      {series.map((item) => (
                        <Table.Th key={item.name}>{item.label}</Table.Th>
                      ))}
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {activity.data.days
                      .filter((day) => day.sent + day.failed + day.upcoming > 0)
                      .map((day) => (
                        <Table.Tr key={day.date}>
                          <Table.Td>{dayLabel(day.date)}</Table.Td>
                          <Table.Td>{day.sent}</Table.Td>
                          <Table.Td>{day.failed}</Table.Td>
                          <Table.Td>{day.upcoming}</Table.Td>
                        </Table.Tr>
                      ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </Collapse>
          </>
        ) : null}
      </Stack>
    </Paper>
  );
}
