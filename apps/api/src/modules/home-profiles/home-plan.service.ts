import { climateWords, climateZoneOf } from '@homeminder/shared/climate';
import { maxSubscriptionsPerProperty } from '@homeminder/shared/contracts/clients';
import {
  homePlanMessages,
  type HomePlanApplied,
  type HomePlanChange,
  type HomePlanView,
  type PlanTaskView,
} from '@homeminder/shared/contracts/home-plan';
import { homePlan, seasonWhen, type PlanEntry } from '@homeminder/shared/home-plan';
import { scheduleTimeZone } from '@homeminder/shared/schedule';
import { isSeason } from '@homeminder/shared/seasons';
import { BadRequestError, ConflictError } from '../../lib/errors';
import { type AuditService } from '../audit';
import { resumeSubscriptions, startSchedule, type ClientsRepository } from '../clients';
import { homeAuditEntry, homeReach, type HomeCaller } from './home-access';
import type { HomePlanRepository } from './home-plan.repository';
import type { HomeProfilesRepository } from './home-profiles.repository';
import type { HomeSystemsRepository } from './home-systems.repository';

interface Dependencies {
  homes: Pick<HomeProfilesRepository, 'ownerOf' | 'profileOf'>;
  systems: Pick<HomeSystemsRepository, 'systemsOf'>;
  plans: HomePlanRepository;
  schedules: Pick<
    ClientsRepository,
    'insertSubscriptions' | 'scheduleTimeZones' | 'overdueSubscriptions' | 'setNextDueAt'
  >;
  audit: AuditService;
  now: () => Date;
}

const taskView = (
  { id, name, because, details, months }: PlanEntry,
  season: string | null,
): PlanTaskView => ({
  reminderId: id,
  name,
  because,
  details,
  when: seasonWhen(season, months),
});

/**
 * A home's plan (docs/decisions/090): the tasks that fit it from what its profile and systems say,
 * and what that would add to or turn off of its reminders, which the homeowner or staff confirm.
 * Turning off keeps a reminder's schedule, replies and history; adding one turned off turns it on.
 */
export function homePlanService({ homes, systems, plans, schedules, audit, now }: Dependencies) {
  const reach = homeReach(homes);

  /** The plan of a home within reach, with what it rests on. */
  async function weigh(tenantId: string, propertyId: string) {
    // One after another: they share the request's transaction.
    const profile = await homes.profileOf(tenantId, propertyId);
    const listed = await systems.systemsOf(tenantId, propertyId);
    const place = await plans.placeOf(tenantId, propertyId);
    const catalogue = await plans.catalogueOf(tenantId);
    const reminders = await plans.remindersOf(tenantId, propertyId);
    const tasks = new Map(catalogue.map((task) => [task.id, task]));
    const plan = homePlan(
      { profile: profile?.answers ?? null, systems: listed, climate: climateZoneOf(place) },
      catalogue.map((task) => ({ ...task, season: isSeason(task.season) ? task.season : null })),
    );
    const reminderOf = new Map(reminders.map((reminder) => [reminder.reminderId, reminder]));
    const active = (id: string) => reminderOf.get(id)?.paused === false;
    const view = (entry: PlanEntry) => taskView(entry, tasks.get(entry.id)?.season ?? null);
    const shown: HomePlanView = {
      fits: plan.fits.map((entry) => ({ ...view(entry), subscribed: active(entry.id) })),
      add: plan.fits.filter((entry) => entry.because !== null && !active(entry.id)).map(view),
      stop: plan.ruledOut
        .filter((task) => active(task.id))
        .map((task) => ({
          reminderId: task.id,
          name: task.name,
          because: task.because,
          details: [],
          when: null,
        })),
      climate: climateWords(place),
    };
    return { shown, place, tasks, reminderOf, count: reminders.length };
  }

  return {
    async plan(caller: HomeCaller, propertyId: string): Promise<HomePlanView> {
      const { tenantId } = await reach(caller, propertyId);
      return (await weigh(tenantId, propertyId)).shown;
    },

    /**
     * Makes the changes the person confirmed, each one the plan still proposes: else the plan
     * changed since it was shown, and nothing is done.
     */
    async apply(caller: HomeCaller, propertyId: string, change: HomePlanChange): Promise<HomePlanApplied> {
      const home = await reach(caller, propertyId, true);
      const { tenantId } = home;
      const { shown, place, tasks, reminderOf, count } = await weigh(tenantId, propertyId);
      const lower = (ids: string[]) => [...new Set(ids.map((id) => id.toLowerCase()))];
      const add = lower(change.add);
      const stop = lower(change.stop);
      const proposed = (list: PlanTaskView[], id: string) => list.some((task) => task.reminderId === id);
      if (!add.every((id) => proposed(shown.add, id)) || !stop.every((id) => proposed(shown.stop, id)))
        throw new ConflictError(homePlanMessages.outdated);

      const at = now();
      const turnOn = add.flatMap((id) => (reminderOf.get(id) ? [reminderOf.get(id)!.id] : []));
      const starting = add.filter((id) => !reminderOf.has(id));
      if (count + starting.length > maxSubscriptionsPerProperty)
        throw new BadRequestError(homePlanMessages.tooMany(maxSubscriptionsPerProperty));
      const timeZone = scheduleTimeZone(...(await schedules.scheduleTimeZones(tenantId, propertyId)));
      await schedules.insertSubscriptions(
        tenantId,
        starting.flatMap((id) => {
          const task = tasks.get(id)!;
          const started = startSchedule(at, task.intervalMonths, timeZone, {
            season: task.season,
            place,
            lastDone: null,
          });
          // The plan offers no task whose season does not happen where the home is.
          return started
            ? [
                {
                  propertyId: propertyId.toLowerCase(),
                  reminderId: id,
                  maintenanceFrequencyId: task.frequencyId,
                  ...started,
                },
              ]
            : [];
        }),
      );
      await plans.setPaused(tenantId, turnOn, false, at);
      for (const id of turnOn) await resumeSubscriptions(schedules, tenantId, propertyId, at, id);
      await plans.setPaused(
        tenantId,
        stop.map((id) => reminderOf.get(id)!.id),
        true,
        at,
      );

      const names = (ids: string[]) => ids.map((id) => tasks.get(id)?.name ?? id).join(', ');
      if (add.length + stop.length > 0)
        await audit.record(
          homeAuditEntry(caller, home, 'property.plan-changed', {
            propertyId: propertyId.toLowerCase(),
            changes: [
              ...(add.length > 0 ? [{ field: 'Reminders added', before: null, after: names(add) }] : []),
              ...(stop.length > 0
                ? [{ field: 'Reminders turned off', before: null, after: names(stop) }]
                : []),
            ],
          }),
        );
      return {
        message: homePlanMessages.applied(add.length, stop.length),
        plan: (await weigh(tenantId, propertyId)).shown,
      };
    },
  };
}
export type HomePlanService = ReturnType<typeof homePlanService>;
