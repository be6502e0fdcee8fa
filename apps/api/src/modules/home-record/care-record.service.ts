import {
  careDetailsOf,
  careEntryFacts,
  careRecordLabels,
  costByYear,
  careFileMessages,
  careRecordLimits,
  careRecordMessages,
  type CareEntry,
  type CareEntryInput,
  type CareRecord,
} from '@homeminder/shared/contracts/care-record';
import { localDateOf, localDateText, scheduleTimeZone } from '@homeminder/shared/schedule';
import { BadRequestError, NotFoundError } from '../../lib/errors';
import { auditChanges, type AuditService } from '../audit';
import { homeAuditEntry, homeReach, type HomeCaller, type HomeSystemsService } from '../home-profiles';
import type { HomeAccessRepository } from '../home-profiles';
import type { CareRecordRepository, CareEntryRow } from './care-record.repository';
import { toCents } from './care-record.repository';
import type { CareFileUpload } from './care-files.upload';

interface Dependencies {
  homes: HomeAccessRepository;
  record: CareRecordRepository;
  systems: Pick<HomeSystemsService, 'systemFor' | 'change'>;
  audit: AuditService;
  /** Scores the home again and keeps the score, so the grid and Home read it at once (docs/decisions/095). */
  rescore: (tenantId: string, propertyId: string) => Promise<unknown>;
  now: () => Date;
}

type CareAction = 'property.work-recorded' | 'property.work-changed' | 'property.work-removed';

/**
 * A home's care record (docs/decisions/094), read and kept by the home's owner on My home and by
 * staff in the client's details, through the profile's reach check. Work that put in a new system
 * moves that system's installed date, through the systems' own change (its audit entry, its wear).
 */
export function careRecordService({ homes, record, systems, audit, rescore, now }: Dependencies) {
  const reach = homeReach(homes);

  async function todayOf(tenantId: string, propertyId: string) {
    const zones = await record.zonesOf(tenantId, propertyId);
    return localDateText(localDateOf(now(), scheduleTimeZone(zones?.property, zones?.corporation)));
  }

  async function entryOf(tenantId: string, propertyId: string, entryId: string) {
    const entry = await record.entryOf(tenantId, propertyId, entryId);
    if (!entry) throw new NotFoundError(careRecordMessages.notFound);
    return entry;
  }

  /** The values checked against the home: a date not after its today, a system of its own. */
  async function rowOf(tenantId: string, propertyId: string, values: CareEntryInput): Promise<CareEntryRow> {
    if (values.doneOn > (await todayOf(tenantId, propertyId)))
      throw new BadRequestError(careRecordMessages.doneOnInFuture);
    if (values.systemId && !(await record.hasSystem(tenantId, propertyId, values.systemId)))
      throw new BadRequestError(careRecordMessages.systemNotFound);
    const { cost, ...details } = careDetailsOf(values);
    return {
      title: values.title,
      doneOn: values.doneOn,
      systemId: values.systemId?.toLowerCase() ?? null,
      ...details,
      costCents: toCents(cost),
      note: values.note,
      replacesSystem: values.replacesSystem,
    };
  }

  /** The client's audit entry of a change to an entry: its facts, or its files, before and after. */
  async function audited(
    caller: HomeCaller,
    home: { tenantId: string; clientId: string },
    propertyId: string,
    action: CareAction,
    entry: Pick<CareEntry, 'id' | 'title'>,
    changes: ReturnType<typeof auditChanges>,
  ) {
    await audit.record(
      homeAuditEntry(caller, home, action, {
        propertyId: propertyId.toLowerCase(),
        entryId: entry.id,
        work: entry.title,
        changes,
      }),
    );
  }
  const factChanges = (before: CareEntry | null, after: CareEntry | null) =>
    auditChanges(before ? careEntryFacts(before) : {}, after ? careEntryFacts(after) : {});
  const fileChanges = (before: string | null, after: string | null) =>
    auditChanges({ [careRecordLabels.file]: before }, { [careRecordLabels.file]: after });

  /** A replacement's month becomes the system's installed month (its wear is worked out again). */
  async function installedBy(caller: HomeCaller, propertyId: string, row: CareEntryRow) {
    if (!row.replacesSystem || !row.systemId) return;
    const system = await systems.systemFor(caller, propertyId, row.systemId);
    await systems.change(caller, propertyId, row.systemId, {
      ...system,
      installedYear: Number(row.doneOn.slice(0, 4)),
      installedMonth: Number(row.doneOn.slice(5, 7)),
    });
  }

  return {
    async list(caller: HomeCaller, propertyId: string, systemId?: string): Promise<CareRecord> {
      const { tenantId } = await reach(caller, propertyId);
      const items = await record.list(tenantId, propertyId, systemId);
      return { items, costByYear: costByYear(items), today: await todayOf(tenantId, propertyId) };
    },

    /** Records work by hand; the home is held meanwhile, so its count cannot pass the limit. */
    async add(caller: HomeCaller, propertyId: string, values: CareEntryInput): Promise<CareEntry> {
      const home = await reach(caller, propertyId, true);
      if ((await record.countOf(home.tenantId, propertyId)) >= careRecordLimits.perHome)
        throw new BadRequestError(careRecordMessages.tooMany);
      const row = await rowOf(home.tenantId, propertyId, values);
      const recordedBy = caller.audience === 'client' ? caller.clientId : caller.auth.userId;
      const id = await record.add(home.tenantId, propertyId, row, recordedBy, now());
      await installedBy(caller, propertyId, row);
      const added = await entryOf(home.tenantId, propertyId, id);
      await rescore(home.tenantId, propertyId);
      await audited(caller, home, propertyId, 'property.work-recorded', added, factChanges(null, added));
      return added;
    },

    /** Changes an entry; a reminder's keeps its title and date, which are the reply's. */
    async change(
      caller: HomeCaller,
      propertyId: string,
      entryId: string,
      values: CareEntryInput,
    ): Promise<CareEntry> {
      const home = await reach(caller, propertyId, true);
      const before = await entryOf(home.tenantId, propertyId, entryId);
      const kept = before.fromReminder ? { title: before.title, doneOn: before.doneOn } : {};
      const row = await rowOf(home.tenantId, propertyId, { ...values, ...kept });
      if (!(await record.change(home.tenantId, propertyId, entryId, row, now())))
        throw new NotFoundError(careRecordMessages.notFound);
      if (
        row.replacesSystem &&
        (!before.replacesSystem || before.doneOn !== row.doneOn || before.systemId !== row.systemId)
      )
        await installedBy(caller, propertyId, row);
      const after = await entryOf(home.tenantId, propertyId, entryId);
      await rescore(home.tenantId, propertyId);
      await audited(caller, home, propertyId, 'property.work-changed', after, factChanges(before, after));
      return after;
    },

    /** Removes work recorded by hand; a reminder's entry stays, as its reply does. */
    async remove(caller: HomeCaller, propertyId: string, entryId: string): Promise<{ message: string }> {
      const home = await reach(caller, propertyId, true);
      const before = await entryOf(home.tenantId, propertyId, entryId);
      if (before.fromReminder) throw new BadRequestError(careRecordMessages.fromReminder);
      if (!(await record.remove(home.tenantId, propertyId, entryId)))
        throw new NotFoundError(careRecordMessages.notFound);
      await rescore(home.tenantId, propertyId);
      await audited(caller, home, propertyId, 'property.work-removed', before, factChanges(before, null));
      return { message: careRecordMessages.removed };
    },

    /** Keeps a photo or receipt with the entry; the entry is held, so its count cannot pass the limit. */
    async addFile(
      caller: HomeCaller,
      propertyId: string,
      entryId: string,
      file: CareFileUpload,
    ): Promise<CareEntry> {
      const home = await reach(caller, propertyId, true);
      const before = await entryOf(home.tenantId, propertyId, entryId);
      if ((await record.fileCountOf(home.tenantId, entryId)) >= careRecordLimits.filesPerEntry)
        throw new BadRequestError(careFileMessages.tooMany);
      await record.addFile(home.tenantId, entryId, file, now());
      const after = await entryOf(home.tenantId, propertyId, entryId);
      await audited(
        caller,
        home,
        propertyId,
        'property.work-changed',
        before,
        fileChanges(null, file.fileName),
      );
      return after;
    },

    async readFile(caller: HomeCaller, propertyId: string, entryId: string, fileId: string) {
      const { tenantId } = await reach(caller, propertyId);
      const file = await record.readFile(tenantId, propertyId, entryId, fileId);
      if (!file) throw new NotFoundError(careFileMessages.notFound);
      return file;
    },

    async removeFile(
      caller: HomeCaller,
      propertyId: string,
      entryId: string,
      fileId: string,
    ): Promise<CareEntry> {
      const home = await reach(caller, propertyId, true);
      const before = await entryOf(home.tenantId, propertyId, entryId);
      const name = await record.removeFile(home.tenantId, entryId, fileId);
      if (!name) throw new NotFoundError(careFileMessages.notFound);
      await audited(caller, home, propertyId, 'property.work-changed', before, fileChanges(name, null));
      return entryOf(home.tenantId, propertyId, entryId);
    },
  };
}
export type CareRecordService = ReturnType<typeof careRecordService>;
