import { firstSchedule, nextSeasonalDueAfter, type LastDone } from '@homeminder/shared/season-schedule';
import { monthsOfSeason, type Place } from '@homeminder/shared/climate';
import {
  localDateFromText,
  localDateText,
  scheduleAnchor,
  scheduleTimeZone,
} from '@homeminder/shared/schedule';
import type { ClientsRepository } from './clients.repository';

/**
 * Moves the overdue due dates of a property's subscriptions (or of the one named) to their next
 * date after `at`.
 */
export async function resumeSubscriptions(
  repository: Pick<ClientsRepository, 'overdueSubscriptions' | 'scheduleTimeZones' | 'setNextDueAt'>,
  tenantId: string,
  propertyId: string,
  at: Date,
  onlySubscriptionId?: string,
) {
  const overdue = (await repository.overdueSubscriptions(tenantId, propertyId, at)).filter(
    (subscription) => !onlySubscriptionId || subscription.id === onlySubscriptionId,
  );
  if (overdue.length === 0) return;
  const timeZone = scheduleTimeZone(...(await repository.scheduleTimeZones(tenantId, propertyId)));
  for (const subscription of overdue) {
    await repository.setNextDueAt(
      tenantId,
      subscription.id,
      // The same rule the reminder service moves a sent reminder on with, so the two agree.
      nextDueAfter(subscription, timeZone, at),
      at,
    );
  }
}

/** What a subscription's next date is counted from: its anchor, interval, season and property's place. */
export interface RunningSchedule extends Place {
  anchorOn: string;
  nextDueAt: Date;
  intervalMonths: number;
  season: string | null;
}

/**
 * The schedule's first due date after `at`: counted from its anchor (docs/decisions/052), in a
 * seasonal one the first season month at least one interval on (decision 058).
 */
export function nextDueAfter(schedule: RunningSchedule, timeZone: string, at: Date): Date {
  return nextSeasonalDueAfter(
    localDateFromText(schedule.anchorOn) ?? scheduleAnchor(schedule.nextDueAt, timeZone),
    schedule.intervalMonths,
    monthsOfSeason(schedule.season, schedule),
    timeZone,
    at,
  );
}

/** What a new schedule depends on besides its interval: the task's season, where, and when last done. */
export interface ScheduleTask {
  season: string | null;
  /** Where the property is, which gives the season its months. */
  place: Place;
  lastDone: LastDone | null;
}

/** A subscription's schedule columns as they are stored. */
export interface StartedSchedule {
  nextDueAt: Date;
  anchorOn: string;
  season: string | null;
  lastDoneOn: string | null;
}

/**
 * The schedule of a subscription that starts at `at` (a new one, or a new frequency), by the rule
 * the set-up form shows (docs/decisions/024, 052 and 058). Without a season and "last done" it is
 * anchored on that day and first due one interval later, as always. Null when the task's season
 * does not apply where the property is.
 */
export function startSchedule(
  at: Date,
  intervalMonths: number,
  timeZone: string,
  task: ScheduleTask = { season: null, place: { state: null, zip: null }, lastDone: null },
): StartedSchedule | null {
  const started = firstSchedule({
    now: at,
    intervalMonths,
    months: monthsOfSeason(task.season, task.place),
    lastDone: task.lastDone,
    timeZone,
  });
  if (!started) return null;
  return {
    nextDueAt: started.nextDueAt,
    anchorOn: localDateText(started.anchor),
    season: task.season,
    lastDoneOn: task.lastDone ? localDateText({ ...task.lastDone, day: 1 }) : null,
  };
}
