import { brandName } from '@homeminder/shared/brand';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { withAllTenants, withTenant } from '../../db/data-scope';
import { liftClientSuppression, suppressionOf } from '../../db/email-suppressions';
import { corporations, maintenanceFrequencies, reminders } from '../../db/schema';
import {
  c,
  clientPersonColumns,
  clientRealtorJoin,
  p,
  propertyAddressColumns,
  propertyClientJoin,
  realtor,
  s,
  scheduleColumns,
  subscriptionPropertyJoin,
  realtorCardColumns,
} from '../../db/client-property-queries';
import { endClientSessions } from '../auth';

/**
 * What a signed-in homeowner reads and changes of their own (docs/decisions/062). Every query
 * names the client as well as the corporation, so nothing of another client is reachable; the
 * route's transaction is scoped to the corporation (docs/decisions/034).
 */
export function homeownerRepository(db: Database) {
  const ownClient = (tenantId: string, clientId: string) => and(eq(c.tenantId, tenantId), eq(c.id, clientId));

  return {
    /** Runs `work` in one corporation's scope (the calendar feed, a public route, opens its own). */
    inTenant: <T>(tenantId: string, work: () => Promise<T>) => withTenant(db, tenantId, work),

    /** The client, their corporation's brand and zone, and their realtor. */
    async profile(tenantId: string, clientId: string) {
      const [row] = await db
        .select({
          ...clientPersonColumns,
          unsubscribedAt: c.unsubscribedAt,
          hasCalendarFeed: sql<boolean>`${c.calendarTokenHash} is not null`,
          timeZone: corporations.timeZone,
          ownSiteName: corporations.siteName,
          corporationName: corporations.name,
          colour: corporations.brandColour,
          hasLogo: sql<boolean>`${corporations.brandingImage} is not null`,
          contactEmail: corporations.contactEmail,
          contactPhone: corporations.contactPhone,
          ...realtorCardColumns,
        })
        .from(c)
        .innerJoin(corporations, eq(corporations.id, c.tenantId))
        .leftJoin(realtor, clientRealtorJoin)
        .where(ownClient(tenantId, clientId));
      if (!row) return row;
      const { ownSiteName, corporationName, ...profile } = row;
      const stopped = await suppressionOf(db, tenantId, row.email);
      return {
        ...profile,
        siteName: brandName({ siteName: ownSiteName, name: corporationName }),
        emailStopped: stopped ? { reason: stopped.reason, since: stopped.since.toISOString() } : null,
      };
    },

    /** The homeowner says their address is right: it comes off the suppression list. */
    liftSuppression: (tenantId: string, clientId: string) => liftClientSuppression(db, tenantId, clientId),

    /** The client's homes, in the order they were added. */
    async homes(tenantId: string, clientId: string) {
      return db
        .select({
          id: p.id,
          ...propertyAddressColumns,
          timeZone: p.timeZone,
          enabled: p.enabled,
          pending: p.pending,
          leadDays: p.reminderLeadDays,
          emailCadence: c.emailCadence,
        })
        .from(p)
        .innerJoin(c, propertyClientJoin)
        .where(and(eq(p.tenantId, tenantId), eq(p.clientUserId, clientId)))
        .orderBy(asc(p.createdAt), asc(p.id));
    },

    /** Every reminder subscription of the client's homes, soonest first. */
    async subscriptions(tenantId: string, clientId: string) {
      return db
        .select({
          id: s.id,
          propertyId: s.propertyId,
          task: reminders.name,
          howTo: reminders.description,
          frequency: maintenanceFrequencies.name,
          ...scheduleColumns,
          pausedAt: s.pausedAt,
        })
        .from(s)
        .innerJoin(p, subscriptionPropertyJoin)
        .innerJoin(reminders, eq(reminders.id, s.reminderId))
        .innerJoin(maintenanceFrequencies, eq(maintenanceFrequencies.id, s.maintenanceFrequencyId))
        .where(and(eq(s.tenantId, tenantId), eq(p.clientUserId, clientId)))
        .orderBy(asc(s.nextDueAt), asc(reminders.name));
    },

    /** One subscription of the client's, or undefined when it is not theirs. */
    async ownSubscription(tenantId: string, clientId: string, subscriptionId: string) {
      const [row] = await db
        .select({
          id: s.id,
          propertyId: s.propertyId,
          task: reminders.name,
          pausedAt: s.pausedAt,
          nextDueAt: s.nextDueAt,
        })
        .from(s)
        .innerJoin(p, subscriptionPropertyJoin)
        .innerJoin(reminders, eq(reminders.id, s.reminderId))
        .where(and(eq(s.tenantId, tenantId), eq(p.clientUserId, clientId), eq(s.id, subscriptionId)));
      return row;
    },

    async setSubscriptionPaused(tenantId: string, subscriptionId: string, pausedAt: Date | null, at: Date) {
      await db
        .update(s)
        .set({ pausedAt, updatedAt: at })
        .where(and(eq(s.tenantId, tenantId), eq(s.id, subscriptionId)));
    },

    async passwordHash(tenantId: string, clientId: string): Promise<string | null | undefined> {
      const [row] = await db.select({ hash: c.passwordHash }).from(c).where(ownClient(tenantId, clientId));
      return row?.hash;
    },

    /** Sets a new password and ends the client's other sessions, in the route's transaction. */
    async setPassword(
      tenantId: string,
      clientId: string,
      passwordHash: string,
      at: Date,
      keepTokenHash: string,
    ) {
      await db.update(c).set({ passwordHash, updatedAt: at }).where(ownClient(tenantId, clientId));
      await endClientSessions(db, tenantId, clientId, at, keepTokenHash);
    },

    async setCalendarToken(tenantId: string, clientId: string, tokenHash: string) {
      await db.update(c).set({ calendarTokenHash: tokenHash }).where(ownClient(tenantId, clientId));
    },

    /** The client a calendar address belongs to: found by its token alone, as sessions are. */
    async calendarOwner(tokenHash: string) {
      return withAllTenants(db, async () => {
        const [row] = await db
          .select({ tenantId: c.tenantId, clientId: c.id })
          .from(c)
          .innerJoin(corporations, eq(corporations.id, c.tenantId))
          .where(and(eq(c.calendarTokenHash, tokenHash), eq(corporations.enabled, true)));
        return row;
      });
    },

    /**
     * The newest change of what a client's calendar feed shows: the client, their corporation,
     * homes and reminder subscriptions (a reminder sent or replied to moves its subscription's).
     */
    async calendarChangedAt(tenantId: string, clientId: string): Promise<Date | null> {
      const [row] = await db
        .select({
          changedAt: sql<string | Date | null>`greatest(${c.updatedAt}, ${corporations.updatedAt},
            (select max(${p.updatedAt}) from ${p} where ${p.tenantId} = ${c.tenantId} and ${p.clientUserId} = ${c.id}),
            (select max(${s.updatedAt}) from ${s} join ${p} on ${subscriptionPropertyJoin}
              where ${p.tenantId} = ${c.tenantId} and ${p.clientUserId} = ${c.id}))`,
        })
        .from(c)
        .innerJoin(corporations, eq(corporations.id, c.tenantId))
        .where(ownClient(tenantId, clientId));
      return row?.changedAt ? new Date(row.changedAt) : null;
    },

    /** The photo of the client's realtor, as the profile image routes keep it. */
    async realtorPhoto(tenantId: string, clientId: string) {
      const [row] = await db
        .select({ image: realtor.profileImage, type: realtor.profileImageType })
        .from(c)
        .innerJoin(realtor, clientRealtorJoin)
        .where(ownClient(tenantId, clientId));
      return row;
    },

    async brandLogo(tenantId: string) {
      const [row] = await db
        .select({ image: corporations.brandingImage, type: corporations.brandingImageType })
        .from(corporations)
        .where(eq(corporations.id, tenantId));
      return row;
    },

    /** Whether the client has a home: used to refuse another's ids before anything changes. */
    async ownsHome(tenantId: string, clientId: string, propertyId: string) {
      const [row] = await db
        .select({ id: p.id })
        .from(p)
        .innerJoin(c, propertyClientJoin)
        .where(and(eq(p.tenantId, tenantId), eq(p.clientUserId, clientId), eq(p.id, propertyId)));
      return Boolean(row);
    },
  };
}
export type HomeownerRepository = ReturnType<typeof homeownerRepository>;
