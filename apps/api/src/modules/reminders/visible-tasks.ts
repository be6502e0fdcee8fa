import { eq, isNull, or } from 'drizzle-orm';
import { maintenanceFrequencies, reminders } from '../../db/schema';

/**
 * The reminder tasks a corporation sees: the shared catalogue and its own, never another
 * corporation's. The reminders table has no row-level policy (the shared rows belong to no
 * tenant), so every query that lists or accepts a task names this condition.
 */
export function tasksVisibleTo(tenantId: string) {
  return or(isNull(reminders.tenantId), eq(reminders.tenantId, tenantId))!;
}

/**
 * A task's columns as the screens show it, with its default frequency's name: the query joins
 * maintenance_frequencies on the task's default frequency.
 */
export const taskColumns = {
  id: reminders.id,
  name: reminders.name,
  description: reminders.description,
  category: reminders.category,
  defaultFrequencyId: reminders.defaultFrequencyId,
  defaultFrequencyName: maintenanceFrequencies.name,
  season: reminders.season,
};
