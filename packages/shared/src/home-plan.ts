/**
 * A plan made from the home (docs/decisions/090): each task may say what a home needs for it to
 * fit (a septic system, a tank water heater), and a home's plan is the tasks that fit it, each
 * saying why and with the details it needs ("filter 16x25x1"). Only what is known moves the plan: a
 * need the home's profile and systems say nothing about leaves the task as the default set has it.
 */
import type { HomeProfileAnswers } from './contracts/home-profile';
import { homeSystemKind, type HomeSystemKind, type HomeSystemValues } from './contracts/home-systems';
import { monthNames } from './format';
import { climateZoneLabels, monthsInZone, seasonLabel, type ClimateZone, type Season } from './seasons';

/** What is known of a home: its profile's answers (null before any) and its systems. */
export interface HomeFacts {
  profile: HomeProfileAnswers | null;
  systems: readonly Pick<HomeSystemValues, 'kind' | 'type' | 'filterSize' | 'waterFilter'>[];
  /** The broad zone its seasons fall in (`climateZoneOf` its place, climate.ts). */
  climate: ClimateZone;
}

/** Whether a need is met: yes with why and the details, no with why, or not known. */
export type NeedFit =
  { fits: true; because: string; details?: string[] } | { fits: false; because: string } | null;

type System = HomeFacts['systems'][number];
/** What a home has, which needs read: never where it is. */
type HomeHas = Pick<HomeFacts, 'profile' | 'systems'>;

const aOrAn = (words: string) => (/^[aeiou]/i.test(words) ? `an ${words}` : `a ${words}`);

/** Why a system's task is there: "The home's heating: gas furnace." or "The home has a dryer." */
function has(system: System): string {
  const kind = homeSystemKind(system.kind);
  const type = system.type ? kind.types?.[system.type] : undefined;
  return type
    ? `The home's ${kind.label.toLowerCase()}: ${type.toLowerCase()}.`
    : `The home has ${aOrAn(kind.label.toLowerCase())}.`;
}

/**
 * A need met by a system of `kinds` whose type is one of `types` (any type when null): yes when
 * one is listed, not known while one of the kinds has no type, no when they are all of other types.
 */
function systemFit(
  facts: HomeHas,
  kinds: readonly HomeSystemKind[],
  types: readonly string[] | null,
): NeedFit {
  const listed = facts.systems.filter((system) => kinds.includes(system.kind));
  const match = listed.find(
    (system) => types === null || (system.type !== null && types.includes(system.type)),
  );
  if (match) return { fits: true, because: has(match) };
  if (listed.length === 0 || listed.some((system) => system.type === null)) return null;
  // What the home has instead says why: "The home's heating: heat pump."
  return { fits: false, because: `${listed.map((system) => has(system).slice(0, -1)).join('; ')}.` };
}

/** A need met by a profile answer: yes for `yes`, no for `no`, not known while unanswered. */
function answerFit<Name extends keyof HomeProfileAnswers>(
  facts: HomeHas,
  name: Name,
  yes: (value: NonNullable<HomeProfileAnswers[Name]>) => boolean,
  because: { yes: string; no: string },
): NeedFit {
  const value = facts.profile?.[name];
  if (value === null || value === undefined) return null;
  return yes(value) ? { fits: true, because: because.yes } : { fits: false, because: because.no };
}

const forcedAirHeating = ['gasFurnace', 'electricFurnace', 'heatPump'];
const forcedAirCooling = ['centralAir', 'heatPump'];

interface TaskNeedDescription {
  /** As an administrator chooses it for a task of their own. */
  label: string;
  fit: (facts: HomeHas) => NeedFit;
}

/** Every need a task may name, described once. */
export const taskNeeds = {
  forcedAir: {
    label: 'A furnace, heat pump or central air (with an air filter)',
    fit(facts) {
      const ducted = facts.systems.filter(
        (system) =>
          (system.kind === 'heating' && forcedAirHeating.includes(system.type ?? '')) ||
          (system.kind === 'cooling' && forcedAirCooling.includes(system.type ?? '')),
      );
      if (ducted.length === 0)
        return systemFit(facts, ['heating', 'cooling'], [...forcedAirHeating, ...forcedAirCooling]);
      const sizes = [...new Set(ducted.flatMap((system) => (system.filterSize ? [system.filterSize] : [])))];
      return { fits: true, because: has(ducted[0]!), details: sizes.map((size) => `Filter ${size}`) };
    },
  },
  furnaceOrBoiler: {
    label: 'A furnace or boiler',
    fit: (facts) => systemFit(facts, ['heating'], ['gasFurnace', 'electricFurnace', 'boiler']),
  },
  heatPump: {
    label: 'A heat pump',
    fit: (facts) => systemFit(facts, ['heating', 'cooling'], ['heatPump']),
  },
  airConditioner: {
    label: 'Central air or a mini-split',
    fit(facts) {
      const cooling = systemFit(facts, ['cooling'], ['centralAir', 'miniSplit']);
      if (cooling) return cooling;
      // A heat pump cools too, and has its own service.
      const heatPump = facts.systems.find(
        (system) => system.kind === 'heating' && system.type === 'heatPump',
      );
      return heatPump ? { fits: false, because: `${has(heatPump)} It cools the home too.` } : null;
    },
  },
  tankWaterHeater: {
    label: 'A water heater with a tank',
    fit: (facts) => systemFit(facts, ['waterHeater'], ['tankGas', 'tankElectric', 'heatPump']),
  },
  tanklessWaterHeater: {
    label: 'A tankless water heater',
    fit: (facts) => systemFit(facts, ['waterHeater'], ['tankless']),
  },
  sumpPump: { label: 'A sump pump', fit: (facts) => systemFit(facts, ['sumpPump'], null) },
  chimney: { label: 'A chimney or fireplace', fit: (facts) => systemFit(facts, ['chimney'], null) },
  dryer: { label: 'A dryer', fit: (facts) => systemFit(facts, ['dryer'], null) },
  refrigerator: { label: 'A refrigerator', fit: (facts) => systemFit(facts, ['refrigerator'], null) },
  fridgeWaterFilter: {
    label: 'A refrigerator with a water filter',
    fit(facts) {
      const fridges = facts.systems.filter((system) => system.kind === 'refrigerator');
      if (fridges.some((fridge) => fridge.waterFilter === true))
        return { fits: true, because: 'The home has a refrigerator with a water filter.' };
      if (fridges.length > 0 && fridges.every((fridge) => fridge.waterFilter === false))
        return { fits: false, because: "The home's refrigerator has no water filter." };
      return null;
    },
  },
  rangeHood: { label: 'A range hood', fit: (facts) => systemFit(facts, ['rangeHood'], null) },
  ownRoof: {
    label: 'A roof and gutters of its own (not a condo)',
    fit: (facts) =>
      answerFit(facts, 'homeKind', (kind) => kind !== 'condo', {
        yes: 'The home has a roof and gutters of its own.',
        no: "A condo's roof and gutters are the building's.",
      }),
  },
  septic: {
    label: 'A septic system',
    fit: (facts) =>
      answerFit(facts, 'sewer', (sewer) => sewer === 'septic', {
        yes: 'The home has a septic system.',
        no: 'The home is on the city or town sewer.',
      }),
  },
  well: {
    label: 'A private well',
    fit: (facts) =>
      answerFit(facts, 'waterSupply', (supply) => supply === 'well', {
        yes: 'The home has a private well.',
        no: 'The home has city or town water.',
      }),
  },
  irrigation: {
    label: 'A sprinkler system',
    fit: (facts) =>
      answerFit(facts, 'irrigation', (irrigation) => irrigation, {
        yes: 'The home has a sprinkler system.',
        no: 'The home has no sprinkler system.',
      }),
  },
  pool: {
    label: 'A pool or spa',
    fit: (facts) =>
      answerFit(facts, 'pool', (pool) => pool, {
        yes: 'The home has a pool or spa.',
        no: 'The home has no pool or spa.',
      }),
  },
} as const satisfies Record<string, TaskNeedDescription>;

export type TaskNeed = keyof typeof taskNeeds;
export const taskNeedNames = Object.keys(taskNeeds) as [TaskNeed, ...TaskNeed[]];

export function isTaskNeed(value: unknown): value is TaskNeed {
  return typeof value === 'string' && Object.hasOwn(taskNeeds, value);
}

/** A task as the plan weighs it. */
export interface PlanTask {
  id: string;
  name: string;
  /** What a home needs for it to fit; null: it fits every home. */
  needs: string | null;
  season: Season | null;
  /** In the corporation's default set: what a home gets where nothing says otherwise. */
  inDefaultSet: boolean;
}

/** A task of a home's plan: why it is there (null for the default set's), its details and months. */
export interface PlanEntry {
  id: string;
  name: string;
  because: string | null;
  details: string[];
  /** The months it may fall due in where the home is; null for any month. */
  months: readonly number[] | null;
}

export interface HomePlan {
  /** The tasks that fit the home, the catalogue's order kept. */
  fits: PlanEntry[];
  /** The tasks that what is known of the home rules out, each with why. */
  ruledOut: { id: string; name: string; because: string }[];
}

/**
 * A home's plan: a task whose need the home meets fits it, with why and its details; one whose
 * need it does not meet, or whose season does not happen in its climate, is ruled out; the others
 * fit as today, when the corporation's default set holds them.
 */
export function homePlan(facts: HomeFacts, tasks: readonly PlanTask[]): HomePlan {
  const plan: HomePlan = { fits: [], ruledOut: [] };
  for (const task of tasks) {
    const months = monthsInZone(task.season, facts.climate);
    if (months !== null && months.length === 0) {
      plan.ruledOut.push({
        id: task.id,
        name: task.name,
        because: `Not needed where there is ${climateZoneLabels[facts.climate]}.`,
      });
      continue;
    }
    const fit: NeedFit = isTaskNeed(task.needs) ? taskNeeds[task.needs].fit(facts) : null;
    if (fit?.fits === false) plan.ruledOut.push({ id: task.id, name: task.name, because: fit.because });
    else if (fit?.fits || task.inDefaultSet)
      plan.fits.push({
        id: task.id,
        name: task.name,
        because: fit?.because ?? null,
        details: fit?.fits ? (fit.details ?? []) : [],
        months,
      });
  }
  return plan;
}

/**
 * The details a task's email names for a home ("Filter 16x25x1"), from its systems: none where the
 * task names no need, or the home does not meet it.
 */
export function taskDetails(needs: string | null, systems: HomeFacts['systems']): string[] {
  if (!isTaskNeed(needs)) return [];
  const fit: NeedFit = taskNeeds[needs].fit({ profile: null, systems });
  return fit?.fits ? (fit.details ?? []) : [];
}

/**
 * The system a task is for, of a home's (the first that alone meets the task's need): where a
 * "Done" of the task is filed in the care record (docs/decisions/094); none for a need no system
 * meets (a septic tank, a well).
 */
export function systemServing<T extends HomeFacts['systems'][number]>(
  needs: string | null,
  systems: readonly T[],
): T | null {
  if (!isTaskNeed(needs)) return null;
  return systems.find((system) => taskNeeds[needs].fit({ profile: null, systems: [system] })?.fits) ?? null;
}

/** When a task falls due where the home is: "Before winter: October and November"; null for any month. */
export function seasonWhen(season: string | null, months: readonly number[] | null): string | null {
  if (!season || !months || months.length === 0) return null;
  const names = months.map((month) => monthNames[month - 1]!);
  const list = names.length === 1 ? names[0]! : `${names.slice(0, -1).join(', ')} and ${names.at(-1)!}`;
  return `${seasonLabel(season)}: ${list}`;
}
