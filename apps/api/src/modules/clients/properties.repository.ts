import { and, asc, eq, sql } from 'drizzle-orm';
import type { PropertyDetail, PropertyStatus } from '@homeminder/shared/contracts/clients';
import type { Database } from '../../db/client';
import type { StatusCounter } from '../../db/property-status';
import {
  c,
  p,
  propertyAddressColumns,
  propertyClientJoin,
  propertyInScope,
} from '../../db/client-property-queries';
import { licenseQueries } from './license.repository';
import { subscriptionQueries } from './subscriptions.repository';

/** A property's address columns, as a set-up gives them. */
export interface AddressColumns {
  addressLine: string;
  city: string;
  state: string;
  zip: string;
  pending: boolean;
}

const propertyColumns = {
  id: p.id,
  tenantId: p.tenantId,
  clientUserId: p.clientUserId,
  ...propertyAddressColumns,
  enabled: p.enabled,
  pending: p.pending,
  leadDays: p.reminderLeadDays,
  emailCadence: c.emailCadence,
  unansweredReminders: c.unansweredReminders,
};

export function propertyStatus(enabled: boolean, pending: boolean): PropertyStatus {
  return !enabled ? 'disabled' : pending ? 'pending' : 'enabled';
}

/**
 * Clients' properties: read with their subscriptions, counted by status, changed. `statusCounts`
 * is the process's one counter of clients and properties by status.
 */
export function propertyQueries(db: Database, statusCounts: StatusCounter) {
  const subscriptions = subscriptionQueries(db);
  const license = licenseQueries(db);
  const ofTenant = (tenantId: string, id: string) => and(eq(p.tenantId, tenantId), eq(p.id, id));

  /** A property of the tenant, checked against the realtor scope through its client. */
  async function findProperty(tenantId: string, scopeRealtorId: string | null, propertyId: string) {
    const [row] = await db
      .select(propertyColumns)
      .from(p)
      .innerJoin(c, propertyClientJoin)
      .where(propertyInScope(tenantId, scopeRealtorId, eq(p.id, propertyId.toLowerCase())));
    return row;
  }

  return {
    /** The client's properties, oldest first, each with its subscriptions. */
    async clientProperties(tenantId: string, clientId: string) {
      const rows = await db
        .select(propertyColumns)
        .from(p)
        .innerJoin(c, propertyClientJoin)
        .where(and(eq(p.tenantId, tenantId), eq(p.clientUserId, clientId)))
        .orderBy(asc(p.createdAt), asc(p.id));
      const byProperty = await subscriptions.subscriptionsOf(
        tenantId,
        rows.map((row) => row.id),
      );
      return rows.map((row) => ({
        ...row,
        status: propertyStatus(row.enabled, row.pending),
        subscriptions: byProperty.get(row.id) ?? [],
      }));
    },

    async propertyDetail(
      tenantId: string,
      scopeRealtorId: string | null,
      propertyId: string,
    ): Promise<PropertyDetail | undefined> {
      const row = await findProperty(tenantId, scopeRealtorId, propertyId);
      if (!row) return undefined;
      const byProperty = await subscriptions.subscriptionsOf(tenantId, [row.id]);
      return {
        ...row,
        status: propertyStatus(row.enabled, row.pending),
        subscriptions: byProperty.get(row.id) ?? [],
      };
    },

    /**
     * Properties of the user's clients by status (one query), as the grid's status filter counts
     * them, and the corporation's licenses.
     */
    async propertyCounts(tenantId: string, scopeRealtorId: string | null) {
      const { properties: count, ...byStatus } = await statusCounts.count(db, tenantId, scopeRealtorId);
      const use = await license.licenseUse(tenantId);
      return {
        count,
        enabled: byStatus.enabled,
        noReminders: byStatus.noReminders,
        pending: byStatus.pending,
        disabled: byStatus.disabled,
        unsubscribed: byStatus.unsubscribed,
        licensed: use.licensed,
        licensesUsed: use.used,
        licensesFree: Math.max(0, use.licensed - use.used),
        licenseEndsOn: use.endsOn,
        licenseTimeZone: use.timeZone,
      };
    },

    findProperty,

    async insertProperty(
      values: AddressColumns & { tenantId: string; clientUserId: string },
    ): Promise<string> {
      const [row] = await db
        .insert(p)
        .values({ ...values, enabled: true })
        .returning({ id: p.id });
      return row!.id;
    },

    /** Inserts enabled properties in one statement (a bulk upload's). */
    async insertPropertiesAtOnce(
      tenantId: string,
      rows: Array<AddressColumns & { id: string; clientUserId: string }>,
    ) {
      if (rows.length === 0) return;
      await db.insert(p).values(rows.map((row) => ({ ...row, tenantId, enabled: true })));
    },

    async updateProperty(tenantId: string, propertyId: string, values: AddressColumns & { updatedAt: Date }) {
      await db.update(p).set(values).where(ofTenant(tenantId, propertyId));
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
      await db.update(p).set({ enabled, updatedAt: at }).where(ofTenant(tenantId, propertyId));
      await db
        .update(c)
        .set({
          enabled: sql`exists (select 1 from properties q where q.tenant_id = ${tenantId} and q.client_user_id = ${clientUserId} and q.enabled)`,
          updatedAt: at,
        })
        .where(and(eq(c.tenantId, tenantId), eq(c.id, clientUserId)));
    },

    /** The ids of the client's properties. */
    async clientPropertyIds(tenantId: string, clientId: string): Promise<string[]> {
      const rows = await db
        .select({ id: p.id })
        .from(p)
        .where(and(eq(p.tenantId, tenantId), eq(p.clientUserId, clientId)));
      return rows.map((row) => row.id);
    },
  };
}
