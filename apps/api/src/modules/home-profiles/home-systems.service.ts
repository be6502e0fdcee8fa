import {
  homeSystemLimits,
  homeSystemMessages,
  type HomeSystem,
  type HomeSystemList,
  type HomeSystemValues,
} from '@homeminder/shared/contracts/home-systems';
import { homeSystemFacts, homeSystemTitle } from '@homeminder/shared/contracts/home-system-words';
import { wearsFromOf } from '@homeminder/shared/lifespans';
import { BadRequestError, NotFoundError } from '../../lib/errors';
import { auditChanges, type AuditService } from '../audit';
import { homeAuditEntry, homeReach, type HomeCaller } from './home-access';
import type { HomeProfilesRepository } from './home-profiles.repository';
import type { HomeSystemsRepository, SystemWear } from './home-systems.repository';

/**
 * What who needs attention reads of a system's wear (docs/decisions/093): the day it reaches the
 * low end of its typical life and, when that day is new, the moment it was given, so a system
 * entered already old is a reason to call from now rather than from years ago.
 */
function wearOf(values: HomeSystemValues, before: HomeSystemValues | null, at: Date): SystemWear {
  const wearsFrom = wearsFromOf(values);
  return before && wearsFromOf(before) === wearsFrom ? { wearsFrom } : { wearsFrom, installedSetAt: at };
}

/** A system's values without its id, files and times. */
function valuesOf({ id: _id, updatedAt: _updatedAt, label: _label, manual: _manual, ...values }: HomeSystem) {
  return values satisfies HomeSystemValues;
}

interface Dependencies {
  homes: Pick<HomeProfilesRepository, 'ownerOf'>;
  systems: HomeSystemsRepository;
  audit: AuditService;
  /** Scores the home again and keeps the score, so the grid and Home read it at once (docs/decisions/095). */
  rescore: (tenantId: string, propertyId: string) => Promise<unknown>;
  now: () => Date;
}

type SystemAction = 'property.system-added' | 'property.system-changed' | 'property.system-removed';

/**
 * A home's systems and appliances (docs/decisions/089), listed and kept by the home's owner on My
 * home and by staff in the client's details, through the profile's reach check. Each change scores
 * the home again and is the client's audit entry, naming the home, the system and its facts before
 * and after in words.
 */
export function homeSystemsService({ homes, systems, audit, rescore, now }: Dependencies) {
  const reach = homeReach(homes);

  async function record(
    caller: HomeCaller,
    home: { tenantId: string; clientId: string },
    propertyId: string,
    action: SystemAction,
    change: { before?: HomeSystemValues; after?: HomeSystemValues; id: string },
  ) {
    const titled = change.after ?? change.before!;
    await rescore(home.tenantId, propertyId);
    await audit.record(
      homeAuditEntry(caller, home, action, {
        propertyId: propertyId.toLowerCase(),
        systemId: change.id,
        system: homeSystemTitle(titled),
        changes: auditChanges(
          change.before ? homeSystemFacts(change.before) : {},
          change.after ? homeSystemFacts(change.after) : {},
        ),
      }),
    );
  }

  return {
    /** What is known of one of the home's systems, as a form would send it back unchanged. */
    async systemFor(caller: HomeCaller, propertyId: string, systemId: string): Promise<HomeSystemValues> {
      const { tenantId } = await reach(caller, propertyId);
      const system = await systems.systemOf(tenantId, propertyId, systemId);
      if (!system) throw new NotFoundError(homeSystemMessages.notFound);
      return valuesOf(system);
    },

    async list(caller: HomeCaller, propertyId: string): Promise<HomeSystemList> {
      const { tenantId } = await reach(caller, propertyId);
      return { items: await systems.systemsOf(tenantId, propertyId) };
    },

    /** Adds a system; the home is held meanwhile, so its count cannot pass the limit. */
    async add(caller: HomeCaller, propertyId: string, values: HomeSystemValues): Promise<HomeSystem> {
      const home = await reach(caller, propertyId, true);
      if ((await systems.countOf(home.tenantId, propertyId)) >= homeSystemLimits.perHome)
        throw new BadRequestError(homeSystemMessages.tooMany);
      const at = now();
      const added = await systems.add(
        home.tenantId,
        propertyId,
        { ...values, ...wearOf(values, null, at) },
        at,
      );
      await record(caller, home, propertyId, 'property.system-added', { after: values, id: added.id });
      return added;
    },

    async change(
      caller: HomeCaller,
      propertyId: string,
      systemId: string,
      values: HomeSystemValues,
    ): Promise<HomeSystem> {
      const home = await reach(caller, propertyId, true);
      const before = await systems.systemOf(home.tenantId, propertyId, systemId);
      if (!before) throw new NotFoundError(homeSystemMessages.notFound);
      if (auditChanges(homeSystemFacts(before), homeSystemFacts(values)).length === 0) return before;
      const at = now();
      const changed = await systems.change(
        home.tenantId,
        propertyId,
        systemId,
        { ...values, ...wearOf(values, before, at) },
        at,
      );
      if (!changed) throw new NotFoundError(homeSystemMessages.notFound);
      await record(caller, home, propertyId, 'property.system-changed', {
        before,
        after: values,
        id: changed.id,
      });
      return changed;
    },

    async remove(caller: HomeCaller, propertyId: string, systemId: string): Promise<{ message: string }> {
      const home = await reach(caller, propertyId, true);
      const before = await systems.systemOf(home.tenantId, propertyId, systemId);
      if (!before || !(await systems.remove(home.tenantId, propertyId, systemId)))
        throw new NotFoundError(homeSystemMessages.notFound);
      await record(caller, home, propertyId, 'property.system-removed', { before, id: before.id });
      return { message: homeSystemMessages.removed(homeSystemTitle(before)) };
    },
  };
}
export type HomeSystemsService = ReturnType<typeof homeSystemsService>;
