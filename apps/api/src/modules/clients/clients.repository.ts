import {
  and,
  asc,
  eq,
  ilike,
  inArray,
  isNotNull,
  lte,
  ne,
  or,
  sql,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type {
  ClientDetail,
  ClientGridQuery,
  ClientGridRow,
  ClientRowStatus,
  ClientSortColumn,
  MaintenanceFrequency,
  PropertyDetail,
  PropertyStatus,
  RealtorOption,
  Reminder,
  Subscription,
} from '@homeminder/shared/contracts/clients';
import { Role } from '@homeminder/shared/permissions';
import type { Database } from '../../db/client';
import {
  clientUsers,
  corporations,
  maintenanceFrequencies,
  properties,
  reminders,
  reminderSubscriptions,
  tenantUsers,
  userRoles,
} from '../../db/schema';
import { countWithStatus, propertyHasReminders, propertyStatusCondition } from '../../db/property-status';
import { LruMap } from '../../lib/lru-map';
import { GridTotalCache, gridTotalKey } from './grid-total-cache';
import { KeptStatement } from './kept-statement';

/**
 * Data access of the clients area. Every function takes the tenant id first and filters on it;
 * `realtorId` (from `realtorScope`) narrows to one realtor's clients, null means the corporation's.
 */

const c = clientUsers;
const p = properties;
const realtor = alias(tenantUsers, 'realtor');

/** A client's own columns, as a set-up gives them. */
export interface ClientColumns {
  realtorId: string | null;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
}

/** A property's address columns, as a set-up gives them. */
export interface AddressColumns {
  addressLine: string;
  city: string;
  state: string;
  zip: string;
  pending: boolean;
}

/** A new subscription of a property of the corporation. */
export interface NewSubscription {
  propertyId: string;
  reminderId: string;
  maintenanceFrequencyId: number;
  nextDueAt: Date;
  /** The local date the schedule counts from ('2026-03-05'). */
  anchorOn: string;
}

/** ISO text of a timestamp, made by the database so both drivers answer the same string. */
export function isoText(
  expression: SQL | SQL.Aliased | typeof c.createdAt | typeof c.unsubscribedAt,
): SQL<string> {
  return sql<string>`to_char(${expression} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/**
 * A row's status is its property's, except that an enabled property of a client who unsubscribed
 * is 'unsubscribed' and one without any reminder 'noReminders': neither sends anything (the
 * dispatcher's `activeSubscription`), so neither is counted among the properties getting
 * reminders. The same partition as `propertyStatusCondition`.
 */
const statusSql = sql<ClientRowStatus>`case
  when ${p.id} is null then (case when not ${c.enabled} then 'disabled'
    when ${c.unsubscribedAt} is not null then 'unsubscribed' else 'enabled' end)
  when not ${p.enabled} then 'disabled'
  when ${p.pending} then 'pending'
  when ${c.unsubscribedAt} is not null then 'unsubscribed'
  when not ${propertyHasReminders} then 'noReminders'
  else 'enabled' end`;

const nextDueSql = sql`(select min(s.next_due_at) from reminder_subscriptions s
  where s.tenant_id = ${p.tenantId} and s.property_id = ${p.id})`;
const subscriptionCountSql = sql<number>`(select count(*)::int from reminder_subscriptions s
  where s.tenant_id = ${p.tenantId} and s.property_id = ${p.id})`;
const realtorNameSql = sql<string | null>`case when ${realtor.id} is null then null
  else ${realtor.firstName} || ' ' || ${realtor.lastName} end`;

/** The columns of a grid row, each named, so the same selection also works inside a CTE. */
function rowSelection() {
  return {
    rowId: sql<string>`coalesce(${p.id}, ${c.id})`.as('row_id'),
    clientId: sql<string>`${c.id}`.as('client_id'),
    propertyId: sql<string | null>`${p.id}`.as('property_id'),
    firstName: sql<string>`${c.firstName}`.as('first_name'),
    lastName: sql<string>`${c.lastName}`.as('last_name'),
    email: sql<string>`${c.email}`.as('email'),
    phone: sql<string | null>`${c.phone}`.as('phone'),
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
    createdAt: sql<string>`${isoText(c.createdAt)}`.as('created_at'),
  };
}

/** `%`, `_` and `\` match themselves in a search term. */
function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** The words of a search, each of which must match: at most eight. */
function searchTerms(search: string | undefined): string[] {
  return (search ?? '').split(/\s+/).filter(Boolean).slice(0, 8);
}

/** Every word must appear in the client's name, email or property address. */
function searchCondition(patterns: Array<string | SQLWrapper>): SQL | undefined {
  if (patterns.length === 0) return undefined;
  return and(
    ...patterns.map((pattern) =>
      or(
        ilike(c.firstName, pattern),
        ilike(c.lastName, pattern),
        ilike(c.email, pattern),
        ilike(p.addressLine, pattern),
        ilike(p.city, pattern),
        ilike(p.state, pattern),
        ilike(p.zip, pattern),
      ),
    ),
  );
}

export type GridFilter = Pick<ClientGridQuery, 'search' | 'status' | 'realtorId' | 'pending' | 'sorting'>;

/** The status a grid filter asks for; `pending: 1` overrides the status. */
function statusOf(filter: GridFilter): GridFilter['status'] {
  return filter.pending === 1 ? 'pending' : filter.status;
}

/**
 * The grid's conditions. Each value is either itself or a placeholder (`sql.placeholder`), so the
 * same code writes both a statement for one request and a page statement kept per shape.
 */
function gridWhere(values: {
  tenantId: string | SQLWrapper;
  scopeRealtorId: string | SQLWrapper | null;
  realtorId: string | SQLWrapper | null;
  status: GridFilter['status'];
  searchPatterns: Array<string | SQLWrapper>;
}): SQL {
  // The same partition as `statusSql`: 'enabled' is what gets reminders.
  const statusCondition = values.status === 'all' ? undefined : propertyStatusCondition[values.status];
  return and(
    eq(c.tenantId, values.tenantId),
    values.scopeRealtorId ? eq(c.realtorId, values.scopeRealtorId) : undefined,
    values.realtorId ? eq(c.realtorId, values.realtorId) : undefined,
    statusCondition,
    searchCondition(values.searchPatterns),
  )!;
}

function gridConditions(tenantId: string, scopeRealtorId: string | null, filter: GridFilter): SQL {
  return gridWhere({
    tenantId,
    scopeRealtorId,
    realtorId: filter.realtorId?.toLowerCase() ?? null,
    status: statusOf(filter),
    searchPatterns: searchTerms(filter.search).map(likePattern),
  });
}

const sortExpressions: Record<ClientSortColumn, SQL[]> = {
  clientName: [sql`lower(${c.lastName})`, sql`lower(${c.firstName})`],
  lastName: [sql`lower(${c.lastName})`],
  firstName: [sql`lower(${c.firstName})`],
  email: [sql`lower(${c.email})`],
  address: [sql`lower(${p.addressLine})`],
  city: [sql`lower(${p.city})`],
  state: [sql`${p.state}`],
  zip: [sql`${p.zip}`],
  status: [statusSql],
  realtorName: [sql`lower(${realtor.lastName})`, sql`lower(${realtor.firstName})`],
  nextDueAt: [nextDueSql],
  createdAt: [sql`${c.createdAt}`],
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

/** The corporation's grid version (migration 0008), as text: both drivers answer a bigint alike. */
function gridVersionSql(tenantId: string | SQLWrapper): SQL<string | null> {
  return sql<string | null>`(select ${corporations.clientGridVersion}::text from ${corporations}
    where ${corporations.id} = ${tenantId})`;
}

const gridJoinProperty = and(eq(p.tenantId, c.tenantId), eq(p.clientUserId, c.id));
const gridJoinRealtor = and(eq(realtor.tenantId, c.tenantId), eq(realtor.id, c.realtorId));

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
  const patterns = searchTerms(filter.search).map(likePattern);
  const realtorId = filter.realtorId?.toLowerCase() ?? null;
  const shape = JSON.stringify([
    scopeRealtorId !== null,
    realtorId !== null,
    statusOf(filter) ?? null,
    patterns.length,
    filter.sorting,
  ]);
  let statement = gridPageStatements.get(shape);
  if (!statement) {
    const tenant = sql.placeholder('tenantId');
    const selection = { ...rowSelection(), gridVersion: gridVersionSql(tenant).as('grid_version') };
    const query = db
      .select(selection)
      .from(c)
      .leftJoin(p, gridJoinProperty)
      .leftJoin(realtor, gridJoinRealtor)
      .where(
        gridWhere({
          tenantId: tenant,
          scopeRealtorId: scopeRealtorId === null ? null : sql.placeholder('scopeRealtorId'),
          realtorId: realtorId === null ? null : sql.placeholder('realtorId'),
          status: statusOf(filter),
          searchPatterns: patterns.map((_, index) => sql.placeholder(`word${index}`)),
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
  const values: Record<string, unknown> = { tenantId, scopeRealtorId, realtorId, ...page };
  patterns.forEach((pattern, index) => {
    values[`word${index}`] = pattern;
  });
  return { statement, values };
}

function toSubscription(row: {
  id: string;
  reminderId: string;
  reminderName: string;
  category: string;
  maintenanceFrequencyId: number;
  frequencyName: string;
  nextDueAt: Date;
  lastSentAt: Date | null;
}): Subscription {
  return {
    ...row,
    nextDueAt: row.nextDueAt.toISOString(),
    lastSentAt: row.lastSentAt?.toISOString() ?? null,
  };
}

function propertyStatus(enabled: boolean, pending: boolean): PropertyStatus {
  return !enabled ? 'disabled' : pending ? 'pending' : 'enabled';
}

function clientQueries(db: Database, totals: GridTotalCache) {
  async function subscriptionsOf(
    tenantId: string,
    propertyIds: string[],
  ): Promise<Map<string, Subscription[]>> {
    const byProperty = new Map<string, Subscription[]>();
    if (propertyIds.length === 0) return byProperty;
    const rows = await db
      .select({
        propertyId: reminderSubscriptions.propertyId,
        id: reminderSubscriptions.id,
        reminderId: reminderSubscriptions.reminderId,
        reminderName: reminders.name,
        category: reminders.category,
        maintenanceFrequencyId: reminderSubscriptions.maintenanceFrequencyId,
        frequencyName: maintenanceFrequencies.name,
        nextDueAt: reminderSubscriptions.nextDueAt,
        lastSentAt: reminderSubscriptions.lastSentAt,
      })
      .from(reminderSubscriptions)
      .innerJoin(reminders, eq(reminders.id, reminderSubscriptions.reminderId))
      .innerJoin(
        maintenanceFrequencies,
        eq(maintenanceFrequencies.id, reminderSubscriptions.maintenanceFrequencyId),
      )
      .where(
        and(
          eq(reminderSubscriptions.tenantId, tenantId),
          inArray(reminderSubscriptions.propertyId, propertyIds),
        ),
      )
      .orderBy(asc(reminderSubscriptions.nextDueAt), asc(reminders.name));
    for (const { propertyId, ...subscription } of rows) {
      const list = byProperty.get(propertyId) ?? [];
      list.push(toSubscription(subscription));
      byProperty.set(propertyId, list);
    }
    return byProperty;
  }

  /**
   * The corporation's licensed number and the properties using one (enabled, not pending). With
   * `lock`, the corporation row is locked first, which serialises every change that may take a
   * license, so two cannot take the last one. The count is a statement of its own, run once the
   * lock is held: a statement sees what was committed when it began, so a count in the locking
   * statement could miss the property the previous lock holder just added.
   * NO KEY UPDATE, not UPDATE: inserting a client takes a KEY SHARE lock on its corporation (the
   * foreign key), which UPDATE would wait for, so two set-ups at once would deadlock.
   */
  async function licenseUse(tenantId: string, options: { lock?: boolean } = {}) {
    if (options.lock) {
      await db
        .select({ id: corporations.id })
        .from(corporations)
        .where(eq(corporations.id, tenantId))
        .for('no key update');
    }
    const [row] = await db
      .select({
        licensed: corporations.licensedProperties,
        used: sql<number>`(select count(*)::int from properties u
          where u.tenant_id = ${tenantId} and u.enabled and not u.pending)`,
        endsOn: corporations.licenseEndsOn,
        timeZone: corporations.timeZone,
      })
      .from(corporations)
      .where(eq(corporations.id, tenantId));
    return {
      licensed: row?.licensed ?? 0,
      used: row?.used ?? 0,
      /** The license's last day (YYYY-MM-DD), judged in `timeZone`; null when it has no end. */
      endsOn: row?.endsOn ?? null,
      timeZone: row?.timeZone ?? null,
    };
  }

  const propertyColumns = {
    id: p.id,
    tenantId: p.tenantId,
    clientUserId: p.clientUserId,
    addressLine: p.addressLine,
    city: p.city,
    state: p.state,
    zip: p.zip,
    enabled: p.enabled,
    pending: p.pending,
  };

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

      const key = gridTotalKey(tenantId, scopeRealtorId, filter);
      const pageVersion = rows[0]?.gridVersion ?? undefined;
      const known = pageVersion === undefined ? undefined : totals.get(key, pageVersion);
      if (known !== undefined) return { items, totalItemCount: known };
      const [counted] = await db
        .select({ n: sql<number>`count(*)::int`, version: gridVersionSql(tenantId) })
        .from(c)
        .leftJoin(p, gridJoinProperty)
        .where(gridConditions(tenantId, scopeRealtorId, filter));
      const total = counted?.n ?? 0;
      if (counted?.version != null) totals.set(key, counted.version, total);
      return { items, totalItemCount: total };
    },

    /** The row after `currentId` in the grid's order, with the total; none after the last row. */
    async nextRow(
      tenantId: string,
      scopeRealtorId: string | null,
      filter: GridFilter,
      currentId: string,
    ): Promise<{ items: ClientGridRow[]; totalItemCount: number }> {
      const ranked = db.$with('ranked').as(
        db
          .select({
            ...rowSelection(),
            rn: sql<number>`(row_number() over (order by ${sql.join(gridOrder(filter.sorting), sql`, `)}))::int`.as(
              'rn',
            ),
            total: sql<number>`(count(*) over ())::int`.as('total'),
          })
          .from(c)
          .leftJoin(p, gridJoinProperty)
          .leftJoin(realtor, gridJoinRealtor)
          .where(gridConditions(tenantId, scopeRealtorId, filter)),
      );
      const rows = await db
        .with(ranked)
        .select()
        .from(ranked)
        .where(sql`"rn" = (select r."rn" + 1 from "ranked" r where r."row_id" = ${currentId.toLowerCase()})`);
      const [row] = rows;
      if (!row) return { items: [], totalItemCount: 0 };
      const { rn: _rn, total, ...item } = row;
      return { items: [item], totalItemCount: total };
    },

    async clientDetail(
      tenantId: string,
      scopeRealtorId: string | null,
      clientId: string,
    ): Promise<ClientDetail | undefined> {
      const [client] = await db
        .select({
          id: c.id,
          tenantId: c.tenantId,
          firstName: c.firstName,
          lastName: c.lastName,
          email: c.email,
          phone: c.phone,
          enabled: c.enabled,
          realtorId: c.realtorId,
          realtorName: realtorNameSql,
          registered: sql<boolean>`${c.passwordHash} is not null`,
          unsubscribedAt: c.unsubscribedAt,
          createdAt: c.createdAt,
          updatedAt: c.updatedAt,
        })
        .from(c)
        .leftJoin(realtor, gridJoinRealtor)
        .where(
          and(
            eq(c.tenantId, tenantId),
            eq(c.id, clientId.toLowerCase()),
            scopeRealtorId ? eq(c.realtorId, scopeRealtorId) : undefined,
          ),
        );
      if (!client) return undefined;
      const propertyRows = await db
        .select(propertyColumns)
        .from(p)
        .where(and(eq(p.tenantId, tenantId), eq(p.clientUserId, client.id)))
        .orderBy(asc(p.createdAt), asc(p.id));
      const subscriptions = await subscriptionsOf(
        tenantId,
        propertyRows.map((row) => row.id),
      );
      return {
        ...client,
        unsubscribedAt: client.unsubscribedAt?.toISOString() ?? null,
        createdAt: client.createdAt.toISOString(),
        updatedAt: client.updatedAt.toISOString(),
        properties: propertyRows.map((row) => ({
          ...row,
          status: propertyStatus(row.enabled, row.pending),
          subscriptions: subscriptions.get(row.id) ?? [],
        })),
      };
    },

    async propertyDetail(
      tenantId: string,
      scopeRealtorId: string | null,
      propertyId: string,
    ): Promise<PropertyDetail | undefined> {
      const [row] = await db
        .select(propertyColumns)
        .from(p)
        .innerJoin(c, and(eq(c.tenantId, p.tenantId), eq(c.id, p.clientUserId)))
        .where(
          and(
            eq(p.tenantId, tenantId),
            eq(p.id, propertyId.toLowerCase()),
            scopeRealtorId ? eq(c.realtorId, scopeRealtorId) : undefined,
          ),
        );
      if (!row) return undefined;
      const subscriptions = await subscriptionsOf(tenantId, [row.id]);
      return {
        ...row,
        status: propertyStatus(row.enabled, row.pending),
        subscriptions: subscriptions.get(row.id) ?? [],
      };
    },

    /**
     * Properties of the user's clients by status (one query), as the grid's status filter counts
     * them, and the corporation's licenses.
     */
    async propertyCounts(tenantId: string, scopeRealtorId: string | null) {
      const [counts] = await db
        .select({
          count: sql<number>`count(*)::int`,
          enabled: countWithStatus('enabled'),
          noReminders: countWithStatus('noReminders'),
          pending: countWithStatus('pending'),
          disabled: countWithStatus('disabled'),
          unsubscribed: countWithStatus('unsubscribed'),
        })
        .from(p)
        .innerJoin(c, and(eq(c.tenantId, p.tenantId), eq(c.id, p.clientUserId)))
        .where(and(eq(p.tenantId, tenantId), scopeRealtorId ? eq(c.realtorId, scopeRealtorId) : undefined));
      const license = await licenseUse(tenantId);
      return {
        count: counts?.count ?? 0,
        enabled: counts?.enabled ?? 0,
        noReminders: counts?.noReminders ?? 0,
        pending: counts?.pending ?? 0,
        disabled: counts?.disabled ?? 0,
        unsubscribed: counts?.unsubscribed ?? 0,
        licensed: license.licensed,
        licensesUsed: license.used,
        licensesFree: Math.max(0, license.licensed - license.used),
        licenseEndsOn: license.endsOn,
        licenseTimeZone: license.timeZone,
      };
    },

    licenseUse,

    /** False for the operator's own company, which holds no clients (docs/decisions/051). */
    async holdsClients(tenantId: string): Promise<boolean> {
      const [row] = await db
        .select({ isSystem: corporations.isSystem })
        .from(corporations)
        .where(eq(corporations.id, tenantId));
      return !row?.isSystem;
    },

    async corporationExists(tenantId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: corporations.id })
        .from(corporations)
        .where(eq(corporations.id, tenantId));
      return Boolean(row);
    },

    /** The corporation's realtors, or only `onlyId` (a realtor sees themselves). */
    async realtors(tenantId: string, onlyId: string | null = null): Promise<RealtorOption[]> {
      return db
        .select({
          id: tenantUsers.id,
          firstName: tenantUsers.firstName,
          lastName: tenantUsers.lastName,
          email: tenantUsers.email,
          enabled: tenantUsers.enabled,
        })
        .from(tenantUsers)
        .innerJoin(
          userRoles,
          and(
            eq(userRoles.tenantId, tenantUsers.tenantId),
            eq(userRoles.userId, tenantUsers.id),
            eq(userRoles.roleName, Role.Realtor),
          ),
        )
        .where(and(eq(tenantUsers.tenantId, tenantId), onlyId ? eq(tenantUsers.id, onlyId) : undefined))
        .orderBy(
          sql`lower(${tenantUsers.lastName})`,
          sql`lower(${tenantUsers.firstName})`,
          asc(tenantUsers.id),
        );
    },

    async reminderCatalogue(query: {
      search?: string | undefined;
      sorting: Array<{ propertyName: 'name' | 'category'; dir: 'asc' | 'desc' }>;
      limit: number;
      offset: number;
    }): Promise<{ items: Reminder[]; totalItemCount: number }> {
      const terms = (query.search ?? '').split(/\s+/).filter(Boolean).slice(0, 8);
      const where = and(
        eq(reminders.active, true),
        ...terms.map((term) =>
          or(
            ilike(reminders.name, likePattern(term)),
            ilike(reminders.category, likePattern(term)),
            ilike(reminders.description, likePattern(term)),
          ),
        ),
      );
      const order = query.sorting.map(({ propertyName, dir }) => {
        const column = propertyName === 'category' ? reminders.category : reminders.name;
        return dir === 'desc' ? sql`lower(${column}) desc` : sql`lower(${column}) asc`;
      });
      const rows = await db
        .select({
          id: reminders.id,
          name: reminders.name,
          description: reminders.description,
          category: reminders.category,
          defaultFrequencyId: reminders.defaultFrequencyId,
          defaultFrequencyName: maintenanceFrequencies.name,
          total: sql<number>`(count(*) over ())::int`,
        })
        .from(reminders)
        .innerJoin(maintenanceFrequencies, eq(maintenanceFrequencies.id, reminders.defaultFrequencyId))
        .where(where)
        .orderBy(...order, sql`lower(${reminders.name}) asc`)
        .limit(query.limit)
        .offset(query.offset);
      return { items: rows.map(({ total: _total, ...row }) => row), totalItemCount: rows[0]?.total ?? 0 };
    },

    async frequencies(): Promise<MaintenanceFrequency[]> {
      return db
        .select({
          id: maintenanceFrequencies.id,
          name: maintenanceFrequencies.name,
          intervalMonths: maintenanceFrequencies.intervalMonths,
        })
        .from(maintenanceFrequencies)
        .orderBy(asc(maintenanceFrequencies.sortOrder));
    },

    /** The active reminders among `ids`. */
    async activeReminderIds(ids: string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const rows = await db
        .select({ id: reminders.id })
        .from(reminders)
        .where(and(inArray(reminders.id, ids), eq(reminders.active, true)));
      return new Set(rows.map((row) => row.id));
    },

    // ─── Changes (called inside a transaction) ─────────────────────────────────────────────────

    async findClient(tenantId: string, scopeRealtorId: string | null, clientId: string) {
      const [row] = await db
        .select({
          id: c.id,
          email: c.email,
          firstName: c.firstName,
          lastName: c.lastName,
          realtorId: c.realtorId,
          unsubscribedAt: c.unsubscribedAt,
        })
        .from(c)
        .where(
          and(
            eq(c.tenantId, tenantId),
            eq(c.id, clientId.toLowerCase()),
            scopeRealtorId ? eq(c.realtorId, scopeRealtorId) : undefined,
          ),
        );
      return row;
    },

    async emailTaken(tenantId: string, email: string, exceptClientId?: string): Promise<boolean> {
      const [row] = await db
        .select({ id: c.id })
        .from(c)
        .where(
          and(
            eq(c.tenantId, tenantId),
            sql`lower(${c.email}) = lower(${email})`,
            exceptClientId ? ne(c.id, exceptClientId) : undefined,
          ),
        )
        .limit(1);
      return Boolean(row);
    },

    async insertClient(values: ClientColumns & { tenantId: string }): Promise<string> {
      const [row] = await db.insert(c).values(values).returning({ id: c.id });
      return row!.id;
    },

    async updateClient(tenantId: string, clientId: string, values: ClientColumns & { updatedAt: Date }) {
      await db
        .update(c)
        .set(values)
        .where(and(eq(c.tenantId, tenantId), eq(c.id, clientId)));
    },

    /** A property of the tenant, checked against the realtor scope through its client. */
    async findProperty(tenantId: string, scopeRealtorId: string | null, propertyId: string) {
      const [row] = await db
        .select({
          id: p.id,
          clientUserId: p.clientUserId,
          enabled: p.enabled,
          pending: p.pending,
          addressLine: p.addressLine,
        })
        .from(p)
        .innerJoin(c, and(eq(c.tenantId, p.tenantId), eq(c.id, p.clientUserId)))
        .where(
          and(
            eq(p.tenantId, tenantId),
            eq(p.id, propertyId.toLowerCase()),
            scopeRealtorId ? eq(c.realtorId, scopeRealtorId) : undefined,
          ),
        );
      return row;
    },

    async insertProperty(
      values: AddressColumns & { tenantId: string; clientUserId: string },
    ): Promise<string> {
      const [row] = await db
        .insert(p)
        .values({ ...values, enabled: true })
        .returning({ id: p.id });
      return row!.id;
    },

    async updateProperty(tenantId: string, propertyId: string, values: AddressColumns & { updatedAt: Date }) {
      await db
        .update(p)
        .set(values)
        .where(and(eq(p.tenantId, tenantId), eq(p.id, propertyId)));
    },

    /**
     * Enables or disables a property; the client counts as enabled while any property of theirs
     * is, so the client's flag follows.
     */
    async setPropertyEnabled(
      tenantId: string,
      propertyId: string,
      clientUserId: string,
      enabled: boolean,
      at: Date,
    ) {
      await db
        .update(p)
        .set({ enabled, updatedAt: at })
        .where(and(eq(p.tenantId, tenantId), eq(p.id, propertyId)));
      await db
        .update(c)
        .set({
          enabled: sql`exists (select 1 from properties q where q.tenant_id = ${tenantId} and q.client_user_id = ${clientUserId} and q.enabled)`,
          updatedAt: at,
        })
        .where(and(eq(c.tenantId, tenantId), eq(c.id, clientUserId)));
    },

    // ─── Many new clients at once (bulk upload; called inside a transaction) ────────────────────

    /** Of `emailKeys` (trimmed, lower case), those a client of the corporation already has. */
    async takenEmails(tenantId: string, emailKeys: string[]): Promise<Set<string>> {
      if (emailKeys.length === 0) return new Set();
      const result = await db.execute(sql`
        select lower(c.email) as "key" from client_users c
        where c.tenant_id = ${tenantId}
          and lower(c.email) in (select jsonb_array_elements_text(${JSON.stringify(emailKeys)}::jsonb))`);
      return new Set((result as { rows: Array<{ key: string }> }).rows.map((row) => row.key));
    },

    /**
     * Inserts new clients in one statement. A client whose email the corporation already has, or
     * gets meanwhile from another transaction, is left out rather than failing the others (the
     * unique index on the email decides). Answers the ids inserted.
     */
    async insertClientsUnlessEmailTaken(
      tenantId: string,
      rows: Array<ClientColumns & { id: string }>,
    ): Promise<Set<string>> {
      if (rows.length === 0) return new Set();
      const result = await db.execute(sql`
        insert into client_users (tenant_id, id, realtor_id, first_name, last_name, email, phone)
        select ${tenantId}::uuid, r.id, r."realtorId", r."firstName", r."lastName", r.email, r.phone
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(
          id uuid, "realtorId" uuid, "firstName" text, "lastName" text, email text, phone text)
        on conflict (tenant_id, lower(email)) do nothing
        returning id`);
      return new Set((result as { rows: Array<{ id: string }> }).rows.map((row) => row.id));
    },

    /** Inserts enabled properties in one statement. */
    async insertPropertiesAtOnce(
      tenantId: string,
      rows: Array<AddressColumns & { id: string; clientUserId: string }>,
    ) {
      if (rows.length === 0) return;
      await db.execute(sql`
        insert into properties (tenant_id, id, client_user_id, address_line, city, state, zip, pending, enabled)
        select ${tenantId}::uuid, r.id, r."clientUserId", r."addressLine", r.city, r.state, r.zip, r.pending, true
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(
          id uuid, "clientUserId" uuid, "addressLine" text, city text, state text, zip text, pending boolean)`);
    },

    /** Inserts subscriptions in one statement, however many (a bulk upload's too). */
    async insertSubscriptions(tenantId: string, rows: NewSubscription[]) {
      if (rows.length === 0) return;
      await db.execute(sql`
        insert into reminder_subscriptions
          (tenant_id, property_id, reminder_id, maintenance_frequency_id, next_due_at, anchor_on)
        select ${tenantId}::uuid, r."propertyId", r."reminderId", r."maintenanceFrequencyId", r."nextDueAt", r."anchorOn"
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(
          "propertyId" uuid, "reminderId" uuid, "maintenanceFrequencyId" smallint, "nextDueAt" timestamptz,
          "anchorOn" date)`);
    },

    /** The corporation's time zone, which schedules a new property's reminders (it has none yet). */
    async corporationTimeZone(tenantId: string): Promise<string | null> {
      const [row] = await db
        .select({ timeZone: corporations.timeZone })
        .from(corporations)
        .where(eq(corporations.id, tenantId));
      return row?.timeZone ?? null;
    },

    /** The property's time zone and its corporation's, for scheduling (either may be null). */
    async scheduleTimeZones(tenantId: string, propertyId: string): Promise<[string | null, string | null]> {
      const [row] = await db
        .select({ property: p.timeZone, corporation: corporations.timeZone })
        .from(corporations)
        .leftJoin(p, and(eq(p.tenantId, corporations.id), eq(p.id, propertyId)))
        .where(eq(corporations.id, tenantId));
      return [row?.property ?? null, row?.corporation ?? null];
    },

    /** The property's subscriptions due at or before `at`, with their interval. */
    async overdueSubscriptions(tenantId: string, propertyId: string, at: Date) {
      return db
        .select({
          id: reminderSubscriptions.id,
          nextDueAt: reminderSubscriptions.nextDueAt,
          anchorOn: reminderSubscriptions.anchorOn,
          intervalMonths: maintenanceFrequencies.intervalMonths,
        })
        .from(reminderSubscriptions)
        .innerJoin(
          maintenanceFrequencies,
          eq(maintenanceFrequencies.id, reminderSubscriptions.maintenanceFrequencyId),
        )
        .where(
          and(
            eq(reminderSubscriptions.tenantId, tenantId),
            eq(reminderSubscriptions.propertyId, propertyId),
            lte(reminderSubscriptions.nextDueAt, at),
          ),
        );
    },

    async setNextDueAt(tenantId: string, id: string, nextDueAt: Date, at: Date) {
      await db
        .update(reminderSubscriptions)
        .set({ nextDueAt, updatedAt: at })
        .where(and(eq(reminderSubscriptions.tenantId, tenantId), eq(reminderSubscriptions.id, id)));
    },

    async propertySubscriptions(tenantId: string, propertyId: string) {
      return db
        .select({
          id: reminderSubscriptions.id,
          reminderId: reminderSubscriptions.reminderId,
          maintenanceFrequencyId: reminderSubscriptions.maintenanceFrequencyId,
        })
        .from(reminderSubscriptions)
        .where(
          and(eq(reminderSubscriptions.tenantId, tenantId), eq(reminderSubscriptions.propertyId, propertyId)),
        );
    },

    async updateSubscriptionFrequency(
      tenantId: string,
      id: string,
      maintenanceFrequencyId: number,
      schedule: { nextDueAt: Date; anchorOn: string },
      at: Date,
    ) {
      await db
        .update(reminderSubscriptions)
        .set({ maintenanceFrequencyId, ...schedule, updatedAt: at })
        .where(and(eq(reminderSubscriptions.tenantId, tenantId), eq(reminderSubscriptions.id, id)));
    },

    async deleteSubscriptions(tenantId: string, ids: string[]) {
      if (ids.length === 0) return;
      await db
        .delete(reminderSubscriptions)
        .where(and(eq(reminderSubscriptions.tenantId, tenantId), inArray(reminderSubscriptions.id, ids)));
    },

    /** A subscription of the tenant, checked against the realtor scope through its client. */
    async findSubscription(tenantId: string, scopeRealtorId: string | null, id: string) {
      const [row] = await db
        .select({
          id: reminderSubscriptions.id,
          propertyId: reminderSubscriptions.propertyId,
          clientUserId: c.id,
          reminderId: reminderSubscriptions.reminderId,
          reminderName: reminders.name,
          maintenanceFrequencyId: reminderSubscriptions.maintenanceFrequencyId,
          nextDueAt: reminderSubscriptions.nextDueAt,
        })
        .from(reminderSubscriptions)
        .innerJoin(
          p,
          and(eq(p.tenantId, reminderSubscriptions.tenantId), eq(p.id, reminderSubscriptions.propertyId)),
        )
        .innerJoin(c, and(eq(c.tenantId, p.tenantId), eq(c.id, p.clientUserId)))
        .innerJoin(reminders, eq(reminders.id, reminderSubscriptions.reminderId))
        .where(
          and(
            eq(reminderSubscriptions.tenantId, tenantId),
            eq(reminderSubscriptions.id, id.toLowerCase()),
            scopeRealtorId ? eq(c.realtorId, scopeRealtorId) : undefined,
          ),
        );
      return row;
    },

    /**
     * Starts an unsubscribed client's reminders again: clears `unsubscribed_at`. Answers false
     * when the client was not unsubscribed (another request may have just done it).
     */
    async clearUnsubscribed(tenantId: string, clientId: string, at: Date): Promise<boolean> {
      const updated = await db
        .update(c)
        .set({ unsubscribedAt: null, updatedAt: at })
        .where(and(eq(c.tenantId, tenantId), eq(c.id, clientId), isNotNull(c.unsubscribedAt)))
        .returning({ id: c.id });
      return updated.length > 0;
    },

    /** The ids of the client's properties. */
    async clientPropertyIds(tenantId: string, clientId: string): Promise<string[]> {
      const rows = await db
        .select({ id: p.id })
        .from(p)
        .where(and(eq(p.tenantId, tenantId), eq(p.clientUserId, clientId)));
      return rows.map((row) => row.id);
    },

    /** Removes the client; their properties and subscriptions go with them (foreign keys cascade). */
    async deleteClient(tenantId: string, clientId: string) {
      await db.delete(c).where(and(eq(c.tenantId, tenantId), eq(c.id, clientId)));
    },
  };
}
type ClientQueries = ReturnType<typeof clientQueries>;

export interface ClientsRepository extends ClientQueries {
  /** Runs `work` in one transaction, with a repository bound to it. */
  transaction<T>(work: (repository: ClientsRepository, tx: Database) => Promise<T>): Promise<T>;
}

/** `totals` is the process's cache of grid totals, shared by every transaction's repository. */
export function clientsRepository(db: Database, totals = new GridTotalCache()): ClientsRepository {
  return {
    ...clientQueries(db, totals),
    transaction: (work) =>
      db.transaction((tx) =>
        work(clientsRepository(tx as unknown as Database, totals), tx as unknown as Database),
      ),
  };
}
