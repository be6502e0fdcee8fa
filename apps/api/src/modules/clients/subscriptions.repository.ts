import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Subscription } from '@homeminder/shared/contracts/clients';
import type { Database } from '../../db/client';
import { corporations, maintenanceFrequencies, reminders } from '../../db/schema';
import { groupedBy, rowById } from '../../db/query-helpers';
import {
  c,
  p,
  propertyClientJoin,
  propertyInScope,
  s,
  scheduleColumns,
  subscriptionPropertyJoin,
} from '../../db/client-property-queries';

/** A new subscription of a property of the corporation. */
export interface NewSubscription {
  propertyId: string;
  reminderId: string;
  maintenanceFrequencyId: number;
  nextDueAt: Date;
  /** The local date the schedule counts from ('2026-03-05'). */
  anchorOn: string;
  /** The task's season when the schedule started, or null. */
  season: string | null;
  /** The first of the month the task was last done in ('2026-03-01'), or null. */
  lastDoneOn: string | null;
}

/** Reminder subscriptions of properties, and the time zones their schedules fall due in. */
export function subscriptionQueries(db: Database) {
  const ofTenant = (tenantId: string, id: string) => and(eq(s.tenantId, tenantId), eq(s.id, id));

  return {
    /** The subscriptions of each of `propertyIds`, soonest due first. */
    async subscriptionsOf(tenantId: string, propertyIds: string[]): Promise<Map<string, Subscription[]>> {
      if (propertyIds.length === 0) return new Map();
      const rows = await db
        .select({
          propertyId: s.propertyId,
          id: s.id,
          reminderId: s.reminderId,
          reminderName: reminders.name,
          category: reminders.category,
          maintenanceFrequencyId: s.maintenanceFrequencyId,
          frequencyName: maintenanceFrequencies.name,
          nextDueAt: s.nextDueAt,
          lastSentAt: s.lastSentAt,
        })
        .from(s)
        .innerJoin(reminders, eq(reminders.id, s.reminderId))
        .innerJoin(maintenanceFrequencies, eq(maintenanceFrequencies.id, s.maintenanceFrequencyId))
        .where(and(eq(s.tenantId, tenantId), inArray(s.propertyId, propertyIds)))
        .orderBy(asc(s.nextDueAt), asc(reminders.name));
      return groupedBy(
        rows,
        (row) => row.propertyId,
        ({ propertyId: _property, nextDueAt, lastSentAt, ...subscription }) => ({
          ...subscription,
          nextDueAt: nextDueAt.toISOString(),
          lastSentAt: lastSentAt?.toISOString() ?? null,
        }),
      );
    },

    /** Inserts subscriptions in one statement, however many (a bulk upload's too). */
    async insertSubscriptions(tenantId: string, rows: NewSubscription[]) {
      if (rows.length === 0) return;
      await db.execute(sql`
        insert into reminder_subscriptions
          (tenant_id, property_id, reminder_id, maintenance_frequency_id, next_due_at, anchor_on, season,
           last_done_on)
        select ${tenantId}::uuid, r."propertyId", r."reminderId", r."maintenanceFrequencyId", r."nextDueAt", r."anchorOn",
          r."season", r."lastDoneOn"
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(
          "propertyId" uuid, "reminderId" uuid, "maintenanceFrequencyId" smallint, "nextDueAt" timestamptz,
          "anchorOn" date, "season" text, "lastDoneOn" date)`);
    },

    /** The corporation's time zone, which schedules a new property's reminders (it has none yet). */
    async corporationTimeZone(tenantId: string): Promise<string | null> {
      const row = await rowById(db, corporations.id, tenantId, { timeZone: corporations.timeZone });
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
          id: s.id,
          ...scheduleColumns,
        })
        .from(s)
        .innerJoin(p, subscriptionPropertyJoin)
        .innerJoin(maintenanceFrequencies, eq(maintenanceFrequencies.id, s.maintenanceFrequencyId))
        .where(and(eq(s.tenantId, tenantId), eq(s.propertyId, propertyId), lte(s.nextDueAt, at)));
    },

    async setNextDueAt(tenantId: string, id: string, nextDueAt: Date, at: Date) {
      await db.update(s).set({ nextDueAt, updatedAt: at }).where(ofTenant(tenantId, id));
    },

    async propertySubscriptions(tenantId: string, propertyId: string) {
      return db
        .select({ id: s.id, reminderId: s.reminderId, maintenanceFrequencyId: s.maintenanceFrequencyId })
        .from(s)
        .where(and(eq(s.tenantId, tenantId), eq(s.propertyId, propertyId)));
    },

    async updateSubscriptionFrequency(
      tenantId: string,
      id: string,
      maintenanceFrequencyId: number,
      schedule: { nextDueAt: Date; anchorOn: string; season: string | null; lastDoneOn: string | null },
      at: Date,
    ) {
      await db
        .update(s)
        .set({ maintenanceFrequencyId, ...schedule, updatedAt: at })
        .where(ofTenant(tenantId, id));
    },

    async deleteSubscriptions(tenantId: string, ids: string[]) {
      if (ids.length === 0) return;
      await db.delete(s).where(and(eq(s.tenantId, tenantId), inArray(s.id, ids)));
    },

    /** A subscription of the tenant, checked against the realtor scope through its client. */
    async findSubscription(tenantId: string, scopeRealtorId: string | null, id: string) {
      const [row] = await db
        .select({
          id: s.id,
          propertyId: s.propertyId,
          clientUserId: c.id,
          reminderId: s.reminderId,
          reminderName: reminders.name,
          maintenanceFrequencyId: s.maintenanceFrequencyId,
          nextDueAt: s.nextDueAt,
        })
        .from(s)
        .innerJoin(p, subscriptionPropertyJoin)
        .innerJoin(c, propertyClientJoin)
        .innerJoin(reminders, eq(reminders.id, s.reminderId))
        .where(propertyInScope(tenantId, scopeRealtorId, eq(s.id, id.toLowerCase())));
      return row;
    },
  };
}
