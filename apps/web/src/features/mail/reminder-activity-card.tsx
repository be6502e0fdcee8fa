import '@mantine/core/styles/EmptyState.css';
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/Table.css';
import { lazy, Suspense, useDeferredValue, useState, type ReactNode } from 'react';
import { useInViewport } from '@mantine/hooks';
import { EmptyState, SegmentedControl, Skeleton, Table } from '@mantine/core';
import { IconChartBar } from '@tabler/icons-react';
import { formatNumber } from '@homeminder/shared/format';
import { useReminderActivity } from '../../lib/reminder-activity';
import { dayLabel, engagementSeries, series, type View } from './reminder-activity-series';
import { FoldedNumbers } from './folded-numbers';
import { EngagementByMonth } from './reminder-engagement';
import { QueryCard } from '../../components/query-card';

const ReminderActivityChart = lazy(() => import('./reminder-activity-chart'));
const chartHeight = 220;

/**
 * The chart's code (the charting library is most of Home's weight) loads once the chart's place
 * comes into view, so the numbers above it show without waiting for it.
 */
function ChartWhenSeen({ chart }: { chart: ReactNode }) {
  const { ref, inViewport } = useInViewport();
  const [seen, setSeen] = useState(false);
  if (inViewport && !seen) setSeen(true);
  return (
    <div ref={ref} aria-hidden style={{ minHeight: chartHeight }}>
      {seen ? <Suspense fallback={<Skeleton h={chartHeight} />}>{chart}</Suspense> : null}
    </div>
  );
}

/** In place of a chart with no bars: a new corporation, or one whose clients have no reminders yet. */
function NoActivity({ description }: { description: string }) {
  return (
    <EmptyState
      py="lg"
      icon={<IconChartBar size={28} aria-hidden />}
      title="No reminder activity yet"
      description={description}
      data-testid="no-reminder-activity"
    />
  );
}

const views: Array<{ value: View; label: string }> = [
  { value: 'days', label: 'Last 30 days' },
  { value: 'months', label: 'Last 12 months' },
];

/**
 * Home's reminder activity: reminders sent and failed over the last 30 days and due over the
 * next 30, as a bar chart; or, by month over 12, reminders sent and the clients' replies
 * (docs/decisions/064). The same numbers are in tables for those who do not see the charts.
 */
export function ReminderActivityCard() {
  // Rendered as a transition as the numbers arrive: drawn at once, the chart is a long task on a
  // slow phone.
  const activity = useDeferredValue(useReminderActivity());
  const [view, setView] = useState<View>('days');

  return (
    <QueryCard
      titleId="reminder-activity-title"
      title="Reminder activity"
      control={
        <SegmentedControl size="xs" data={views} value={view} onChange={setView} aria-label="Period" />
      }
      query={activity}
      loadingHeight={chartHeight}
      errorTitle="The reminder activity could not be loaded"
    >
      {(data) =>
        view === 'months' ? (
          <>
            {/* The chart repeats the table's numbers by month; screen readers get the table. */}
            {engagementSeries.some((item) => data.engagement.totals[item.name] > 0) ? (
              <ChartWhenSeen
                chart={<ReminderActivityChart activity={data} view={view} height={chartHeight} />}
              />
            ) : (
              <NoActivity description="No reminder was sent in the last 12 months. Each month's reminders and the clients' replies will show here." />
            )}
            <EngagementByMonth engagement={data.engagement} />
          </>
        ) : (
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
                    {formatNumber(data.totals.sent)}
                  </Table.Td>
                  <Table.Td fz="xl" fw={700} c="red.8">
                    {formatNumber(data.totals.failed)}
                  </Table.Td>
                  <Table.Td fz="xl" fw={700} c="blue.8">
                    {formatNumber(data.totals.upcoming)}
                  </Table.Td>
                </Table.Tr>
              </Table.Tbody>
            </Table>
            {/* The chart repeats the table's numbers by day; screen readers get the table below. */}
            {series.some((item) => data.totals[item.name] > 0) ? (
              <>
                <ChartWhenSeen
                  chart={<ReminderActivityChart activity={data} view={view} height={chartHeight} />}
                />
                <FoldedNumbers
                  unit="day"
                  label="Reminders by day"
                  minWidth={360}
                  columns={['Day', ...series.map((item) => item.label)]}
                >
                  {data.days
                    .filter((day) => day.sent + day.failed + day.upcoming > 0)
                    .map((day) => (
                      <Table.Tr key={day.date}>
                        <Table.Td>{dayLabel(day.date)}</Table.Td>
                        {series.map((item) => (
                          <Table.Td key={item.name}>{day[item.name]}</Table.Td>
                        ))}
                      </Table.Tr>
                    ))}
                </FoldedNumbers>
              </>
            ) : (
              <NoActivity description="No reminder was sent in the last 30 days and none is due in the next 30. Reminders will show here by day as they go out." />
            )}
          </>
        )
      }
    </QueryCard>
  );
}
