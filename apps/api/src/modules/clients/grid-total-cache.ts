import { VersionedCache } from '../../lib/versioned-cache';
import type { ClientGridQuery } from '@homeminder/shared/contracts/clients';
import { clientActivityDays } from '@homeminder/shared/contracts/grid-options';
import { systemsFilterValue } from '../../db/home-system-queries';

/** What a grid is filtered and sorted by: everything of its query but the page. */
export type GridFilter = Pick<ClientGridQuery, 'search' | 'status' | 'realtorId' | 'pending' | 'sorting'> &
  Partial<Pick<ClientGridQuery, 'activity' | 'attention' | 'systems' | 'health'>> & {
    /** The moment an activity filter counts back from; now when left out. */
    asOf?: Date;
  };

/**
 * Where an activity filter's days start: the start of a UTC day, so the same filter keeps one
 * statement value and one cached total all day.
 */
export function activitySince(filter: GridFilter): string | null {
  const activity = filter.activity ?? 'all';
  if (activity === 'all' || activity === 'never') return null;
  const at = filter.asOf ?? new Date();
  const day = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate());
  return new Date(day - clientActivityDays[activity] * 86_400_000).toISOString();
}

/**
 * The client grid's totals, by corporation, realtor scope and filter, each kept with the
 * `client_grid_version` of its corporation it was counted at (migration 0008,
 * docs/decisions/036). Paging and sorting ask for the same total again and again, and counting a
 * large corporation's rows is most of a grid request's work.
 */
export class GridTotalCache extends VersionedCache<number> {}

/** What decides a grid's total: not its sorting nor its page. */
export function gridTotalKey(tenantId: string, scopeRealtorId: string | null, filter: GridFilter): string {
  return JSON.stringify([
    tenantId,
    scopeRealtorId,
    filter.realtorId?.toLowerCase() ?? null,
    filter.pending === 1 ? 'pending' : (filter.status ?? null),
    (filter.search ?? '').trim().split(/\s+/).filter(Boolean),
    filter.activity ?? 'all',
    activitySince(filter),
    filter.systems ?? 'all',
    systemsFilterValue(filter.systems, filter.asOf ?? new Date()),
  ]);
}
