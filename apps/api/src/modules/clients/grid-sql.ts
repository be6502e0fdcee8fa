/** The SQL of the client grid: a row's columns, the filter's conditions and the order. */
import { and, eq, ilike, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { searchWords } from '@homeminder/shared/search';
import type { ClientRowStatus, ClientSortColumn } from '@homeminder/shared/contracts/clients';
import { propertyStatusCondition } from '../../db/property-status';
import { containsPattern } from '../../db/query-helpers';
import {
  clientFieldSorts,
  clientSearchFieldNames,
  type ClientFieldSortName,
} from '@homeminder/shared/contracts/client-fields';
import {
  c,
  clientFieldColumn,
  clientOwnFieldSelection,
  p,
  realtor,
  realtorNameSql,
} from '../../db/client-property-queries';
import { attentionByClientSql } from '../home';
import {
  healthScoreSql,
  propertyHasSystems,
  propertyInHealthBand,
  systemsFilterValue,
} from '../../db/home-system-queries';
import { activitySince, type GridFilter } from './grid-total-cache';

/** ISO text of a timestamp, made by the database so both drivers return the same string. */
function isoText(
  expression: SQL | SQL.Aliased | typeof c.createdAt | typeof c.unsubscribedAt | typeof c.lastActivityAt,
): SQL<string> {
  return sql<string>`to_char(${expression} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/**
 * A property's next due date and number of reminders, read once per row by one lateral join
 * (`gridJoinSchedule`): as correlated subqueries, PostgreSQL planned and ran one per use, and the
 * grid's page statement used them three times.
 */
const nextDueSql = sql.raw('sched.next_due_at');
const subscriptionCountSql = sql.raw('sched.subscription_count');

/** Joins every grid row to its property's schedule; a client without a property has none. */
export const gridJoinSchedule = sql`lateral (select min(s.next_due_at) as next_due_at,
    count(*)::int as subscription_count
  from reminder_subscriptions s where s.tenant_id = ${p.tenantId} and s.property_id = ${p.id}) sched`;

/**
 * A row's status is its property's, except that an enabled property of a client who unsubscribed
 * is 'unsubscribed' and one without any reminder 'noReminders': neither sends anything (the
 * dispatcher's `activeSubscription`), so neither is counted among the properties getting
 * reminders. The same partition as `propertyStatusCondition`. A property without reminders has no
 * next due date (every subscription has one): the lateral join runs for the page's rows only,
 * where an `exists` lets the planner hash every subscription of the corporation first.
 */
const statusSql = sql<ClientRowStatus>`case
  when ${p.id} is null then (case when not ${c.enabled} then 'disabled'
    when ${c.unsubscribedAt} is not null then 'unsubscribed' else 'enabled' end)
  when not ${p.enabled} then 'disabled'
  when ${p.pending} then 'pending'
  when ${c.unsubscribedAt} is not null then 'unsubscribed'
  when ${nextDueSql} is null then 'noReminders'
  else 'enabled' end`;

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
    subscriptionCount: sql<number>`${subscriptionCountSql}`.as('subscription_count'),
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
export function statusOf(filter: GridFilter): GridFilter['status'] {
  return filter.pending === 1 ? 'pending' : filter.status;
}

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

/**
 * The grid's conditions. Each value is either itself or a placeholder (`sql.placeholder`), so the
 * same code writes both a statement for one request and a page statement kept per shape.
 */
export function gridWhere(values: {
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

/**
 * The attention rows of the corporation, or of the realtor whose grid it is, as of the filter's
 * moment; the grid scopes its clients itself.
 */
export function attentionTable(tenantId: string, scopeRealtorId: string | null, filter: GridFilter): SQL {
  const at = { tenantId, realtorId: scopeRealtorId, now: filter.asOf ?? new Date() };
  return sql`(${attentionByClientSql(at)}) att`;
}

export const attentionJoinOn = sql`${att.clientId} = ${c.id}`;

export function attentionCondition(filter: GridFilter): SQL | undefined {
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

/** The sorts that read `gridJoinSchedule`: a query ordered by one of them must join it. */
const scheduleSorts: ReadonlySet<ClientSortColumn> = new Set(['status', 'nextDueAt']);

export function sortingReadsSchedule(sorting: GridFilter['sorting']): boolean {
  return sorting.some(({ propertyName }) => scheduleSorts.has(propertyName));
}

/** The order of the grid: the columns asked for, then by name, then ids so paging is stable. */
export function gridOrder(sorting: GridFilter['sorting']): SQL[] {
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

/** Every client, with each of their properties: a client without one still has a row. */
export const gridJoinProperty = and(eq(p.tenantId, c.tenantId), eq(p.clientUserId, c.id));
