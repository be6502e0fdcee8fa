import { and, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { ClientRowStatus } from '@homeminder/shared/contracts/clients';
import { VersionedCache } from '../lib/versioned-cache';
import type { Database } from './client';
import { clientInScope, propertyClientJoin, propertyInScope } from './client-property-queries';
import { clientUsers, corporations, properties, reminderSubscriptions } from './schema';

/**
 * The status of a client's property as every screen counts it: the client grid's rows and status
 * filter, its count tiles, Home's tiles and the export. Written once here so they always agree.
 * A property is disabled, else pending, else unsubscribed (its client stopped reminder emails),
 * else without reminders (it has no subscription), else enabled: getting reminders.
 */

const p = properties;
const c = clientUsers;
const s = reminderSubscriptions;

/** The property has at least one reminder subscription. */
export const propertyHasReminders: SQL<boolean> = sql<boolean>`exists (select 1 from reminder_subscriptions s
  where s.tenant_id = ${p.tenantId} and s.property_id = ${p.id})`;

/** Each status's condition, given whether the property has reminders. */
function statusConditions(hasReminders: SQL<boolean>): Record<ClientRowStatus, SQL<boolean>> {
  return {
    disabled: sql<boolean>`not ${p.enabled}`,
    pending: sql<boolean>`(${p.enabled} and ${p.pending})`,
    unsubscribed: sql<boolean>`(${p.enabled} and not ${p.pending} and ${c.unsubscribedAt} is not null)`,
    noReminders: sql<boolean>`(${p.enabled} and not ${p.pending} and ${c.unsubscribedAt} is null
      and not ${hasReminders})`,
    enabled: sql<boolean>`(${p.enabled} and not ${p.pending} and ${c.unsubscribedAt} is null
      and ${hasReminders})`,
  };
}

/** The condition of each status on a row of `properties` joined to its `client_users` row. */
export const propertyStatusCondition = statusConditions(propertyHasReminders);

/** The corporation's grid version (migration 0008), as text: both drivers return a bigint alike. */
export function gridVersionSql(tenantId: string | SQLWrapper): SQL<string | null> {
  return sql<string | null>`(select ${corporations.clientGridVersion}::text from ${corporations}
    where ${corporations.id} = ${tenantId})`;
}

/** A corporation's (or one realtor's) clients, and their properties by status. */
export interface StatusCounts {
  clients: number;
  properties: number;
  enabled: number;
  noReminders: number;
  unsubscribed: number;
  pending: number;
  disabled: number;
}

/**
 * Counts clients and properties by status, as the grid's tiles and Home's show them. A count
 * changes only with the corporation's clients, properties and subscriptions, which move its grid
 * version (migration 0008), so each process keeps the counts it made by that version: when every
 * realtor opens Home in the morning, the corporation's clients are counted once, not each time.
 */
export class StatusCounter {
  private readonly counted = new VersionedCache<StatusCounts>();

  async count(db: Database, tenantId: string, scopeRealtorId: string | null): Promise<StatusCounts> {
    const key = `${tenantId}/${scopeRealtorId ?? ''}`;
    const [current] = await db
      .select({ version: sql<string>`${corporations.clientGridVersion}::text` })
      .from(corporations)
      .where(eq(corporations.id, tenantId));
    const known = current && this.counted.get(key, current.version);
    if (known) return known;
    // Whether a property has reminders is looked up once per property, not once per status.
    const firstReminder = db
      .select({ propertyId: s.propertyId })
      .from(s)
      .where(and(eq(s.tenantId, p.tenantId), eq(s.propertyId, p.id)))
      .limit(1)
      .as('first_reminder');
    const status = statusConditions(sql<boolean>`(${firstReminder.propertyId} is not null)`);
    const countOf = (which: ClientRowStatus) => sql<number>`(count(*) filter (where ${status[which]}))::int`;
    const [row] = await db
      .select({
        version: gridVersionSql(tenantId),
        clients: sql<number>`(select count(*) from ${c} where ${clientInScope(tenantId, scopeRealtorId)})::int`,
        properties: sql<number>`count(*)::int`,
        enabled: countOf('enabled'),
        noReminders: countOf('noReminders'),
        unsubscribed: countOf('unsubscribed'),
        pending: countOf('pending'),
        disabled: countOf('disabled'),
      })
      .from(p)
      .innerJoin(c, propertyClientJoin)
      .leftJoinLateral(firstReminder, sql`true`)
      .where(propertyInScope(tenantId, scopeRealtorId));
    const { version, ...counts } = row!;
    if (version != null) this.counted.set(key, version, counts);
    return counts;
  }
}
