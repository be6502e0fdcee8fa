import { sql } from 'drizzle-orm';
import type { HealthOverview } from '@homeminder/shared/contracts/home-health';
import type { Database } from '../../db/client';

/** How many of the lowest scored homes Home lists. */
export const lowestListed = 5;

/**
 * Home's card of the homes' health (docs/decisions/095), read from the kept scores: the homes in
 * reach (a realtor's clients', or the corporation's) by band, and the lowest first.
 */
export function healthOverviewRepository(db: Database) {
  return {
    async overview(tenantId: string, realtorId: string | null): Promise<HealthOverview> {
      const inReach = sql`h.tenant_id = ${tenantId} and p.enabled and not p.pending
        ${realtorId ? sql`and c.realtor_id = ${realtorId}` : sql``}`;
      const from = sql`from home_health h
        join properties p on p.tenant_id = h.tenant_id and p.id = h.property_id
        join client_users c on c.tenant_id = p.tenant_id and c.id = p.client_user_id`;
      const bands = await db.execute(
        sql`select h.band, count(*)::int as count ${from} where ${inReach} group by h.band`,
      );
      const lowest = await db.execute(sql`
        select c.id as "clientId", p.id as "propertyId", c.first_name || ' ' || c.last_name as "clientName",
               p.address_line as "addressLine", h.score::int as score, h.band, h.reasons -> 0 ->> 'text' as reason
        ${from} where ${inReach} and h.score < 100
        order by h.score, lower(c.last_name), lower(c.first_name), p.id
        limit ${lowestListed}`);
      return {
        bands: (bands as { rows: HealthOverview['bands'] }).rows,
        lowest: (lowest as { rows: HealthOverview['lowest'] }).rows,
      };
    },
  };
}
export type HealthOverviewRepository = ReturnType<typeof healthOverviewRepository>;
