import { and, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { Role } from '@homeminder/shared/permissions';
import type { HomeSale, SoldHome } from '@homeminder/shared/contracts/home-sale';
import type { Database } from '../../db/client';
import { c, p, propertyClientJoin, realtor } from '../../db/client-property-queries';
import { withAllTenants, withTenant } from '../../db/data-scope';
import { emailBrandColumns, queueEmail, type QueuedEmail } from '../../db/email-outbox';
import { rolesOf } from '../../db/user-roles';
import { corporations, homeSales, tenantUsers, userRoles } from '../../db/schema';

/** A sale as staff give it: its closing date and buyer. */
export interface SaleValues {
  closingOn: string;
  buyerFirstName: string;
  buyerLastName: string;
  buyerEmail: string;
  buyerRealtorId: string | null;
}

/** A sale whose closing date has come, with what the closing needs to know of its home and people. */
export interface DueSale {
  tenantId: string;
  id: string;
  propertyId: string;
  closingOn: string;
  sellerId: string;
  buyerFirstName: string;
  buyerLastName: string;
  buyerEmail: string;
  buyerRealtorId: string | null;
}

/** The buyer's client as the closing finds or makes it. */
export interface BuyerClient {
  id: string;
  created: boolean;
  /** Whether they already have a sign-in: then the home is linked to it and no invitation goes. */
  registered: boolean;
}

/** "12 Elm Street, Springfield, IL 62704" */
const addressText = sql<string>`${p.addressLine} || ', ' || ${p.city} || ', ' || ${p.state} || ' ' || ${p.zip}`;

const saleColumns = {
  id: homeSales.id,
  closingOn: homeSales.closingOn,
  buyerFirstName: homeSales.buyerFirstName,
  buyerLastName: homeSales.buyerLastName,
  buyerEmail: homeSales.buyerEmail,
  buyerRealtorId: homeSales.buyerRealtorId,
  buyerRealtorName: sql<string | null>`${realtor.firstName} || ' ' || ${realtor.lastName}`,
};

/**
 * A home's sale (docs/decisions/096): the open sale staff keep, the closings due across
 * corporations, the closing itself in one transaction, and the seller's sold homes.
 */
export function homeSalesRepository(db: Database) {
  const openSale = (tenantId: string, propertyId: string) =>
    and(
      eq(homeSales.tenantId, tenantId),
      eq(homeSales.propertyId, propertyId.toLowerCase()),
      isNull(homeSales.closedAt),
    );

  return {
    /** Runs `work` in one transaction of the corporation, for the closing's steps. */
    inCorporation<T>(tenantId: string, work: () => Promise<T>): Promise<T> {
      return withTenant(db, tenantId, work);
    },

    async saleOf(tenantId: string, propertyId: string): Promise<HomeSale | undefined> {
      const [row] = await db
        .select(saleColumns)
        .from(homeSales)
        .leftJoin(
          realtor,
          and(eq(realtor.tenantId, homeSales.tenantId), eq(realtor.id, homeSales.buyerRealtorId)),
        )
        .where(openSale(tenantId, propertyId));
      return row;
    },

    /** The home as a sale needs it: its address, whether it waits on its own purchase, its owner's email. */
    async homeOf(tenantId: string, propertyId: string) {
      const [row] = await db
        .select({
          address: addressText,
          pending: p.pending,
          sellerEmail: c.email,
          timeZone: corporations.timeZone,
        })
        .from(p)
        .innerJoin(c, propertyClientJoin)
        .innerJoin(corporations, eq(corporations.id, p.tenantId))
        .where(and(eq(p.tenantId, tenantId), eq(p.id, propertyId.toLowerCase())));
      return row;
    },

    /** The corporation's enabled realtors, by name: who may be a buyer's realtor. */
    async realtors(tenantId: string) {
      return db
        .select({
          id: tenantUsers.id,
          name: sql<string>`${tenantUsers.firstName} || ' ' || ${tenantUsers.lastName}`,
        })
        .from(tenantUsers)
        .innerJoin(userRoles, rolesOf(tenantUsers, Role.Realtor))
        .where(and(eq(tenantUsers.tenantId, tenantId), eq(tenantUsers.enabled, true)))
        .orderBy(sql`lower(${tenantUsers.lastName})`, sql`lower(${tenantUsers.firstName})`, tenantUsers.id);
    },

    async isRealtor(tenantId: string, userId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: tenantUsers.id })
        .from(tenantUsers)
        .innerJoin(userRoles, rolesOf(tenantUsers, Role.Realtor))
        .where(
          and(
            eq(tenantUsers.tenantId, tenantId),
            eq(tenantUsers.id, userId.toLowerCase()),
            eq(tenantUsers.enabled, true),
          ),
        );
      return row !== undefined;
    },

    /** Marks the home sold, or changes its open sale; true when it was newly marked. */
    async save(
      tenantId: string,
      propertyId: string,
      values: SaleValues & { address: string; sellerId: string; markedBy: string },
      at: Date,
    ): Promise<boolean> {
      const [row] = await db
        .insert(homeSales)
        .values({ tenantId, propertyId: propertyId.toLowerCase(), ...values, createdAt: at, updatedAt: at })
        .onConflictDoUpdate({
          target: [homeSales.tenantId, homeSales.propertyId],
          targetWhere: isNull(homeSales.closedAt),
          set: { ...values, updatedAt: at },
        })
        .returning({ created: sql<boolean>`xmax = 0` });
      return row!.created;
    },

    /** Takes back the home's open sale; the sale as it was, or undefined when there was none. */
    async remove(tenantId: string, propertyId: string) {
      const [row] = await db
        .delete(homeSales)
        .where(openSale(tenantId, propertyId))
        .returning({ id: homeSales.id, closingOn: homeSales.closingOn, buyerEmail: homeSales.buyerEmail });
      return row;
    },

    /**
     * The open sales whose closing date has come in their corporation's zone, from the morning hour
     * on (so the emails arrive in the day), across corporations.
     */
    async due(at: Date, hour: number, limit = 50): Promise<DueSale[]> {
      const now = sql`${at.toISOString()}::timestamptz`;
      const result = await withAllTenants(db, () =>
        db.execute(sql`
          select s.tenant_id as "tenantId", s.id, s.property_id as "propertyId", s.closing_on::text as "closingOn",
                 s.seller_id as "sellerId", s.buyer_first_name as "buyerFirstName",
                 s.buyer_last_name as "buyerLastName", s.buyer_email as "buyerEmail",
                 s.buyer_realtor_id as "buyerRealtorId"
            from home_sales s
            join corporations co on co.id = s.tenant_id
           where s.closed_at is null and s.property_id is not null
             and s.closing_on <= (${now} at time zone co.time_zone)::date
             and (s.closing_on < (${now} at time zone co.time_zone)::date
                  or extract(hour from ${now} at time zone co.time_zone) >= ${hour}::int)
           order by s.closing_on
           limit ${limit}`),
      );
      return (result as { rows: DueSale[] }).rows;
    },

    /**
     * Claims a due sale for closing, inside the caller's transaction: false when it was closed,
     * undone or moved to another date meanwhile. The home is held until the closing ends.
     */
    async claim(sale: DueSale, at: Date): Promise<boolean> {
      const claimed = await db
        .update(homeSales)
        .set({ closedAt: at, updatedAt: at })
        .where(
          and(
            eq(homeSales.tenantId, sale.tenantId),
            eq(homeSales.id, sale.id),
            isNull(homeSales.closedAt),
            eq(homeSales.closingOn, sale.closingOn),
          ),
        )
        .returning({ id: homeSales.id });
      if (claimed.length === 0) return false;
      await db
        .select({ id: p.id })
        .from(p)
        .where(and(eq(p.tenantId, sale.tenantId), eq(p.id, sale.propertyId)))
        .for('update');
      return true;
    },

    /** What the closing's emails say of the home and its corporation. */
    async brandOf(tenantId: string, propertyId: string) {
      const [row] = await db
        .select({
          addressLine: p.addressLine,
          address: addressText,
          ...emailBrandColumns,
        })
        .from(p)
        .innerJoin(corporations, eq(corporations.id, p.tenantId))
        .where(and(eq(p.tenantId, tenantId), eq(p.id, propertyId)));
      return row;
    },

    /** Whether the client owns a home (after a sale: another one). */
    async hasHomes(tenantId: string, clientId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: p.id })
        .from(p)
        .where(and(eq(p.tenantId, tenantId), eq(p.clientUserId, clientId)))
        .limit(1);
      return row !== undefined;
    },

    /** The seller and their realtor, as the home's owner at the closing. */
    async ownerOf(tenantId: string, propertyId: string) {
      const [row] = await db
        .select({ id: c.id, firstName: c.firstName, email: c.email, realtorId: c.realtorId })
        .from(p)
        .innerJoin(c, propertyClientJoin)
        .where(and(eq(p.tenantId, tenantId), eq(p.id, propertyId)));
      return row;
    },

    /**
     * The buyer's client: the corporation's client with that email, or a new one with an
     * invitation (`invitationCode` the hash of its link's token). A buyer's realtor replaces an
     * existing client's; a new client takes it, or else the seller's.
     */
    async buyerOf(
      sale: DueSale,
      realtorId: string | null,
      invitation: { codeHash: string; expiresAt: Date },
      at: Date,
    ): Promise<BuyerClient> {
      const [existing] = await db
        .select({ id: c.id, registered: sql<boolean>`${c.passwordHash} is not null` })
        .from(c)
        .where(and(eq(c.tenantId, sale.tenantId), sql`lower(${c.email}) = lower(${sale.buyerEmail})`))
        .for('update');
      if (existing) {
        const invite = !existing.registered;
        await db
          .update(c)
          .set({
            ...(sale.buyerRealtorId && { realtorId: sale.buyerRealtorId }),
            ...(invite && { invitationCode: invitation.codeHash, invitationExpiresAt: invitation.expiresAt }),
            updatedAt: at,
          })
          .where(and(eq(c.tenantId, sale.tenantId), eq(c.id, existing.id)));
        return { id: existing.id, created: false, registered: existing.registered };
      }
      const [created] = await db
        .insert(c)
        .values({
          tenantId: sale.tenantId,
          realtorId,
          firstName: sale.buyerFirstName,
          lastName: sale.buyerLastName,
          email: sale.buyerEmail,
          invitationCode: invitation.codeHash,
          invitationExpiresAt: invitation.expiresAt,
          createdAt: at,
          updatedAt: at,
        })
        .returning({ id: c.id });
      return { id: created!.id, created: true, registered: false };
    },

    /** The home passes to the buyer; the sale keeps who bought it and the seller's report. */
    async handOver(sale: DueSale, buyerId: string, sellerReport: Buffer, at: Date): Promise<void> {
      await db
        .update(p)
        .set({ clientUserId: buyerId, updatedAt: at })
        .where(and(eq(p.tenantId, sale.tenantId), eq(p.id, sale.propertyId)));
      await db
        .update(homeSales)
        .set({ buyerId, sellerReport })
        .where(and(eq(homeSales.tenantId, sale.tenantId), eq(homeSales.id, sale.id)));
    },

    queue(tenantId: string, email: QueuedEmail, at: Date) {
      return queueEmail(db, tenantId, email, at);
    },

    /** The homes a client sold, newest first. */
    async soldBy(tenantId: string, sellerId: string): Promise<SoldHome[]> {
      return db
        .select({ id: homeSales.id, address: homeSales.address, closingOn: homeSales.closingOn })
        .from(homeSales)
        .where(
          and(
            eq(homeSales.tenantId, tenantId),
            eq(homeSales.sellerId, sellerId),
            isNotNull(homeSales.closedAt),
          ),
        )
        .orderBy(desc(homeSales.closingOn), desc(homeSales.id));
    },

    /** The seller's copy of the report of a home they sold. */
    async sellerReportOf(tenantId: string, sellerId: string, saleId: string) {
      const [row] = await db
        .select({ address: homeSales.address, data: homeSales.sellerReport })
        .from(homeSales)
        .where(
          and(
            eq(homeSales.tenantId, tenantId),
            eq(homeSales.sellerId, sellerId),
            eq(homeSales.id, saleId.toLowerCase()),
            isNotNull(homeSales.sellerReport),
          ),
        );
      return row;
    },
  };
}
export type HomeSalesRepository = ReturnType<typeof homeSalesRepository>;
