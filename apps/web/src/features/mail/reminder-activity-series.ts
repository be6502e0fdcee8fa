/** The reminder activity's three counts, in the chart's and the by-day table's order. */
export const series = [
  { name: 'sent', label: 'Sent', color: 'teal.6' },
  { name: 'failed', label: 'Failed', color: 'red.6' },
  { name: 'upcoming', label: 'Upcoming', color: 'blue.4' },
] as const;

export const dayLabel = (date: string) =>
  new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });

/** The engagement by month: sent as bars, the answers as lines over them. */
export const engagementSeries = [
  { name: 'sent', label: 'Reminders sent', color: 'blue.3', type: 'bar' },
  { name: 'done', label: 'Done', color: 'teal.7', type: 'line' },
  { name: 'later', label: 'Put off', color: 'yellow.7', type: 'line' },
  { name: 'help', label: 'Help asked', color: 'red.7', type: 'line' },
] as const;

/** 'Nov 2026' of 'YYYY-MM'. */
export const monthLabel = (month: string) =>
  new Date(`${month}-15T12:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });

/** The card's two periods: by day over 30 days, or by month over 12. */
export type View = 'days' | 'months';
