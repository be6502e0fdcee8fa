import '@mantine/charts/styles.css';
import { CompositeChart } from '@mantine/charts';
import type { Engagement } from '@homeminder/shared/contracts/mail';
import { engagementSeries, monthLabel } from './reminder-activity-series';

/** Engagement by month: reminders sent as bars, answers as lines; loaded on its own, as the daily chart. */
export default function ReminderEngagementChart({
  months,
  height,
}: {
  months: Engagement['months'];
  height: number;
}) {
  return (
    <CompositeChart
      h={height}
      data={months.map((month) => ({ ...month, label: monthLabel(month.month) }))}
      dataKey="label"
      series={engagementSeries.map((item) => ({ ...item }))}
      withLegend
      // Not focusable: the table beside it carries the numbers for keyboard and screen readers.
      composedChartProps={{ accessibilityLayer: false }}
      tickLine="y"
      gridAxis="y"
      curveType="linear"
      yAxisProps={{ allowDecimals: false }}
    />
  );
}
