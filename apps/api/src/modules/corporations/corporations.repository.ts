import { and, eq, gt, ilike, isNull, or, sql, type SQLWrapper } from 'drizzle-orm';
import { Role } from '@homeminder/shared/permissions';
import type {
  CorporationDetails,
  CorporationListItem,
  CorporationQuery,
  CorporationSortColumn,
  LicensingSummary,
  PagedResult,
} from '@homeminder/shared/contracts/admin';
import type { Database } from '../../db/client';
import { corporations, properties, sessions, tenantUsers, userRoles } from '../../db/schema';
import {
  containsPattern,
  countRows,
  isoText,
  orderByOf,
  pageRows,
  rowById,
  textTaken,
} from '../../db/query-helpers';
import { seedDefaultReminders } from '../../db/default-reminder-seed';

/**
 * A corporation as its own users see it (identity's tenant details); the operator's details add
 * billing and branding.
 */
export const tenantDetailColumns = {
  id: corporations.id,
  name: corporations.name,
  isSystem: corporations.isSystem,
  enabled: corporations.enabled,
  siteName: corporations.siteName,
  siteUrl: corporations.siteUrl,
  contactEmail: corporations.contactEmail,
  contactPhone: corporations.contactPhone,
  timeZone: corporations.timeZone,
  brandColour: corporations.brandColour,
  addressLine: corporations.addressLine,
  city: corporations.city,
  state: corporations.state,
  zip: corporations.zip,
  licensedProperties: corporations.licensedProperties,
  licenseStartsOn: corporations.licenseStartsOn,
  licenseEndsOn: corporations.licenseEndsOn,
};

/** Settings columns a settings form may change, each form its own group. */
export type CorporationSettings = Partial<
  Pick<
    typeof corporations.$inferInsert,
    | 'siteName'
    | 'siteUrl'
    | 'contactEmail'
    | 'contactPhone'
    | 'timeZone'
    | 'brandColour'
    | 'addressLine'
    | 'city'
    | 'state'
    | 'zip'
    | 'billingName'
    | 'cardBrand'
    | 'cardLast4'
    | 'cardExpiry'
    | 'licensedProperties'
    | 'licenseStartsOn'
    | 'licenseEndsOn'
  >
>;

export interface NewCorporation extends CorporationSettings {
  name: string;
}

export interface FirstAdministrator {
  email: string;
  firstName: string;
  lastName: string;
  passwordHash: string;
}

// Counts per corporation, as correlated subqueries so that sorting by them is one ORDER BY. Written
// with explicit aliases: Drizzle leaves column names unqualified in selected SQL, and an unqualified
// "tenant_id" inside the subquery would name the subquery's own column.
const usedLicenses = sql<number>`(select count(*)::int from properties p where p.tenant_id = "corporations"."id" and p.enabled and not p.pending)`;
const userCount = sql<number>`(select count(*)::int from tenant_users u where u.tenant_id = "corporations"."id")`;

const sortColumns: Record<CorporationSortColumn, SQLWrapper> = {
  name: sql`lower(${corporations.name})`,
  enabled: corporations.enabled,
  city: sql`lower(${corporations.city})`,
  state: corporations.state,
  licensedProperties: corporations.licensedProperties,
  usedLicenses,
  userCount,
  createdAt: corporations.createdAt,
};

export function corporationsRepository(db: Database) {
  return {
    /** The customer corporations (never the operator's own), paged, sorted and searched. */
    async list(query: CorporationQuery): Promise<PagedResult<CorporationListItem>> {
      const search = query.search ? containsPattern(query.search) : undefined;
      const where = and(
        eq(corporations.isSystem, false),
        query.status === 'all' ? undefined : eq(corporations.enabled, query.status === 'enabled'),
        search
          ? or(
              ilike(corporations.name, search),
              ilike(corporations.siteName, search),
              ilike(corporations.city, search),
              ilike(corporations.contactEmail, search),
            )
          : undefined,
      );
      const totalItemCount = await countRows(db, corporations, where);
      const rows = await pageRows(
        db
          .select({
            id: corporations.id,
            name: corporations.name,
            enabled: corporations.enabled,
            siteName: corporations.siteName,
            city: corporations.city,
            state: corporations.state,
            licensedProperties: corporations.licensedProperties,
            usedLicenses,
            userCount,
            createdAt: corporations.createdAt,
          })
          .from(corporations)
          .where(where)
          .orderBy(
            ...orderByOf(query.sorting, sortColumns, [sql`lower(${corporations.name})`, corporations.id]),
          ),
        query,
      );
      return { items: rows.map((row) => ({ ...row, createdAt: isoText(row.createdAt)! })), totalItemCount };
    },

    async details(id: string): Promise<CorporationDetails | undefined> {
      const [row] = await db
        .select({
          ...tenantDetailColumns,
          billingName: corporations.billingName,
          cardBrand: corporations.cardBrand,
          cardLast4: corporations.cardLast4,
          cardExpiry: corporations.cardExpiry,
          hasBrandingImage: sql<boolean>`${corporations.brandingImage} is not null`,
          createdAt: corporations.createdAt,
        })
        .from(corporations)
        .where(eq(corporations.id, id));
      return row ? { ...row, createdAt: isoText(row.createdAt)! } : undefined;
    },

    /** True when a sign-in (any corporation's) already uses the address. */
    emailInUse: (email: string): Promise<boolean> => textTaken(db, tenantUsers.email, email),

    /** The corporation, its first administrator and its default reminders, together or not at all. */
    async create(corporation: NewCorporation, administrator: FirstAdministrator, at: Date) {
      return db.transaction(async (tx) => {
        const [created] = await tx
          .insert(corporations)
          .values({ ...corporation, createdAt: at, updatedAt: at })
          .returning({ id: corporations.id });
        const [user] = await tx
          .insert(tenantUsers)
          .values({
            tenantId: created!.id,
            email: administrator.email,
            firstName: administrator.firstName,
            lastName: administrator.lastName,
            passwordHash: administrator.passwordHash,
            passwordChangedAt: at,
            createdAt: at,
            updatedAt: at,
          })
          .returning({ id: tenantUsers.id });
        await tx
          .insert(userRoles)
          .values({ tenantId: created!.id, userId: user!.id, roleName: Role.CorporateAdmin });
        await seedDefaultReminders(tx, [created!.id]);
        return { id: created!.id, administratorId: user!.id };
      });
    },

    /**
     * Enables or disables a customer corporation; disabling also ends every session of its users
     * (signing in is refused while it is disabled). Returns false when there is no such corporation.
     */
    async setEnabled(id: string, enabled: boolean, at: Date): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(corporations)
          .set({ enabled, updatedAt: at })
          .where(and(eq(corporations.id, id), eq(corporations.isSystem, false)))
          .returning({ id: corporations.id });
        if (!row) return false;
        if (!enabled) {
          await tx
            .update(sessions)
            .set({ revokedAt: at })
            .where(and(eq(sessions.tenantId, id), isNull(sessions.revokedAt), gt(sessions.expiresAt, at)));
        }
        return true;
      });
    },

    /**
     * Locks the corporation row, as every change that may take a license does, and counts the
     * properties using one (enabled, not pending): no property can take a license until the
     * request's transaction ends. Undefined when there is no such corporation.
     */
    async lockLicenseUse(id: string): Promise<number | undefined> {
      const [row] = await db
        .select({ id: corporations.id })
        .from(corporations)
        .where(eq(corporations.id, id))
        .for('no key update');
      if (!row) return undefined;
      const [counts] = await db
        .select({ used: sql<number>`count(*)::int` })
        .from(properties)
        .where(and(eq(properties.tenantId, id), eq(properties.enabled, true), eq(properties.pending, false)));
      return counts?.used ?? 0;
    },

    /** Returns false when there is no such corporation. */
    async updateSettings(id: string, settings: CorporationSettings, at: Date): Promise<boolean> {
      const rows = await db
        .update(corporations)
        .set({ ...settings, updatedAt: at })
        .where(eq(corporations.id, id))
        .returning({ id: corporations.id });
      return rows.length > 0;
    },

    async setBranding(id: string, image: { data: Buffer; type: string }, at: Date): Promise<boolean> {
      const rows = await db
        .update(corporations)
        .set({ brandingImage: image.data, brandingImageType: image.type, updatedAt: at })
        .where(eq(corporations.id, id))
        .returning({ id: corporations.id });
      return rows.length > 0;
    },

    branding: (id: string) =>
      rowById(db, corporations.id, id, {
        image: corporations.brandingImage,
        type: corporations.brandingImageType,
      }),

    /** The licensing summary, with the license's last day (`endsOn`) and the zone it is validated in. */
    async licensing(
      id: string,
    ): Promise<
      (Omit<LicensingSummary, 'licenseEndedOn'> & { endsOn: string | null; timeZone: string }) | undefined
    > {
      const corporation = await rowById(db, corporations.id, id, {
        licensed: corporations.licensedProperties,
        endsOn: corporations.licenseEndsOn,
        timeZone: corporations.timeZone,
      });
      if (!corporation) return undefined;
      const [counts] = await db
        .select({
          used: sql<number>`(count(*) filter (where ${properties.enabled} and not ${properties.pending}))::int`,
          pending: sql<number>`(count(*) filter (where ${properties.enabled} and ${properties.pending}))::int`,
          // The same properties as the clients' Unsubscribed tile: active, of a client who unsubscribed.
          unsubscribed: sql<number>`(count(*) filter (where ${properties.enabled} and not ${properties.pending}
            and exists (select 1 from client_users c where c.tenant_id = ${properties.tenantId}
              and c.id = ${properties.clientUserId} and c.unsubscribed_at is not null)))::int`,
        })
        .from(properties)
        .where(eq(properties.tenantId, id));
      const used = counts?.used ?? 0;
      return {
        licensed: corporation.licensed,
        used,
        available: Math.max(0, corporation.licensed - used),
        pending: counts?.pending ?? 0,
        unsubscribed: counts?.unsubscribed ?? 0,
        endsOn: corporation.endsOn,
        timeZone: corporation.timeZone,
      };
    },
  };
}
export type CorporationsRepository = ReturnType<typeof corporationsRepository>;
