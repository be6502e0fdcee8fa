import { and, asc, count, eq } from 'drizzle-orm';
import type { HomeSystemFiles } from '@homeminder/shared/contracts/home-system-files';
import {
  homeSystemKindNames,
  type HomeSystem,
  type HomeSystemKind,
  type HomeSystemValues,
} from '@homeminder/shared/contracts/home-systems';
import type { Database } from '../../db/client';
import { deletedAny } from '../../db/query-helpers';
import { homeSystemFiles, homeSystems } from '../../db/schema';

/** What who needs attention reads of a system's wear, written by the service with its values. */
export interface SystemWear {
  wearsFrom: string | null;
  /** Given when the wear day is new; kept otherwise. */
  installedSetAt?: Date;
}

const noFiles: HomeSystemFiles = { label: null, manual: null };

/**
 * A row as the API gives it, with what it has of a label photo and a manual: the kind is one of
 * `homeSystemKinds`, as only the service writes it.
 */
function asSystem(
  {
    tenantId: _tenant,
    propertyId: _property,
    createdAt: _created,
    updatedAt,
    wearsFrom: _wearsFrom,
    installedSetAt: _installedSetAt,
    ...system
  }: typeof homeSystems.$inferSelect,
  files: HomeSystemFiles = noFiles,
): HomeSystem {
  return { ...system, kind: system.kind as HomeSystemKind, updatedAt: updatedAt.toISOString(), ...files };
}

/**
 * A home's systems and appliances (docs/decisions/089). Callers first find the home within their
 * reach (`home-access.ts`); every statement here is also bound to that home, so a system of
 * another home is not found.
 */
export function homeSystemsRepository(db: Database) {
  const ofHome = (tenantId: string, propertyId: string) =>
    and(eq(homeSystems.tenantId, tenantId), eq(homeSystems.propertyId, propertyId.toLowerCase()));
  const one = (tenantId: string, propertyId: string, systemId: string) =>
    and(ofHome(tenantId, propertyId), eq(homeSystems.id, systemId.toLowerCase()));

  /** What the home's systems (or the one named) have of a label photo and a manual, not their bytes. */
  async function filesOf(tenantId: string, propertyId: string, systemId?: string) {
    const rows = await db
      .select({
        systemId: homeSystemFiles.systemId,
        kind: homeSystemFiles.kind,
        fileName: homeSystemFiles.fileName,
        uploadedAt: homeSystemFiles.uploadedAt,
      })
      .from(homeSystemFiles)
      .innerJoin(
        homeSystems,
        and(eq(homeSystems.tenantId, homeSystemFiles.tenantId), eq(homeSystems.id, homeSystemFiles.systemId)),
      )
      .where(systemId ? one(tenantId, propertyId, systemId) : ofHome(tenantId, propertyId));
    const bySystem = new Map<string, HomeSystemFiles>();
    for (const row of rows) {
      const files = bySystem.get(row.systemId) ?? { ...noFiles };
      const uploadedAt = row.uploadedAt.toISOString();
      if (row.kind === 'label') files.label = { uploadedAt };
      else files.manual = { name: row.fileName, uploadedAt };
      bySystem.set(row.systemId, files);
    }
    return bySystem;
  }

  return {
    /** The home's systems in the form's order of kinds, each kind's in the order they were added. */
    async systemsOf(tenantId: string, propertyId: string): Promise<HomeSystem[]> {
      const rows = await db
        .select()
        .from(homeSystems)
        .where(ofHome(tenantId, propertyId))
        .orderBy(asc(homeSystems.createdAt), asc(homeSystems.id));
      const order = (kind: string) => homeSystemKindNames.indexOf(kind as HomeSystemKind);
      const files = await filesOf(tenantId, propertyId);
      // A stable sort: each kind's stay in the order they were added.
      return rows
        .sort((a, b) => order(a.kind) - order(b.kind))
        .map((row) => asSystem(row, files.get(row.id)));
    },

    async countOf(tenantId: string, propertyId: string): Promise<number> {
      const [row] = await db.select({ count: count() }).from(homeSystems).where(ofHome(tenantId, propertyId));
      return row?.count ?? 0;
    },

    async systemOf(tenantId: string, propertyId: string, systemId: string): Promise<HomeSystem | undefined> {
      const [row] = await db
        .select()
        .from(homeSystems)
        .where(one(tenantId, propertyId, systemId));
      return row ? asSystem(row, (await filesOf(tenantId, propertyId, systemId)).get(row.id)) : undefined;
    },

    async add(
      tenantId: string,
      propertyId: string,
      values: HomeSystemValues & SystemWear,
      at: Date,
    ): Promise<HomeSystem> {
      const [row] = await db
        .insert(homeSystems)
        .values({ tenantId, propertyId: propertyId.toLowerCase(), ...values, createdAt: at, updatedAt: at })
        .returning();
      return asSystem(row!);
    },

    async change(
      tenantId: string,
      propertyId: string,
      systemId: string,
      values: HomeSystemValues & SystemWear,
      at: Date,
    ): Promise<HomeSystem | undefined> {
      const [row] = await db
        .update(homeSystems)
        .set({ ...values, updatedAt: at })
        .where(one(tenantId, propertyId, systemId))
        .returning();
      return row ? asSystem(row, (await filesOf(tenantId, propertyId, systemId)).get(row.id)) : undefined;
    },

    remove: (tenantId: string, propertyId: string, systemId: string) =>
      deletedAny(db, homeSystems, one(tenantId, propertyId, systemId)),
  };
}
export type HomeSystemsRepository = ReturnType<typeof homeSystemsRepository>;
