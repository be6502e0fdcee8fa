import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import {
  careDetailsOf,
  type CareDetails,
  type CareDoer,
  type CareEntry,
  type CareFile,
} from '@homeminder/shared/contracts/care-record';
import { homeSystemTitle } from '@homeminder/shared/contracts/home-system-words';
import type { HomeSystemKind } from '@homeminder/shared/contracts/home-systems';
import { systemServing } from '@homeminder/shared/home-plan';
import type { Database } from '../../db/client';
import { deletedAny, groupedBy } from '../../db/query-helpers';
import { corporations, homeCareEntries, homeCareFiles, homeSystems, properties } from '../../db/schema';

const e = homeCareEntries;
const f = homeCareFiles;

/** An entry's values as the service writes them: cost already in cents. */
export interface CareEntryRow {
  title: string;
  doneOn: string;
  systemId: string | null;
  doneBy: CareDoer;
  proName: string | null;
  proPhone: string | null;
  costCents: number | null;
  note: string | null;
  replacesSystem: boolean;
}

/** A "Done" as the replies module records it in the home's record, in the reply's transaction. */
export interface DoneEntry {
  tenantId: string;
  propertyId: string;
  replyId: string;
  title: string;
  /** What the task needs of a home: the entry is filed under the system that meets it. */
  needs: string | null;
  doneOn: string;
  note: string | null;
  details: CareDetails | undefined;
  recordedBy: string | null;
  at: Date;
}

/** Dollars to whole cents, and back: sums stay exact. */
export const toCents = (cost: number | null) => (cost === null ? null : Math.round(cost * 100));
const toDollars = (cents: number | null) => (cents === null ? null : cents / 100);

/** Details left out of a "Done": the homeowner's own work, cost not known. */
const detailColumns = (details: CareDetails | undefined) => {
  const { cost, ...rest } = details ?? careDetailsOf({});
  return { ...rest, costCents: toCents(cost) };
};

/**
 * A home's care record (docs/decisions/094). Callers first find the home within their reach
 * (home-profiles' reach check); every statement here is also bound to that home, so an entry or a
 * file of another home is not found.
 */
export function careRecordRepository(db: Database) {
  const ofHome = (tenantId: string, propertyId: string) =>
    and(eq(e.tenantId, tenantId), eq(e.propertyId, propertyId.toLowerCase()));
  const one = (tenantId: string, propertyId: string, entryId: string) =>
    and(ofHome(tenantId, propertyId), eq(e.id, entryId.toLowerCase()));

  async function filesOf(tenantId: string, entryIds: string[]): Promise<Map<string, CareFile[]>> {
    if (entryIds.length === 0) return new Map();
    const rows = await db
      .select({
        id: f.id,
        entryId: f.entryId,
        name: f.fileName,
        contentType: f.contentType,
        uploadedAt: f.uploadedAt,
      })
      .from(f)
      .where(and(eq(f.tenantId, tenantId), inArray(f.entryId, entryIds)))
      .orderBy(asc(f.uploadedAt), asc(f.id));
    return groupedBy(
      rows,
      (row) => row.entryId,
      (row): CareFile => ({
        id: row.id,
        name: row.name,
        isPhoto: row.contentType.startsWith('image/'),
        uploadedAt: row.uploadedAt.toISOString(),
      }),
    );
  }

  async function entries(tenantId: string, where: ReturnType<typeof ofHome>): Promise<CareEntry[]> {
    const rows = await db
      .select({
        entry: e,
        systemKind: homeSystems.kind,
        systemType: homeSystems.type,
      })
      .from(e)
      .leftJoin(homeSystems, and(eq(homeSystems.tenantId, e.tenantId), eq(homeSystems.id, e.systemId)))
      .where(where)
      .orderBy(desc(e.doneOn), desc(e.createdAt), desc(e.id));
    const files = await filesOf(
      tenantId,
      rows.map((row) => row.entry.id),
    );
    return rows.map(({ entry, systemKind, systemType }) => ({
      id: entry.id,
      title: entry.title,
      doneOn: entry.doneOn,
      systemId: entry.systemId,
      systemTitle: systemKind
        ? homeSystemTitle({ kind: systemKind as HomeSystemKind, type: systemType })
        : null,
      doneBy: entry.doneBy as CareDoer,
      proName: entry.proName,
      proPhone: entry.proPhone,
      cost: toDollars(entry.costCents),
      note: entry.note,
      replacesSystem: entry.replacesSystem,
      fromReminder: entry.replyId !== null,
      files: files.get(entry.id) ?? [],
      createdAt: entry.createdAt.toISOString(),
    }));
  }

  return {
    /** The home's entries, newest first, or those naming one of its systems. */
    list(tenantId: string, propertyId: string, systemId?: string): Promise<CareEntry[]> {
      const home = ofHome(tenantId, propertyId);
      return entries(tenantId, systemId ? and(home, eq(e.systemId, systemId.toLowerCase())) : home);
    },

    async entryOf(tenantId: string, propertyId: string, entryId: string): Promise<CareEntry | undefined> {
      const [entry] = await entries(tenantId, one(tenantId, propertyId, entryId));
      return entry;
    },

    async countOf(tenantId: string, propertyId: string): Promise<number> {
      const [row] = await db.select({ count: count() }).from(e).where(ofHome(tenantId, propertyId));
      return row?.count ?? 0;
    },

    /** The time zones a home's dates are told in: its own, else its corporation's. */
    async zonesOf(tenantId: string, propertyId: string) {
      const [row] = await db
        .select({ property: properties.timeZone, corporation: corporations.timeZone })
        .from(properties)
        .innerJoin(corporations, eq(corporations.id, properties.tenantId))
        .where(and(eq(properties.tenantId, tenantId), eq(properties.id, propertyId.toLowerCase())));
      return row;
    },

    async add(
      tenantId: string,
      propertyId: string,
      values: CareEntryRow,
      recordedBy: string | null,
      at: Date,
    ): Promise<string> {
      const [row] = await db
        .insert(e)
        .values({
          tenantId,
          propertyId: propertyId.toLowerCase(),
          ...values,
          recordedBy,
          createdAt: at,
          updatedAt: at,
        })
        .returning({ id: e.id });
      return row!.id;
    },

    /** A reminder marked done, as the first line of its home's record; once per reply. */
    async addDone({
      tenantId,
      propertyId,
      replyId,
      title,
      needs,
      doneOn,
      note,
      details,
      recordedBy,
      at,
    }: DoneEntry) {
      const systems = needs
        ? await db
            .select({
              id: homeSystems.id,
              kind: homeSystems.kind,
              type: homeSystems.type,
              filterSize: homeSystems.filterSize,
              waterFilter: homeSystems.waterFilter,
            })
            .from(homeSystems)
            .where(and(eq(homeSystems.tenantId, tenantId), eq(homeSystems.propertyId, propertyId)))
            .orderBy(asc(homeSystems.createdAt), asc(homeSystems.id))
        : [];
      const system = systemServing(
        needs,
        systems.map((row) => ({ ...row, kind: row.kind as HomeSystemKind })),
      );
      await db
        .insert(e)
        .values({
          tenantId,
          propertyId,
          replyId,
          systemId: system?.id ?? null,
          title,
          doneOn,
          note,
          ...detailColumns(details),
          recordedBy,
          createdAt: at,
          updatedAt: at,
        })
        .onConflictDoNothing();
    },

    async change(
      tenantId: string,
      propertyId: string,
      entryId: string,
      values: CareEntryRow,
      at: Date,
    ): Promise<boolean> {
      const rows = await db
        .update(e)
        .set({ ...values, updatedAt: at })
        .where(one(tenantId, propertyId, entryId))
        .returning({ id: e.id });
      return rows.length > 0;
    },

    remove: (tenantId: string, propertyId: string, entryId: string) =>
      deletedAny(db, e, one(tenantId, propertyId, entryId)),

    /** Whether the system is one of the home's. */
    async hasSystem(tenantId: string, propertyId: string, systemId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: homeSystems.id })
        .from(homeSystems)
        .where(
          and(
            eq(homeSystems.tenantId, tenantId),
            eq(homeSystems.propertyId, propertyId.toLowerCase()),
            eq(homeSystems.id, systemId.toLowerCase()),
          ),
        );
      return row !== undefined;
    },

    async fileCountOf(tenantId: string, entryId: string): Promise<number> {
      const [row] = await db
        .select({ count: count() })
        .from(f)
        .where(and(eq(f.tenantId, tenantId), eq(f.entryId, entryId.toLowerCase())));
      return row?.count ?? 0;
    },

    async addFile(
      tenantId: string,
      entryId: string,
      file: { data: Buffer; contentType: string; fileName: string },
      at: Date,
    ): Promise<string> {
      const [row] = await db
        .insert(f)
        .values({ tenantId, entryId: entryId.toLowerCase(), ...file, uploadedAt: at })
        .returning({ id: f.id });
      return row!.id;
    },

    /** The file with its bytes, when it is of the entry and the entry of the home. */
    async readFile(tenantId: string, propertyId: string, entryId: string, fileId: string) {
      const [row] = await db
        .select({ data: f.data, contentType: f.contentType, fileName: f.fileName })
        .from(f)
        .innerJoin(e, and(eq(e.tenantId, f.tenantId), eq(e.id, f.entryId)))
        .where(and(one(tenantId, propertyId, entryId), eq(f.id, fileId.toLowerCase())));
      return row;
    },

    async removeFile(tenantId: string, entryId: string, fileId: string): Promise<string | undefined> {
      const [row] = await db
        .delete(f)
        .where(
          and(eq(f.tenantId, tenantId), eq(f.entryId, entryId.toLowerCase()), eq(f.id, fileId.toLowerCase())),
        )
        .returning({ name: f.fileName });
      return row?.name;
    },
  };
}
export type CareRecordRepository = ReturnType<typeof careRecordRepository>;
