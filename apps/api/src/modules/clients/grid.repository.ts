import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { WithSubqueryWithSelection } from 'drizzle-orm/pg-core';
import { searchWords } from '@homeminder/shared/search';
import { attentionReasons, type AttentionReason } from '@homeminder/shared/contracts/attention';
import type { ClientGridRow } from '@homeminder/shared/contracts/clients';
import type { Database } from '../../db/client';
import { c, clientRealtorJoin, p, realtor } from '../../db/client-property-queries';
import { systemsFilterValue } from '../../db/home-system-queries';
import { gridVersionSql } from '../../db/property-status';
import { containsPattern } from '../../db/query-helpers';
import { LruMap } from '../../lib/lru-map';
import { attentionByClientSql } from '../home';
import {
  attentionJoinOn,
  attentionTable,
  gridConditions,
  gridJoinProperty,
  gridJoinSchedule,
  gridOrder,
  gridWhere,
  rowSelection,
  sortingReadsSchedule,
  statusOf,
  usesAttention,
} from './grid-sql';
import { activitySince, gridTotalKey, type GridFilter, type GridTotalCache } from './grid-total-cache';
import { KeptStatement } from './kept-statement';

/** The client grid: one row per property, or per client without one, filtered, sorted and paged. */

type GridPageRow = ClientGridRow & { gridVersion: string | null };

/** The page statements written so far, one per shape of filter and sorting (docs/decisions/038). */
const gridPageStatements = new LruMap<string, KeptStatement<GridPageRow>>(256);

/**
 * The statement of one grid page and its values. What the filter asks for decides the statement's
 * shape (which conditions, how many search words, the sorting); the corporation, the realtors,
 * the words and the page are its values, bound at each request.
 */
function gridPage(
  db: Database,
  tenantId: string,
  scopeRealtorId: string | null,
  filter: GridFilter,
  page: { limit: number; offset: number },
): { statement: KeptStatement<GridPageRow>; values: Record<string, unknown> } {
  const patterns = searchWords(filter.search).map(containsPattern);
  const realtorId = filter.realtorId?.toLowerCase() ?? null;
  const shape = JSON.stringify([
    scopeRealtorId !== null,
    realtorId !== null,
    statusOf(filter) ?? null,
    patterns.length,
    filter.sorting,
    filter.activity ?? 'all',
    filter.systems ?? 'all',
    filter.health ?? 'all',
  ]);
  let statement = gridPageStatements.get(shape);
  if (!statement) {
    const tenant = sql.placeholder('tenantId');
    const selection = { ...rowSelection(), gridVersion: gridVersionSql(tenant).as('grid_version') };
    const query = db
      .select(selection)
      .from(c)
      .leftJoin(p, gridJoinProperty)
      .leftJoin(gridJoinSchedule, sql`true`)
      .leftJoin(realtor, clientRealtorJoin)
      .where(
        gridWhere({
          tenantId: tenant,
          scopeRealtorId: scopeRealtorId === null ? null : sql.placeholder('scopeRealtorId'),
          realtorId: realtorId === null ? null : sql.placeholder('realtorId'),
          status: statusOf(filter),
          searchPatterns: patterns.map((_, index) => sql.placeholder(`word${index}`)),
          activity: filter.activity,
          activitySince: sql.placeholder('activitySince'),
          systems: filter.systems,
          systemsValue: sql.placeholder('systemsValue'),
          health: filter.health,
        }),
      )
      .orderBy(...gridOrder(filter.sorting))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'));
    const columns = Object.entries(selection).map(
      ([field, column]) => [field as keyof GridPageRow, column.fieldAlias] as const,
    );
    statement = new KeptStatement<GridPageRow>(query, columns);
    gridPageStatements.set(shape, statement);
  }
  const values: Record<string, unknown> = {
    tenantId,
    scopeRealtorId,
    realtorId,
    activitySince: activitySince(filter),
    systemsValue: systemsFilterValue(filter.systems, filter.asOf ?? new Date()),
    ...page,
  };
  patterns.forEach((pattern, index) => {
    values[`word${index}`] = pattern;
  });
  return { statement, values };
}

/** A grid row's keys, its rank in the grid's order and the total. */
type GridKey = {
  clientId: SQL.Aliased<string>;
  propertyId: SQL.Aliased<string | null>;
  rank: SQL.Aliased<number>;
  total: SQL.Aliased<number>;
};

/**
 * The grid's rows by their keys alone, in its order, each with its rank and the total: only what
 * the filter and the sorting read is joined (the schedule when the sorting reads it, who needs
 * attention when either does), so that every listed client of the corporation can be ranked
 * without building their rows.
 */
function rankedKeys(db: Database, tenantId: string, scopeRealtorId: string | null, filter: GridFilter) {
  const order = gridOrder(filter.sorting);
  let keyQuery = db
    .select({
      clientId: sql<string>`${c.id}`.as('key_client_id'),
      propertyId: sql<string | null>`${p.id}`.as('key_property_id'),
      rank: sql<number>`row_number() over (order by ${sql.join(order, sql`, `)})`.as('key_rank'),
      total: sql<number>`(count(*) over ())::int`.as('key_total'),
    })
    .from(c)
    .leftJoin(p, gridJoinProperty)
    .$dynamic();
  if (sortingReadsSchedule(filter.sorting)) keyQuery = keyQuery.leftJoin(gridJoinSchedule, sql`true`);
  keyQuery = keyQuery.leftJoin(realtor, clientRealtorJoin);
  if (usesAttention(filter))
    keyQuery = keyQuery.leftJoin(attentionTable(tenantId, scopeRealtorId, filter), attentionJoinOn);
  return keyQuery.where(gridConditions(tenantId, scopeRealtorId, filter));
}

/** The full rows of the keys `chosen` picked from `rankedKeys`, in the grid's order: a deferred join. */
function rowsOfKeys<Name extends string>(
  db: Database,
  tenantId: string,
  chosen: WithSubqueryWithSelection<GridKey, Name>,
) {
  return db
    .with(chosen)
    .select({ ...rowSelection(), total: chosen.total })
    .from(chosen)
    .innerJoin(c, and(eq(c.tenantId, tenantId), eq(c.id, chosen.clientId)))
    .leftJoin(p, and(eq(p.tenantId, tenantId), eq(p.id, chosen.propertyId)))
    .leftJoin(gridJoinSchedule, sql`true`)
    .leftJoin(realtor, clientRealtorJoin)
    .orderBy(chosen.rank);
}

/**
 * A page filtered or sorted by who needs attention. Every listed client of the corporation is
 * joined and sorted on each request (the reasons' days depend on the moment), so the page's rows
 * are first found by their keys, with the total beside them, and only the page's rows then read
 * their schedule, realtor and health.
 */
function attentionPage(
  db: Database,
  tenantId: string,
  scopeRealtorId: string | null,
  filter: GridFilter,
  page: { limit: number; offset: number },
) {
  const keys = db.$with('page_keys').as(
    rankedKeys(db, tenantId, scopeRealtorId, filter)
      .orderBy(sql`key_rank`)
      .limit(page.limit)
      .offset(page.offset),
  );
  return rowsOfKeys(db, tenantId, keys);
}

/** `totals` is the process's cache of grid totals, shared by every transaction's repository. */
export function gridQueries(db: Database, totals: GridTotalCache) {
  /**
   * How many rows the filter leaves. A total changes with the corporation's grid version
   * (docs/decisions/036), which a home's systems move too (migration 0047), so one counted at the
   * page's version is kept; who needs attention and a home's health change with time and with what
   * the version does not count (a failed email, a home scored again), so a total filtered by them
   * is counted each time.
   */
  async function countRows(
    tenantId: string,
    scopeRealtorId: string | null,
    filter: GridFilter,
    pageVersion: string | undefined,
  ): Promise<number> {
    const keep = filter.attention !== 'needed' && (filter.health ?? 'all') === 'all';
    const key = gridTotalKey(tenantId, scopeRealtorId, filter);
    const known = pageVersion === undefined || !keep ? undefined : totals.get(key, pageVersion);
    if (known !== undefined) return known;
    let count = db
      .select({ n: sql<number>`count(*)::int`, version: gridVersionSql(tenantId) })
      .from(c)
      .leftJoin(p, gridJoinProperty)
      .$dynamic();
    if (usesAttention(filter))
      count = count.leftJoin(attentionTable(tenantId, scopeRealtorId, filter), attentionJoinOn);
    const [counted] = await count.where(gridConditions(tenantId, scopeRealtorId, filter));
    const total = counted?.n ?? 0;
    if (keep && counted?.version != null) totals.set(key, counted.version, total);
    return total;
  }

  return {
    /**
     * One page of the grid and the total. By any order but who needs attention, as two queries:
     * apart, each stays small, as the page is read off the name index and stops after `limit`
     * rows (the per-row subqueries run for those rows only), and the count touches no more than
     * the filter needs; a window count over that page would build and sort every row of the
     * corporation for ten. The page also reads the corporation's grid version, so a total counted
     * at that version is not counted again. By who needs attention every row is sorted anyway, so
     * the total comes with the page (`attentionPage`).
     */
    async grid(
      tenantId: string,
      scopeRealtorId: string | null,
      filter: GridFilter,
      page: { limit: number; offset: number },
      withTotal = true,
    ): Promise<{ items: ClientGridRow[]; totalItemCount: number }> {
      if (usesAttention(filter)) {
        const rows = await attentionPage(db, tenantId, scopeRealtorId, filter, page);
        const items = rows.map(({ total: _total, ...item }) => item);
        if (!withTotal) return { items, totalItemCount: 0 };
        // A page past the last row has no row to carry the total.
        const total =
          rows[0]?.total ??
          (page.offset === 0 ? 0 : await countRows(tenantId, scopeRealtorId, filter, undefined));
        return { items, totalItemCount: total };
      }
      const { statement, values } = gridPage(db, tenantId, scopeRealtorId, filter, page);
      const rows = await statement.run(db, values);
      const items = rows.map(({ gridVersion: _version, ...item }) => item);
      if (!withTotal) return { items, totalItemCount: 0 };
      const total = await countRows(tenantId, scopeRealtorId, filter, rows[0]?.gridVersion ?? undefined);
      return { items, totalItemCount: total };
    },

    /**
     * Why each client of the corporation needs attention at `now`, by client, in the list's order:
     * the export looks its own rows up in it.
     */
    async attentionReasons(tenantId: string, now: Date): Promise<Map<string, AttentionReason[]>> {
      const result: unknown = await db.execute(attentionByClientSql({ tenantId, realtorId: null, now }));
      const byClient = new Map<string, AttentionReason[]>();
      for (const row of (result as { rows: Array<{ client_id: string; reasons: string[] }> }).rows) {
        const reasons = new Set(row.reasons);
        byClient.set(
          row.client_id,
          attentionReasons.filter((reason) => reasons.has(reason)),
        );
      }
      return byClient;
    },

    /** The row after `currentId` in the grid's order, with the total; none after the last row. */
    async nextRow(
      tenantId: string,
      scopeRealtorId: string | null,
      filter: GridFilter,
      currentId: string,
    ): Promise<{ items: ClientGridRow[]; totalItemCount: number }> {
      const ranked = db.$with('ranked_keys').as(rankedKeys(db, tenantId, scopeRealtorId, filter));
      const next = db.$with('next_key').as(
        db
          .with(ranked)
          .select()
          .from(ranked)
          .where(
            sql`${ranked.rank} = (select r.key_rank + 1 from ${ranked} r
              where coalesce(r.key_property_id, r.key_client_id) = ${currentId.toLowerCase()})`,
          ),
      );
      const found = await rowsOfKeys(db, tenantId, next);
      const [row] = found;
      if (!row) return { items: [], totalItemCount: 0 };
      const { total, ...item } = row;
      return { items: [item], totalItemCount: total };
    },
  };
}
