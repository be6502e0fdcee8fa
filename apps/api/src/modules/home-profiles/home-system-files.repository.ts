import { and, eq } from 'drizzle-orm';
import type { HomeSystemFileKind } from '@homeminder/shared/contracts/home-system-files';
import type { Database } from '../../db/client';
import { deletedAny } from '../../db/query-helpers';
import { homeSystemFiles, homeSystems } from '../../db/schema';
import type { SystemFile } from './home-system-files.upload';

/**
 * A system's label photo and manual (docs/decisions/091). Callers first find the home within their
 * reach (`home-access.ts`); reading is also bound to the home, so a file of another home's system
 * is not found.
 */
export function homeSystemFilesRepository(db: Database) {
  const file = (tenantId: string, systemId: string, kind: HomeSystemFileKind) =>
    and(
      eq(homeSystemFiles.tenantId, tenantId),
      eq(homeSystemFiles.systemId, systemId.toLowerCase()),
      eq(homeSystemFiles.kind, kind),
    );

  return {
    /** The file with its bytes, when the system is of the home and has one of the kind. */
    async read(tenantId: string, propertyId: string, systemId: string, kind: HomeSystemFileKind) {
      const [row] = await db
        .select({
          data: homeSystemFiles.data,
          contentType: homeSystemFiles.contentType,
          fileName: homeSystemFiles.fileName,
        })
        .from(homeSystemFiles)
        .innerJoin(
          homeSystems,
          and(
            eq(homeSystems.tenantId, homeSystemFiles.tenantId),
            eq(homeSystems.id, homeSystemFiles.systemId),
          ),
        )
        .where(and(file(tenantId, systemId, kind), eq(homeSystems.propertyId, propertyId.toLowerCase())));
      return row;
    },

    /** Keeps the system's file of its kind, in place of the one it had. */
    async put(
      tenantId: string,
      systemId: string,
      { kind, data, contentType, fileName }: SystemFile,
      at: Date,
    ) {
      await db
        .insert(homeSystemFiles)
        .values({
          tenantId,
          systemId: systemId.toLowerCase(),
          kind,
          data,
          contentType,
          fileName,
          uploadedAt: at,
        })
        .onConflictDoUpdate({
          target: [homeSystemFiles.tenantId, homeSystemFiles.systemId, homeSystemFiles.kind],
          set: { data, contentType, fileName, uploadedAt: at },
        });
    },

    remove: (tenantId: string, systemId: string, kind: HomeSystemFileKind) =>
      deletedAny(db, homeSystemFiles, file(tenantId, systemId, kind)),
  };
}
export type HomeSystemFilesRepository = ReturnType<typeof homeSystemFilesRepository>;
