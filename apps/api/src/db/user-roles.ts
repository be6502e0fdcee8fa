import { and, eq, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { userRoles } from './schema';

/**
 * The `userRoles` rows of the user (of `roleName` alone when given): the join, or the EXISTS
 * condition, that finds a staff member's roles.
 */
export function rolesOf(user: { tenantId: PgColumn; id: PgColumn }, roleName?: string): SQL {
  return and(
    eq(userRoles.tenantId, user.tenantId),
    eq(userRoles.userId, user.id),
    roleName === undefined ? undefined : eq(userRoles.roleName, roleName),
  )!;
}
