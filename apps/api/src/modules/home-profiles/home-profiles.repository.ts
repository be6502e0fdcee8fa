import type { LeadDays } from '@homeminder/shared/reminder-timing';
import type { EmailCadence } from '@homeminder/shared/email-cadence';
import { and, eq, getTableColumns } from 'drizzle-orm';
import type { HomeProfile, HomeProfileAnswers } from '@homeminder/shared/contracts/home-profile';
import type { Database } from '../../db/client';
import { c, p, propertyClientJoin, propertyInScope } from '../../db/client-property-queries';
import { homeProfiles } from '../../db/schema';

const {
  tenantId: _tenant,
  propertyId: _property,
  updatedAt: _updated,
  ...answerColumns
} = getTableColumns(homeProfiles);

/** Who may reach a home: its own client, or staff within their corporation and realtor scope. */
export type HomeAccess =
  { tenantId: string; clientId: string } | { tenantId: string; realtorId: string | null };

/**
 * Homes' profiles (docs/decisions/088). Every read and write first finds the home within the
 * caller's reach, so another client's or another realtor's home is simply not found.
 */
export function homeProfilesRepository(db: Database) {
  return {
    /**
     * The client whose home it is, when the home is within `access`. `forChange` holds the home
     * until the transaction ends, so that concurrent changes of its profile read each other's answers.
     */
    async ownerOf(
      access: HomeAccess,
      propertyId: string,
      { forChange = false }: { forChange?: boolean } = {},
    ): Promise<string | undefined> {
      const within =
        'clientId' in access
          ? and(eq(p.tenantId, access.tenantId), eq(p.clientUserId, access.clientId))
          : propertyInScope(access.tenantId, access.realtorId);
      const query = db
        .select({ clientId: p.clientUserId })
        .from(p)
        .innerJoin(c, propertyClientJoin)
        .where(and(within, eq(p.id, propertyId.toLowerCase())));
      const [row] = forChange ? await query.for('no key update', { of: p }) : await query;
      return row?.clientId;
    },

    /**
     * Sets when the home's reminders go; its subscriptions' claim times follow (migration 0037's
     * trigger). Returns the lead time it replaced.
     */
    async setLeadDays(tenantId: string, propertyId: string, leadDays: LeadDays, at: Date) {
      const where = and(eq(p.tenantId, tenantId), eq(p.id, propertyId.toLowerCase()));
      const [before] = await db.select({ leadDays: p.reminderLeadDays }).from(p).where(where);
      if (before && before.leadDays !== leadDays)
        await db.update(p).set({ reminderLeadDays: leadDays, updatedAt: at }).where(where);
      return before?.leadDays;
    },

    /** Sets how often the client is emailed (docs/decisions/103); returns the choice it replaced. */
    async setEmailCadence(tenantId: string, clientId: string, cadence: EmailCadence, at: Date) {
      const where = and(eq(c.tenantId, tenantId), eq(c.id, clientId));
      const [before] = await db.select({ cadence: c.emailCadence }).from(c).where(where);
      if (before && before.cadence !== cadence)
        await db.update(c).set({ emailCadence: cadence, updatedAt: at }).where(where);
      return before?.cadence;
    },

    /** The home's profile; undefined before anyone answered. */
    async profileOf(tenantId: string, propertyId: string): Promise<HomeProfile | undefined> {
      const [row] = await db
        .select({ ...answerColumns, updatedAt: homeProfiles.updatedAt })
        .from(homeProfiles)
        .where(
          and(eq(homeProfiles.tenantId, tenantId), eq(homeProfiles.propertyId, propertyId.toLowerCase())),
        );
      if (!row) return undefined;
      const { updatedAt, ...answers } = row;
      return { answers: answers as HomeProfileAnswers, updatedAt: updatedAt.toISOString() };
    },

    /** Keeps every answer as given (null where not sure). */
    async save(tenantId: string, propertyId: string, answers: HomeProfileAnswers, at: Date): Promise<void> {
      const values = { ...answers, updatedAt: at };
      await db
        .insert(homeProfiles)
        .values({ tenantId, propertyId: propertyId.toLowerCase(), ...values })
        .onConflictDoUpdate({ target: [homeProfiles.tenantId, homeProfiles.propertyId], set: values });
    },
  };
}
export type HomeProfilesRepository = ReturnType<typeof homeProfilesRepository>;
/** What finding a home within a caller's reach needs (`home-access.ts`). */
export type HomeAccessRepository = Pick<HomeProfilesRepository, 'ownerOf'>;
