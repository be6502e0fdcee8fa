import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import {
  clientSystemAgeYears,
  type ClientHealthFilter,
  type ClientSystemFilter,
} from '@homeminder/shared/contracts/grid-options';
import { properties } from './schema';

/**
 * The value a systems filter compares with on a day (docs/decisions/093): the day itself for
 * "likely replacement soon" (a system whose wear day has come), the latest year installed for an
 * age. A UTC day, so a filter keeps one statement value all day.
 */
export function systemsFilterValue(systems: ClientSystemFilter | undefined, at: Date): string | null {
  if (!systems || systems === 'all') return null;
  if (systems === 'replaceSoon') return at.toISOString().slice(0, 10);
  return String(at.getUTCFullYear() - clientSystemAgeYears[systems]);
}

/**
 * A property with a system the filter asks for, by `systemsFilterValue`: read by the client grid
 * (its filter, export and selections) and by Home's figure alike.
 */
export function propertyHasSystems(
  systems: ClientSystemFilter | undefined,
  value: string | SQLWrapper | null,
): SQL | undefined {
  if (!systems || systems === 'all' || value === null) return undefined;
  const which =
    systems === 'replaceSoon' ? sql`h.wears_from <= ${value}::date` : sql`h.installed_year <= ${value}::int`;
  return sql`exists (select 1 from home_systems h
    where h.tenant_id = ${properties.tenantId} and h.property_id = ${properties.id} and ${which})`;
}

/** The home's kept health score (docs/decisions/095), null before it is scored: one row by key. */
export const healthScoreSql = sql<number | null>`(select hh.score from home_health hh
  where hh.tenant_id = ${properties.tenantId} and hh.property_id = ${properties.id})`;

const bandText = { good: sql`'good'`, fair: sql`'fair'`, poor: sql`'poor'` } as const;

/**
 * A property whose kept health score is in the band the filter asks for: read by the client grid
 * (its filter, export and selections).
 */
export function propertyInHealthBand(health: ClientHealthFilter | undefined): SQL | undefined {
  if (!health || health === 'all') return undefined;
  return sql`exists (select 1 from home_health hh where hh.tenant_id = ${properties.tenantId}
    and hh.property_id = ${properties.id} and hh.band = ${bandText[health]})`;
}
