import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { corporations, maintenanceFrequencies, reminders } from '../../db/schema';
import {
  c,
  clientRealtorJoin,
  p,
  propertyAddressColumns,
  propertyClientJoin,
  realtor,
  s,
} from '../../db/client-property-queries';

/** How many coming reminders the report lists. */
const comingListed = 12;

/**
 * What the home report reads beyond the profile, systems and record (docs/decisions/094): the
 * home and its people, the corporation's branding, and the reminders coming up. Callers have found
 * the home within their reach first.
 */
export function homeReportRepository(db: Database) {
  return {
    async homeOf(tenantId: string, propertyId: string) {
      const [row] = await db
        .select({
          ...propertyAddressColumns,
          propertyTimeZone: p.timeZone,
          clientFirstName: c.firstName,
          clientLastName: c.lastName,
          corporationName: corporations.name,
          siteName: corporations.siteName,
          brandColour: corporations.brandColour,
          corporationTimeZone: corporations.timeZone,
          brandingImage: corporations.brandingImage,
          realtorFirstName: realtor.firstName,
          realtorLastName: realtor.lastName,
          realtorEmail: realtor.email,
          realtorPhone: realtor.phone,
          realtorEnabled: realtor.enabled,
        })
        .from(p)
        .innerJoin(c, propertyClientJoin)
        .innerJoin(corporations, eq(corporations.id, p.tenantId))
        .leftJoin(realtor, clientRealtorJoin)
        .where(and(eq(p.tenantId, tenantId), eq(p.id, propertyId.toLowerCase())));
      return row;
    },

    /** The home's reminders that are on, soonest first. */
    async comingOf(tenantId: string, propertyId: string) {
      return db
        .select({ task: reminders.name, nextDueAt: s.nextDueAt, frequency: maintenanceFrequencies.name })
        .from(s)
        .innerJoin(reminders, eq(reminders.id, s.reminderId))
        .innerJoin(maintenanceFrequencies, eq(maintenanceFrequencies.id, s.maintenanceFrequencyId))
        .where(and(eq(s.tenantId, tenantId), eq(s.propertyId, propertyId.toLowerCase()), isNull(s.pausedAt)))
        .orderBy(asc(s.nextDueAt))
        .limit(comingListed);
    },
  };
}
export type HomeReportRepository = ReturnType<typeof homeReportRepository>;
