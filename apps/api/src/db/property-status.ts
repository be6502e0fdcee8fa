import { sql, type SQL } from 'drizzle-orm';
import type { ClientRowStatus } from '@homeminder/shared/contracts/clients';
import { clientUsers, properties } from './schema';

/**
 * The status of a client's property as every screen counts it: the client grid's rows and status
 * filter, its count tiles, Home's tiles and the export. Written once here so they always agree.
 * A property is disabled, else pending, else unsubscribed (its client stopped reminder emails),
 * else without reminders (it has no subscription), else enabled: getting reminders.
 */

const p = properties;
const c = clientUsers;

/** The property has at least one reminder subscription. */
export const propertyHasReminders: SQL<boolean> = sql<boolean>`exists (select 1 from reminder_subscriptions s
  where s.tenant_id = ${p.tenantId} and s.property_id = ${p.id})`;

/** The condition of each status on a row of `properties` joined to its `client_users` row. */
export const propertyStatusCondition: Record<ClientRowStatus, SQL<boolean>> = {
  disabled: sql<boolean>`not ${p.enabled}`,
  pending: sql<boolean>`(${p.enabled} and ${p.pending})`,
  unsubscribed: sql<boolean>`(${p.enabled} and not ${p.pending} and ${c.unsubscribedAt} is not null)`,
  noReminders: sql<boolean>`(${p.enabled} and not ${p.pending} and ${c.unsubscribedAt} is null
    and not ${propertyHasReminders})`,
  enabled: sql<boolean>`(${p.enabled} and not ${p.pending} and ${c.unsubscribedAt} is null
    and ${propertyHasReminders})`,
};

/** The properties with `status`, counted over a query of properties joined to their clients. */
export function countWithStatus(status: ClientRowStatus): SQL<number> {
  return sql<number>`(count(${p.id}) filter (where ${propertyStatusCondition[status]}))::int`;
}
