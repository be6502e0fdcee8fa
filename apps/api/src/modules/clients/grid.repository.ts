import { and, eq, ilike, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { searchWords } from '@homeminder/shared/search';
import type { ClientGridRow, ClientRowStatus, ClientSortColumn } from '@homeminder/shared/contracts/clients';
import type { Database } from '../../db/client';
import { corporations } from '../../db/schema';
import { propertyStatusCondition } from '../../db/property-status';
import { containsPattern } from '../../db/query-helpers';
import { LruMap } from '../../lib/lru-map';
import {
  clientFieldSorts,
  clientSearchFieldNames,
  type ClientFieldSortName,
} from '@homeminder/shared/contracts/client-fields';
import {
  c,
  clientFieldColumn,
  clientOwnFieldSelection,
  clientRealtorJoin,
  p,
  realtor,
  realtorNameSql,
} from '../../db/client-property-queries';
import { attentionReasons, type AttentionReason } from '@homeminder/shared/contracts/attention';
import { attentionByClientSql } from '../home';
import {
  healthScoreSql,
  propertyHasSystems,
  propertyInHealthBand,
  systemsFilterValue,
} from '../../db/home-system-queries';
import { activitySince, gridTotalKey, type GridFilter, type GridTotalCache } from './grid-total-cache';
import { KeptStatement } from './kept-statement';

/** The client grid: one row per property, or per client without one, filtered, sorted and paged. */

/** ISO text of a timestamp, made by the database so both drivers return the same string. */
function isoText(
  expression: SQL | SQL.Aliased | typeof c.createdAt | typeof c.unsubscribedAt | typeof c.lastActivityAt,
): SQL<string> {
  return sql<string>`to_char(${expression} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

const nextDueSql = sql`(select min(s.next_due_at) from reminder_subscriptions s
  where s.tenant_id = ${p.tenantId} and s.property_id = ${p.id})`;

/**
 * A row's status is its property's, except that an enabled property of a client who unsubscribed
 * is 'unsubscribed' and one without any reminder 'noReminders': neither sends anything (the
 * dispatcher's `activeSubscription`), so neither is counted among the properties getting
 * reminders. The same partition as `propertyStatusCondition`. A property without reminders has no
 * next due date (every subscription has one): as a scalar subquery it runs for the page's rows
 * only, where an `exists` lets the planner hash every subscription of the corporation first.
 */
const statusSql = sql<ClientRowStatus>`case
  when ${p.id} is null then (case when not ${c.enabled} then 'disabled'
    when ${c.unsubscribedAt} is not null then 'unsubscribed' else 'enabled' end)
  when not ${p.enabled} then 'disabled'
  when ${p.pending} then 'pending'
  when ${c.unsubscribedAt} is not null then 'unsubscribed'
  when ${nextDueSql} is null then 'noReminders'
  else 'enabled' end`;

const subscriptionCountSql = sql<number>`(select count(*)::int from reminder_subscriptions s
  where s.tenant_id = ${p.tenantId} and s.property_id = ${p.id})`;

/** The columns of a grid row, each named, so the same selection also works inside a CTE. */
export function rowSelection() {
  return {
    rowId: sql<string>`coalesce(${p.id}, ${c.id})`.as('row_id'),
    clientId: sql<string>`${c.id}`.as('client_id'),
    propertyId: sql<string | null>`${p.id}`.as('property_id'),
    ...clientOwnFieldSelection(),
    realtorId: sql<string | null>`${c.realtorId}`.as('realtor_id'),
    realtorName: realtorNameSql.as('realtor_name'),
    addressLine: sql<string | null>`${p.addressLine}`.as('address_line'),
    city: sql<string | null>`${p.city}`.as('city'),
    state: sql<string | null>`${p.state}`.as('state'),
    zip: sql<string | null>`${p.zip}`.as('zip'),
    status: statusSql.as('status'),
    subscriptionCount: sql<number>`coalesce(${subscriptionCountSql}, 0)`.as('subscription_count'),
    nextDueAt: sql<string | null>`${isoText(nextDueSql)}`.as('next_due_at'),
    unsubscribedAt: sql<string | null>`${isoText(c.unsubscribedAt)}`.as('unsubscribed_at'),
    lastActivityAt: sql<string | null>`${isoText(c.lastActivityAt)}`.as('last_activity_at'),
    healthScore: sql<number | null>`${healthScoreSql}::int`.as('health_score'),
    createdAt: sql<string>`${isoText(c.createdAt)}`.as('created_at'),
  };
}

/** Every word must appear in one of the described fields the grid searches (name, email, address). */
function searchCondition(patterns: Array<string | SQLWrapper>): SQL | undefined {
  if (patterns.length === 0) return undefined;
  return and(
    ...patterns.map((pattern) =>
      or(...clientSearchFieldNames.map((name) => ilike(clientFieldColumn(name), pattern))),
    ),
  );
}

/** The status a grid filter asks for; `pending: 1` overrides the status. */
function statusOf(filter: GridFilter): GridFilter['status'] {
  return filter.pending === 1 ? 'pending' : filter.status;
}

/**
 * The grid's conditions. Each value is either itself or a placeholder (`sql.placeholder`), so the
 * same code writes both a statement for one request and a page statement kept per shape.
 */
/**
 * The client's last activity, their latest reply, kept on the client by `recordReply`
 * (docs/decisions/064): a column with indexes, since a subquery over the replies per row would
 * read every client's replies to sort or count a large corporation.
 */
function activityCondition(
  activity: GridFilter['activity'],
  since: string | SQLWrapper | null,
): SQL | undefined {
  if (activity === 'never') return sql`${c.lastActivityAt} is null`;
  if (since === null || activity === undefined || activity === 'all') return undefined;
  if (activity === 'quiet90')
    return sql`(${c.lastActivityAt} is null or ${c.lastActivityAt} < ${since}::timestamptz)`;
  return sql`${c.lastActivityAt} >= ${since}::timestamptz`;
}

function gridWhere(values: {
  tenantId: string | SQLWrapper;
  scopeRealtorId: string | SQLWrapper | null;
  realtorId: string | SQLWrapper | null;
  status: GridFilter['status'];
  searchPatterns: Array<string | SQLWrapper>;
  activity: GridFilter['activity'];
  activitySince: string | SQLWrapper | null;
  systems: GridFilter['systems'];
  systemsValue: string | SQLWrapper | null;
  health: GridFilter['health'];
}): SQL {
  // The same partition as `statusSql`: 'enabled' is what gets reminders.
  const statusCondition = values.status === 'all' ? undefined : propertyStatusCondition[values.status];
  return and(
    eq(c.tenantId, values.tenantId),
    values.scopeRealtorId ? eq(c.realtorId, values.scopeRealtorId) : undefined,
    values.realtorId ? eq(c.realtorId, values.realtorId) : undefined,
    statusCondition,
    searchCondition(values.searchPatterns),
    activityCondition(values.activity, values.activitySince),
    propertyHasSystems(values.systems, values.systemsValue),
    propertyInHealthBand(values.health),
  )!;
}

/**
 * Who needs attention, joined as `att` only when the filter or the sort asks for it, so the
 * usual grid never runs the attention query (docs/decisions/063).
 */
const att = { clientId: sql.raw('att.client_id'), since: sql.raw('att.since') };

export function usesAttention(filter: GridFilter): boolean {
  return filter.attention === 'needed' || filter.sorting.some((one) => one.propertyName === 'attention');
}

/** The corporation's attention rows as of the filter's moment; the grid scopes its clients itself. */
export function attentionTable(tenantId: string, filter: GridFilter): SQL {
  return sql`(${attentionByClientSql({ tenantId, now: filter.asOf ?? new Date() })}) att`;
}

export const attentionJoinOn = sql`${att.clientId} = ${c.id}`;

function attentionCondition(filter: GridFilter): SQL | undefined {
  return filter.attention === 'needed' ? sql`${att.clientId} is not null` : undefined;
}

export function gridConditions(tenantId: string, scopeRealtorId: string | null, filter: GridFilter): SQL {
  return and(
    gridWhere({
      tenantId,
      scopeRealtorId,
      realtorId: filter.realtorId?.toLowerCase() ?? null,
      status: statusOf(filter),
      searchPatterns: searchWords(filter.search).map(containsPattern),
      activity: filter.activity,
      activitySince: activitySince(filter),
      systems: filter.systems,
      systemsValue: systemsFilterValue(filter.systems, filter.asOf ?? new Date()),
      health: filter.health,
    }),
    attentionCondition(filter),
  )!;
}

/** A described field sorts as text without regard to case, or as a code as it is kept. */
const fieldSortExpressions = Object.fromEntries(
  Object.entries(clientFieldSorts).map(([sortName, { field, as }]) => {
    const column = clientFieldColumn(field);
    return [sortName, [as === 'text' ? sql`lower(${column})` : sql`${column}`]];
  }),
) as Record<ClientFieldSortName, SQL[]>;

const sortExpressions: Record<ClientSortColumn, SQL[]> = {
  clientName: [sql`lower(${c.lastName})`, sql`lower(${c.firstName})`],
  ...fieldSortExpressions,
  status: [statusSql],
  realtorName: [sql`lower(${realtor.lastName})`, sql`lower(${realtor.firstName})`],
  nextDueAt: [nextDueSql],
  createdAt: [sql`${c.createdAt}`],
  lastActivityAt: [sql`${c.lastActivityAt}`],
  attention: [att.since],
  healthScore: [healthScoreSql],
};

/** The order of the grid: the columns asked for, then by name, then ids so paging is stable. */
function gridOrder(sorting: GridFilter['sorting']): SQL[] {
  const order: SQL[] = [];
  for (const { propertyName, dir } of sorting) {
    for (const expression of sortExpressions[propertyName]) {
      order.push(dir === 'desc' ? sql`${expression} desc nulls last` : sql`${expression} asc nulls last`);
    }
  }
  order.push(
    sql`lower(${c.lastName}) asc`,
    sql`lower(${c.firstName}) asc`,
    sql`${c.id} asc`,
    sql`${p.id} asc nulls first`,
  );
  return order;
}

/** The corporation's grid version (migration 0008), as text: both drivers return a bigint alike. */
function gridVersionSql(tenantId: string | SQLWrapper): SQL<string | null> {
  return sql<string | null>`(select ${corporations.clientGridVersion}::text from ${corporations}
    where ${corporations.id} = ${tenantId})`;
}

/** Every client, with each of their properties: a client without one still has a row. */
export const gridJoinProperty = and(eq(p.tenantId, c.tenantId), eq(p.clientUserId, c.id));

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
  // With attention, the statement carries the attention query's own values: written per request.
  const attention = usesAttention(filter);
  let statement = attention ? undefined : gridPageStatements.get(shape);
  if (!statement) {
    const tenant = sql.placeholder('tenantId');
    const selection = { ...rowSelection(), gridVersion: gridVersionSql(tenant).as('grid_version') };
    let query = db
      .select(selection)
      .from(c)
      .leftJoin(p, gridJoinProperty)
      .leftJoin(realtor, clientRealtorJoin)
      .$dynamic();
    if (attention) query = query.leftJoin(attentionTable(tenantId, filter), attentionJoinOn);
    query = query
      .where(
        and(
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
          attentionCondition(filter),
        ),
      )
      .orderBy(...gridOrder(filter.sorting))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'));
    const columns = Object.entries(selection).map(
      ([field, column]) => [field as keyof GridPageRow, column.fieldAlias] as const,
    );
    statement = new KeptStatement<GridPageRow>(query, columns);
    if (!attention) gridPageStatements.set(shape, statement);
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

/** `totals` is the process's cache of grid totals, shared by every transaction's repository. */
export function gridQueries(db: Database, totals: GridTotalCache) {
  return {
    /**
     * One page of the grid and the total, as two queries. Apart, each stays small: the page is read
     * off the name index and stops after `limit` rows (the per-row subqueries run for those rows
     * only), and the count touches no more than the filter needs. A window count over the page
     * query would make PostgreSQL build and sort every row of the corporation for ten.
     * The page also reads the corporation's grid version, in the same statement: while a total
     * counted at that version is known, the count is not run again (docs/decisions/036).
     */
    async grid(
      tenantId: string,
      scopeRealtorId: string | null,
      filter: GridFilter,
      page: { limit: number; offset: number },
      withTotal = true,
    ): Promise<{ items: ClientGridRow[]; totalItemCount: number }> {
      const { statement, values } = gridPage(db, tenantId, scopeRealtorId, filter, page);
      const rows = await statement.run(db, values);
      const items = rows.map(({ gridVersion: _version, ...item }) => item);
      if (!withTotal) return { items, totalItemCount: 0 };

      // Who needs attention, a home's systems and its health, change with time and with what the grid version
      // does not count (a failed email, a system added), so a total filtered by them is counted
      // each time and never kept.
      const keep =
        filter.attention !== 'needed' &&
        (filter.systems ?? 'all') === 'all' &&
        (filter.health ?? 'all') === 'all';
      const key = gridTotalKey(tenantId, scopeRealtorId, filter);
      const pageVersion = rows[0]?.gridVersion ?? undefined;
      const known = pageVersion === undefined || !keep ? undefined : totals.get(key, pageVersion);
      if (known !== undefined) return { items, totalItemCount: known };
      let count = db
        .select({ n: sql<number>`count(*)::int`, version: gridVersionSql(tenantId) })
        .from(c)
        .leftJoin(p, gridJoinProperty)
        .$dynamic();
      if (!keep) count = count.leftJoin(attentionTable(tenantId, filter), attentionJoinOn);
      const [counted] = await count.where(gridConditions(tenantId, scopeRealtorId, filter));
      const total = counted?.n ?? 0;
      if (keep && counted?.version != null) totals.set(key, counted.version, total);
      return { items, totalItemCount: total };
    },

    /**
     * Why each client of the corporation needs attention at `now`, by client, in the list's order:
     * the export looks its own rows up in it.
     */
    async attentionReasons(tenantId: string, now: Date): Promise<Map<string, AttentionReason[]>> {
      const result: unknown = await db.execute(attentionByClientSql({ tenantId, now }));
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
      let rows = db
        .select({
          ...rowSelection(),
          rn: sql<number>`(row_number() over (order by ${sql.join(gridOrder(filter.sorting), sql`, `)}))::int`.as(
            'rn',
          ),
          total: sql<number>`(count(*) over ())::int`.as('total'),
        })
        .from(c)
        .leftJoin(p, gridJoinProperty)
        .leftJoin(realtor, clientRealtorJoin)
        .$dynamic();
      if (usesAttention(filter)) rows = rows.leftJoin(attentionTable(tenantId, filter), attentionJoinOn);
      const ranked = db.$with('ranked').as(rows.where(gridConditions(tenantId, scopeRealtorId, filter)));
      const found = await db
        .with(ranked)
        .select()
        .from(ranked)
        .where(sql`"rn" = (select r."rn" + 1 from "ranked" r where r."row_id" = ${currentId.toLowerCase()})`);
      const [row] = found;
      if (!row) return { items: [], totalItemCount: 0 };
      const { rn: _rn, total, ...item } = row;
      return { items: [item], totalItemCount: total };
    },
  };
}
