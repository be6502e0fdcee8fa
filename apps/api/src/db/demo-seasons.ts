import { REMINDER_LOCAL_HOUR, localDateOf, zonedInstant } from '@homeminder/shared/schedule';

/**
 * A demo subscription's first due date: `spread` as it is when the task has no season or `spread`
 * falls in one of its season's months, else the same day of the first season month after it, so a
 * seasonal task of the demo ("Winterize the sprinklers") falls in its season (docs/decisions/058).
 */
export function demoDueInSeason(spread: Date, months: readonly number[] | null, timeZone: string): Date {
  if (months === null || months.length === 0) return spread;
  const local = localDateOf(spread, timeZone);
  if (months.includes(local.month)) return spread;
  let year = local.year;
  let month = local.month;
  do {
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  } while (!months.includes(month));
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return zonedInstant({ year, month, day: Math.min(local.day, lastDay) }, REMINDER_LOCAL_HOUR, timeZone);
}
