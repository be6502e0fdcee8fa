// Free of zod, so that Home's engagement figures load without the validation library;
// contracts/mail.ts re-exports them beside its schemas.

/** How long after its due date a reminder done still counts as done on time. */
export const doneOnTimeDays = 30;

/** The share of occurrences done within 30 days of their due date, 0 to 1; null when none counts yet. */
export const doneOnTimeShare = (figures: { occurrences: number; doneOnTime: number }): number | null =>
  figures.occurrences === 0 ? null : figures.doneOnTime / figures.occurrences;

/** The share done on time as people read it: '64%', or a dash while no occurrence counts. */
export const doneOnTimeText = (figures: { occurrences: number; doneOnTime: number }): string => {
  const share = doneOnTimeShare(figures);
  return share === null ? '–' : `${Math.round(share * 100)}%`;
};

/** The engagement figures' names, on Home, in the chart and its table. */
export const engagementLabels = {
  sent: 'Reminders sent',
  done: 'Done',
  later: 'Put off',
  help: 'Help asked',
  doneOnTime: `Done within ${doneOnTimeDays} days`,
} as const;
