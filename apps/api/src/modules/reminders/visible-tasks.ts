import { eq, isNull, or } from 'drizzle-orm';
import { reminders } from '../../db/schema';

/**
 * The reminder tasks a corporation sees: the shared catalogue and its own, never another
 * corporation's. The reminders table has no row-level policy (the shared rows belong to no
 * tenant), so every query that lists or accepts a task names this condition.
 */
export function tasksVisibleTo(tenantId: string) {
  return or(isNull(reminders.tenantId), eq(reminders.tenantId, tenantId))!;
}
