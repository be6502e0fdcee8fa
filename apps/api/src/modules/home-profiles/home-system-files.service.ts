import {
  homeSystemFileWords,
  labelPhotoMessages,
  manualMessages,
  type HomeSystemFileKind,
} from '@homeminder/shared/contracts/home-system-files';
import { homeSystemMessages, type HomeSystem } from '@homeminder/shared/contracts/home-systems';
import { homeSystemTitle } from '@homeminder/shared/contracts/home-system-words';
import { NotFoundError } from '../../lib/errors';
import { auditChanges, type AuditService } from '../audit';
import { homeAuditEntry, homeReach, type HomeCaller } from './home-access';
import type { HomeProfilesRepository } from './home-profiles.repository';
import type { HomeSystemFilesRepository } from './home-system-files.repository';
import type { SystemFile } from './home-system-files.upload';
import type { HomeSystemsRepository } from './home-systems.repository';

interface Dependencies {
  homes: Pick<HomeProfilesRepository, 'ownerOf'>;
  systems: Pick<HomeSystemsRepository, 'systemOf'>;
  files: HomeSystemFilesRepository;
  audit: AuditService;
  now: () => Date;
}

const noneOf = { label: labelPhotoMessages.none, manual: manualMessages.none } as const;

/** What the Activity says a system has of a kind of file: a photo, or the manual's name. */
function fileFact(system: HomeSystem, kind: HomeSystemFileKind): string | null {
  if (kind === 'label') return system.label ? homeSystemFileWords.photo : null;
  return system.manual?.name ?? null;
}

/**
 * A system's label photo and manual (docs/decisions/091), sent, read and removed by the home's
 * owner and by staff in reach, through the profile's reach check. Each change is the client's
 * audit entry of a changed system, in words, so the client's Activity lists it as it lists the rest.
 */
export function homeSystemFilesService({ homes, systems, files, audit, now }: Dependencies) {
  const reach = homeReach(homes);

  async function systemOf(tenantId: string, propertyId: string, systemId: string) {
    const system = await systems.systemOf(tenantId, propertyId, systemId);
    if (!system) throw new NotFoundError(homeSystemMessages.notFound);
    return system;
  }

  async function record(
    caller: HomeCaller,
    home: { tenantId: string; clientId: string },
    propertyId: string,
    system: HomeSystem,
    kind: HomeSystemFileKind,
    change: { before: string | null; after: string | null },
  ) {
    const field = homeSystemFileWords[kind];
    await audit.record(
      homeAuditEntry(caller, home, 'property.system-changed', {
        propertyId: propertyId.toLowerCase(),
        systemId: system.id,
        system: homeSystemTitle(system),
        changes: auditChanges({ [field]: change.before }, { [field]: change.after }),
      }),
    );
  }

  return {
    /** Keeps the file in place of the one the system had; the system is returned as it is now. */
    async put(
      caller: HomeCaller,
      propertyId: string,
      systemId: string,
      file: SystemFile,
    ): Promise<HomeSystem> {
      const home = await reach(caller, propertyId, true);
      const before = await systemOf(home.tenantId, propertyId, systemId);
      await files.put(home.tenantId, before.id, file, now());
      const was = fileFact(before, file.kind);
      const is =
        file.kind === 'label'
          ? was
            ? homeSystemFileWords.newPhoto
            : homeSystemFileWords.photo
          : was === file.fileName
            ? homeSystemFileWords.newCopy(file.fileName)
            : file.fileName;
      await record(caller, home, propertyId, before, file.kind, { before: was, after: is });
      return systemOf(home.tenantId, propertyId, systemId);
    },

    async read(caller: HomeCaller, propertyId: string, systemId: string, kind: HomeSystemFileKind) {
      const { tenantId } = await reach(caller, propertyId);
      const file = await files.read(tenantId, propertyId, systemId, kind);
      if (!file) {
        await systemOf(tenantId, propertyId, systemId);
        throw new NotFoundError(noneOf[kind]);
      }
      return file;
    },

    async remove(
      caller: HomeCaller,
      propertyId: string,
      systemId: string,
      kind: HomeSystemFileKind,
    ): Promise<HomeSystem> {
      const home = await reach(caller, propertyId, true);
      const before = await systemOf(home.tenantId, propertyId, systemId);
      const was = fileFact(before, kind);
      if (!was || !(await files.remove(home.tenantId, before.id, kind)))
        throw new NotFoundError(noneOf[kind]);
      await record(caller, home, propertyId, before, kind, { before: was, after: null });
      return systemOf(home.tenantId, propertyId, systemId);
    },
  };
}
export type HomeSystemFilesService = ReturnType<typeof homeSystemFilesService>;
