import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { toSnakeCase } from 'drizzle-orm/casing';
import type { HomeColumnSystemKind, HomeForColumns } from '@homeminder/shared/contracts/home-columns';
import type { NewHomeFacts } from '@homeminder/shared/contracts/new-home';
import { homeProfileFieldNames, type HomeProfileAnswers } from '@homeminder/shared/contracts/home-profile';
import type { HomeSystemKind } from '@homeminder/shared/contracts/home-systems';
import { wearsFromOf } from '@homeminder/shared/lifespans';
import type { Database } from './client';
import { homeProfiles, homeSystems } from './schema';

/** Homes whose profiles and systems are read in one statement. */
const readChunk = 5_000;

/**
 * A home's profile and main systems as the client import, the set-up and the export know them
 * (docs/decisions/092): the queries of the home-profiles module's tables that the clients module
 * needs, kept here so the clients module does not import home-profiles (decision 085).
 */
export function homeFactQueries(db: Database) {
  return {
    /** Each home's answers and systems, for the export's home columns. */
    async homesForColumns(tenantId: string, propertyIds: string[]): Promise<Map<string, HomeForColumns>> {
      const homes = new Map<string, HomeForColumns>();
      const homeOf = (propertyId: string) => {
        const home = homes.get(propertyId) ?? { answers: null, systems: [] };
        homes.set(propertyId, home);
        return home;
      };
      for (let start = 0; start < propertyIds.length; start += readChunk) {
        const ids = propertyIds.slice(start, start + readChunk);
        const profiles = await db
          .select()
          .from(homeProfiles)
          .where(and(eq(homeProfiles.tenantId, tenantId), inArray(homeProfiles.propertyId, ids)));
        for (const { tenantId: _tenant, propertyId, updatedAt: _at, ...answers } of profiles)
          homeOf(propertyId).answers = answers as Partial<HomeProfileAnswers>;
        const systems = await db
          .select({
            propertyId: homeSystems.propertyId,
            kind: homeSystems.kind,
            type: homeSystems.type,
            installedYear: homeSystems.installedYear,
          })
          .from(homeSystems)
          .where(and(eq(homeSystems.tenantId, tenantId), inArray(homeSystems.propertyId, ids)))
          // The first of a kind is the one the columns write, as `systemsOf` lists them.
          .orderBy(asc(homeSystems.createdAt), asc(homeSystems.id));
        for (const { propertyId, kind, ...system } of systems)
          (homeOf(propertyId).systems as Array<HomeForColumns['systems'][number]>).push({
            kind: kind as HomeSystemKind,
            ...system,
          });
      }
      return homes;
    },

    /**
     * Keeps what homes are told, in a few statements for all of them: the answers given replace
     * the kept ones and a null leaves what is known; each system kind told changes the home's
     * first of that kind, or adds one, so a second import of the same facts adds nothing.
     */
    async saveHomeFacts(
      tenantId: string,
      homes: Array<{ propertyId: string; facts: NewHomeFacts }>,
      at: Date,
    ): Promise<void> {
      const withProfile = homes.filter(({ facts }) => Object.keys(facts.profile).length > 0);
      if (withProfile.length > 0) {
        const kept = Object.fromEntries(
          homeProfileFieldNames.map((name) => [
            name,
            // The database names its columns in snake case (`casing` in client.ts).
            sql`coalesce(excluded.${sql.identifier(toSnakeCase(name))}, ${homeProfiles[name]})`,
          ]),
        );
        await db
          .insert(homeProfiles)
          .values(
            withProfile.map(({ propertyId, facts }) => ({
              tenantId,
              propertyId: propertyId.toLowerCase(),
              ...facts.profile,
              updatedAt: at,
            })),
          )
          .onConflictDoUpdate({
            target: [homeProfiles.tenantId, homeProfiles.propertyId],
            set: { ...kept, updatedAt: at },
          });
      }
      const told = homes.flatMap(({ propertyId, facts }) =>
        facts.systems.map((system) => ({ propertyId: propertyId.toLowerCase(), ...system })),
      );
      if (told.length === 0) return;
      const existing = await db
        .select({
          id: homeSystems.id,
          propertyId: homeSystems.propertyId,
          kind: homeSystems.kind,
          type: homeSystems.type,
          installedYear: homeSystems.installedYear,
          installedMonth: homeSystems.installedMonth,
        })
        .from(homeSystems)
        .where(
          and(
            eq(homeSystems.tenantId, tenantId),
            inArray(homeSystems.propertyId, [...new Set(told.map((one) => one.propertyId))]),
            inArray(homeSystems.kind, [...new Set<HomeColumnSystemKind>(told.map((one) => one.kind))]),
          ),
        )
        .orderBy(asc(homeSystems.createdAt), asc(homeSystems.id));
      const firstOf = new Map<string, (typeof existing)[number]>();
      for (const row of existing) {
        const key = `${row.propertyId}|${row.kind}`;
        if (!firstOf.has(key)) firstOf.set(key, row);
      }
      const toAdd = told.filter((one) => !firstOf.has(`${one.propertyId}|${one.kind}`));
      if (toAdd.length > 0)
        await db.insert(homeSystems).values(
          toAdd.map(({ propertyId, kind, type = null, installedYear = null }) => ({
            tenantId,
            propertyId,
            kind,
            type,
            installedYear,
            // Who needs attention reads its wear as the systems' own saves write it (decision 093).
            wearsFrom: wearsFromOf({ kind, type, installedYear, installedMonth: null }),
            installedSetAt: at,
            createdAt: at,
            updatedAt: at,
          })),
        );
      // Only a home told again meets a system it has: rare, so one statement each.
      for (const { propertyId, kind, type, installedYear } of told) {
        const kept = firstOf.get(`${propertyId}|${kind}`);
        if (!kept) continue;
        const before = { ...kept, kind: kind as HomeSystemKind };
        const after = {
          ...before,
          type: type ?? kept.type,
          installedYear: installedYear ?? kept.installedYear,
        };
        const wearsFrom = wearsFromOf(after);
        await db
          .update(homeSystems)
          .set({
            type: after.type,
            installedYear: after.installedYear,
            wearsFrom,
            // A new wear day is a reason to call from now, as the systems' own saves say.
            ...(wearsFrom === wearsFromOf(before) ? {} : { installedSetAt: at }),
            updatedAt: at,
          })
          .where(and(eq(homeSystems.tenantId, tenantId), eq(homeSystems.id, kept.id)));
      }
    },
  };
}
