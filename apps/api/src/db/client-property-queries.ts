import { and, eq, gte, isNull, lt, sql, type InferSelectModel, type SQL } from 'drizzle-orm';
import {
  clientFields,
  clientOwnFieldNames,
  type ClientRecordFieldName,
  type ClientOwnFieldName,
} from '@homeminder/shared/contracts/client-fields';
import type { Database } from './client';
import { alias, type PgColumn } from 'drizzle-orm/pg-core';
import {
  clientUsers,
  maintenanceFrequencies,
  properties,
  reminderSubscriptions,
  tenantUsers,
} from './schema';

/**
 * Clients, their properties and reminder subscriptions under short names, with the joins and
 * scope conditions that the clients module and every module reading a client's properties and
 * reminders (mail, reminders, home, account, replies, homeowner) share. They live here, not in one
 * module, so that no module imports another for them. Every query filters on the tenant;
 * `scopeRealtorId` (from `realtorScope`) narrows to one realtor's clients, null means the corporation's.
 */

export const c = clientUsers;
export const p = properties;
export const s = reminderSubscriptions;
export const realtor = alias(tenantUsers, 'realtor');

/** A reminder subscription to its property. */
export const subscriptionPropertyJoin = and(eq(p.tenantId, s.tenantId), eq(p.id, s.propertyId))!;

/** A property to its client, through whom the realtor scope applies. */
export const propertyClientJoin = and(eq(c.tenantId, p.tenantId), eq(c.id, p.clientUserId))!;

/**
 * What a subscription's next date is counted from (`nextDueAfter` in modules/clients/schedules.ts), with
 * `subscriptionPropertyJoin` and its maintenance frequency joined.
 */
export const scheduleColumns = {
  nextDueAt: s.nextDueAt,
  anchorOn: s.anchorOn,
  season: s.season,
  intervalMonths: maintenanceFrequencies.intervalMonths,
  state: p.state,
  zip: p.zip,
};

/** A client to their realtor, if they have one. */
export const clientRealtorJoin = and(eq(realtor.tenantId, c.tenantId), eq(realtor.id, c.realtorId))!;

/**
 * Rows of the tenant by the table's tenant column, narrowed to the realtor's own clients (through
 * the client, joined) when `scopeRealtorId` is set, and to `conditions`.
 */
function scopedBy(tenantColumn: PgColumn) {
  return (tenantId: string, scopeRealtorId: string | null, ...conditions: Array<SQL | undefined>): SQL =>
    and(
      eq(tenantColumn, tenantId),
      scopeRealtorId ? eq(c.realtorId, scopeRealtorId) : undefined,
      ...conditions,
    )!;
}

/** The tenant's clients, only the realtor's own when `scopeRealtorId` is set. */
export const clientInScope = scopedBy(c.tenantId);

/** The tenant's properties, of the realtor's own clients only when set (with `propertyClientJoin`). */
export const propertyInScope = scopedBy(p.tenantId);

/** What an email or a homeowner's page shows of the client's realtor (joined as `realtor`). */
export const realtorCardColumns = {
  realtorId: realtor.id,
  realtorFirstName: realtor.firstName,
  realtorLastName: realtor.lastName,
  realtorEmail: realtor.email,
  realtorPhone: realtor.phone,
  realtorHasPhoto: sql<boolean>`${realtor.profileImage} is not null`,
};

export const realtorNameSql = sql<string | null>`case when ${realtor.id} is null then null
  else ${realtor.firstName} || ' ' || ${realtor.lastName} end`;

/**
 * The described fields the client keeps (docs/decisions/086), each read from its column and named
 * as the column, so the same selection also works inside a CTE. A described field without a
 * column of the same name fails to compile here.
 */
export function clientOwnFieldSelection() {
  return Object.fromEntries(clientOwnFieldNames.map((name) => [name, sql`${c[name]}`.as(c[name].name)])) as {
    [Name in ClientOwnFieldName]: SQL.Aliased<InferSelectModel<typeof c>[Name]>;
  };
}

/** The column that keeps a described field: the client's, or their property's. */
export function clientFieldColumn(name: ClientRecordFieldName): PgColumn {
  const field = clientFields[name];
  return field.of === 'client'
    ? c[name as ClientOwnFieldName]
    : p[name as keyof typeof propertyAddressColumns];
}

/** A client as the portal names and writes to them (`personShape` of the contracts). */
export const clientPersonColumns = { firstName: c.firstName, lastName: c.lastName, email: c.email };

/** Where a property is, as the portal shows its address. */
export const propertyAddressColumns = {
  addressLine: p.addressLine,
  city: p.city,
  state: p.state,
  zip: p.zip,
};

/** What is read of one client: their own columns and their realtor's name. */
const clientColumns = {
  id: c.id,
  tenantId: c.tenantId,
  ...clientOwnFieldSelection(),
  enabled: c.enabled,
  realtorId: c.realtorId,
  realtorName: realtorNameSql,
  registered: sql<boolean>`${c.passwordHash} is not null`,
  unsubscribedAt: c.unsubscribedAt,
  createdAt: c.createdAt,
  updatedAt: c.updatedAt,
};

/** One client of the tenant within the realtor scope, by id in any case; undefined when none. */
export async function clientInScopeById(
  db: Database,
  tenantId: string,
  scopeRealtorId: string | null,
  clientId: string,
) {
  const [row] = await db
    .select(clientColumns)
    .from(c)
    .leftJoin(realtor, clientRealtorJoin)
    .where(clientInScope(tenantId, scopeRealtorId, eq(c.id, clientId.toLowerCase())));
  return row;
}

/**
 * Subscriptions due in [from, to) of active properties (enabled, not pending) of enabled clients
 * who have not unsubscribed (an unsubscribed client gets no reminders: none is due for them):
 * Home's "Upcoming reminders", listed and counted alike. With `subscriptionPropertyJoin` and
 * `propertyClientJoin`.
 */
export function upcomingReminder(
  tenantId: string,
  realtorId: string | null,
  window: { from: Date; to: Date },
): SQL {
  return and(
    eq(s.tenantId, tenantId),
    gte(s.nextDueAt, window.from),
    lt(s.nextDueAt, window.to),
    eq(p.enabled, true),
    eq(p.pending, false),
    eq(c.enabled, true),
    isNull(c.unsubscribedAt),
    realtorId ? eq(c.realtorId, realtorId) : undefined,
  )!;
}

/** How many subscriptions `upcomingReminder` takes in. */
export async function countUpcomingReminders(
  db: Database,
  ...[tenantId, realtorId, window]: Parameters<typeof upcomingReminder>
): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(s)
    .innerJoin(p, subscriptionPropertyJoin)
    .innerJoin(c, propertyClientJoin)
    .where(upcomingReminder(tenantId, realtorId, window));
  return row?.count ?? 0;
}
