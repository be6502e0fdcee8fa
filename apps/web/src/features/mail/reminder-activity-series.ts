/** The reminder activity's three counts, in the chart's and the by-day table's order. */
export const series = [
  { name: 'sent', label: 'Sent', color: 'teal.6' },
  { name: 'failed', label: 'Failed', color: 'red.6' },
  { name: 'upcoming', label: 'Upcoming', color: 'blue.4' },
] as const;

// One formatter each: making one per label is what a chart's many labels would cost.
const dayFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const monthFormat = new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });

/** 'Nov 5' of 'YYYY-MM-DD'. */
export const dayLabel = (date: string) => dayFormat.format(new Date(`${date}T12:00:00Z`));

/** The engagement by month: sent as bars, the replies as lines over them. */
export const engagementSeries = [
  { name: 'sent', label: 'Reminders sent', color: 'blue.3', type: 'bar' },
  { name: 'done', label: 'Done', color: 'teal.7', type: 'line' },
  { name: 'later', label: 'Put off', color: 'yellow.7', type: 'line' },
  { name: 'help', label: 'Help asked', color: 'red.7', type: 'line' },
] as const;

/** 'Nov 2026' of 'YYYY-MM'. */
export const monthLabel = (month: string) => monthFormat.format(new Date(`${month}-15T12:00:00Z`));

/** The card's two periods: by day over 30 days, or by month over 12. */
export type View = 'days' | 'months';
