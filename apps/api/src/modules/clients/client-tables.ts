import { and, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { clientUsers, properties, reminderSubscriptions, tenantUsers } from '../../db/schema';

/**
 * The tables of the clients area under short names, and the joins and scope conditions every
 * query of it shares, as do the other modules that read a client's properties and reminders
 * (mail, reminders, home, account). Every query filters on the tenant; `scopeRealtorId` (from
 * `realtorScope`) narrows to one realtor's clients, null means the corporation's.
 */

export const c = clientUsers;
export const p = properties;
export const s = reminderSubscriptions;
export const realtor = alias(tenantUsers, 'realtor');

/** A reminder subscription to its property. */
export const subscriptionPropertyJoin = and(eq(p.tenantId, s.tenantId), eq(p.id, s.propertyId))!;

/** A property to its client, through whom the realtor scope applies. */
export const propertyClientJoin = and(eq(c.tenantId, p.tenantId), eq(c.id, p.clientUserId))!;

/** A client to their realtor, if they have one. */
export const clientRealtorJoin = and(eq(realtor.tenantId, c.tenantId), eq(realtor.id, c.realtorId))!;

/** The tenant's clients, only the realtor's own when `scopeRealtorId` is set. */
export function clientInScope(
  tenantId: string,
  scopeRealtorId: string | null,
  ...conditions: Array<SQL | undefined>
): SQL {
  return inScope(eq(c.tenantId, tenantId), scopeRealtorId, conditions);
}

/** The tenant's properties, of the realtor's own clients only when set (with `propertyClientJoin`). */
export function propertyInScope(
  tenantId: string,
  scopeRealtorId: string | null,
  ...conditions: Array<SQL | undefined>
): SQL {
  return inScope(eq(p.tenantId, tenantId), scopeRealtorId, conditions);
}

/** Both scopes narrow to the realtor through the client, whichever table names the tenant. */
function inScope(ofTenant: SQL, scopeRealtorId: string | null, conditions: Array<SQL | undefined>): SQL {
  return and(ofTenant, scopeRealtorId ? eq(c.realtorId, scopeRealtorId) : undefined, ...conditions)!;
}

export const realtorNameSql = sql<string | null>`case when ${realtor.id} is null then null
  else ${realtor.firstName} || ' ' || ${realtor.lastName} end`;
