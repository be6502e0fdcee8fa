import '@mantine/core/styles/ColorSwatch.css';
import '@mantine/charts/styles.css';
import { BarChart, CompositeChart } from '@mantine/charts';
import type { ReminderActivity } from '@homeminder/shared/contracts/mail';
import { dayLabel, engagementSeries, monthLabel, series, type View } from './reminder-activity-series';

/**
 * The reminder activity as a chart, loaded on its own for the charting library's size: by day as
 * stacked bars, or by month with reminders sent as bars and the replies as lines.
 */
export default function ReminderActivityChart({
  activity,
  view,
  height,
}: {
  activity: ReminderActivity;
  view: View;
  height: number;
}) {
  // Not focusable: the table beside it carries the numbers for keyboard and screen readers.
  const unfocusable = { accessibilityLayer: false };
  const axes = {
    h: height,
    dataKey: 'label',
    withLegend: true,
    tickLine: 'y',
    gridAxis: 'y',
    // Reminders are counted whole: no "0.75" on the axis of a quiet week.
    yAxisProps: { allowDecimals: false },
  } as const;
  return view === 'days' ? (
    <BarChart
      {...axes}
      data={activity.days.map((day) => ({ ...day, label: dayLabel(day.date) }))}
      type="stacked"
      series={series.map((item) => ({ ...item }))}
      barChartProps={unfocusable}
    />
  ) : (
    <CompositeChart
      {...axes}
      data={activity.engagement.months.map((month) => ({ ...month, label: monthLabel(month.month) }))}
      series={engagementSeries.map((item) => ({ ...item }))}
      composedChartProps={unfocusable}
      curveType="linear"
    />
  );
}
