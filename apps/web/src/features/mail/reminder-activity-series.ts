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
