import {
  localDateFromText,
  localDateText,
  nextDueAfter,
  occurrenceAt,
  scheduleAnchor,
  scheduleTimeZone,
} from '@homeminder/shared/schedule';
import type { ClientsRepository } from './clients.repository';

/** Moves the overdue due dates of a property's subscriptions to their next date after `at`. */
export async function resumeSubscriptions(
  repository: ClientsRepository,
  tenantId: string,
  propertyId: string,
  at: Date,
) {
  const overdue = await repository.overdueSubscriptions(tenantId, propertyId, at);
  if (overdue.length === 0) return;
  const timeZone = scheduleTimeZone(...(await repository.scheduleTimeZones(tenantId, propertyId)));
  for (const subscription of overdue) {
    await repository.setNextDueAt(
      tenantId,
      subscription.id,
      nextDueAfter(
        localDateFromText(subscription.anchorOn) ?? scheduleAnchor(subscription.nextDueAt, timeZone),
        subscription.intervalMonths,
        timeZone,
        at,
      ),
      at,
    );
  }
}

/**
 * The schedule of a subscription that starts at `at` (a new one, or a new frequency): anchored on
 * that day, first due one interval later (docs/decisions/024 and 052).
 */
export function startSchedule(at: Date, intervalMonths: number, timeZone: string) {
  const anchor = scheduleAnchor(at, timeZone);
  return { nextDueAt: occurrenceAt(anchor, 1, intervalMonths, timeZone), anchorOn: localDateText(anchor) };
}
