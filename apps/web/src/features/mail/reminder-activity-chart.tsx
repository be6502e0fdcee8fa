import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import type { ReminderActivity } from '@homeminder/shared/contracts/mail';
import { dayLabel, series } from './reminder-activity-series';

/** The reminder activity by day as stacked bars; loaded on its own, for the charting library's size. */
export default function ReminderActivityChart({
  days,
  height,
}: {
  days: ReminderActivity['days'];
  height: number;
}) {
  return (
    <BarChart
      h={height}
      data={days.map((day) => ({ ...day, label: dayLabel(day.date) }))}
      dataKey="label"
      type="stacked"
      series={series.map((item) => ({ ...item }))}
      withLegend
      // Not focusable: the table beside it carries the numbers for keyboard and screen readers.
      barChartProps={{ accessibilityLayer: false }}
      tickLine="y"
      gridAxis="y"
      // Reminders are counted whole: no "0.75" on the axis of a quiet week.
      yAxisProps={{ allowDecimals: false }}
    />
  );
}
