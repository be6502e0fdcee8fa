import '@mantine/core/styles/Table.css';
import { Group, Table, Text } from '@mantine/core';
import { formatNumber } from '@homeminder/shared/format';
import { doneOnTimeDays, doneOnTimeText, engagementLabels } from '@homeminder/shared/engagement-words';
import type { Engagement } from '@homeminder/shared/contracts/mail';
import { FoldedNumbers } from './folded-numbers';
import { engagementSeries, monthLabel } from './reminder-activity-series';

/**
 * The engagement by month under the chart (docs/decisions/064): the share done on time as one
 * figure, and every month's numbers in a table for those who do not see the chart.
 */
export function EngagementByMonth({ engagement }: { engagement: Engagement }) {
  return (
    <>
      <Group gap="xs" align="baseline">
        <Text fz="xl" fw={700} c="grape.8" data-testid="done-on-time">
          {doneOnTimeText(engagement.totals)}
        </Text>
        <Text size="sm" c="gray.7">
          of the reminders due more than {doneOnTimeDays} days ago, or done sooner, were done within{' '}
          {doneOnTimeDays} days of their date.
        </Text>
      </Group>
      <FoldedNumbers
        unit="month"
        label="Engagement by month"
        minWidth={520}
        columns={['Month', ...engagementSeries.map((item) => item.label), engagementLabels.doneOnTime]}
      >
        {[...engagement.months].reverse().map((month) => (
          <Table.Tr key={month.month}>
            <Table.Td>{monthLabel(month.month)}</Table.Td>
            {engagementSeries.map((item) => (
              <Table.Td key={item.name}>{formatNumber(month[item.name])}</Table.Td>
            ))}
            <Table.Td>{doneOnTimeText(month)}</Table.Td>
          </Table.Tr>
        ))}
      </FoldedNumbers>
    </>
  );
}
