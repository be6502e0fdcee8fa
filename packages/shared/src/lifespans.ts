/**
 * How long systems and appliances usually last, and what to say when one nears or passes that
 * (docs/lifespans.md names the sources). A system is near the end of its typical life from the
 * range's low end, and past it beyond the high end.
 */
import { homeSystemKind, type HomeSystemKind } from './home-system-kinds';
import type { HomeSystemValues } from './contracts/home-systems';

/** Typical years of service, low to high: by type where the type matters, else for the kind. */
interface Lifespan {
  years: readonly [low: number, high: number];
  /** The things as the advice names them ("gas tank water heaters"). */
  plural: string;
  /** The one the home has, when the kind's own name would not do ("gas furnace" for "heating"). */
  singular?: string;
}

const lifespans: Partial<Record<HomeSystemKind, Lifespan & { types?: Record<string, Lifespan> }>> = {
  heating: {
    years: [15, 20],
    plural: 'furnaces',
    singular: 'furnace',
    types: {
      gasFurnace: { years: [15, 20], plural: 'gas furnaces', singular: 'gas furnace' },
      electricFurnace: { years: [20, 30], plural: 'electric furnaces', singular: 'electric furnace' },
      heatPump: { years: [10, 15], plural: 'heat pumps', singular: 'heat pump' },
      boiler: { years: [15, 30], plural: 'boilers', singular: 'boiler' },
    },
  },
  cooling: {
    years: [10, 15],
    plural: 'air conditioners',
    singular: 'air conditioner',
    types: {
      centralAir: {
        years: [10, 15],
        plural: 'central air conditioners',
        singular: 'central air conditioner',
      },
      heatPump: { years: [10, 15], plural: 'heat pumps', singular: 'heat pump' },
      miniSplit: { years: [15, 20], plural: 'mini-splits', singular: 'mini-split' },
    },
  },
  waterHeater: {
    years: [8, 12],
    plural: 'water heaters',
    types: {
      tankGas: { years: [8, 12], plural: 'gas tank water heaters' },
      tankElectric: { years: [10, 15], plural: 'electric tank water heaters' },
      tankless: { years: [20, 25], plural: 'tankless water heaters' },
      heatPump: { years: [10, 15], plural: 'heat pump water heaters' },
    },
  },
  roof: {
    years: [20, 25],
    plural: 'roofs',
    types: {
      asphaltShingle: { years: [20, 25], plural: 'asphalt shingle roofs' },
      metal: { years: [40, 70], plural: 'metal roofs' },
      tile: { years: [50, 100], plural: 'tile roofs' },
      slate: { years: [60, 150], plural: 'slate roofs' },
      woodShake: { years: [25, 30], plural: 'wood shake roofs' },
      flat: { years: [15, 25], plural: 'flat roofs' },
    },
  },
  smokeAlarms: { years: [8, 10], plural: 'smoke and CO alarms', singular: 'set of smoke and CO alarms' },
  sumpPump: { years: [7, 10], plural: 'sump pumps' },
  waterSoftener: { years: [10, 15], plural: 'water softeners' },
  garageDoorOpener: { years: [10, 15], plural: 'garage door openers' },
  refrigerator: { years: [10, 15], plural: 'refrigerators' },
  dishwasher: { years: [9, 12], plural: 'dishwashers' },
  washer: { years: [10, 13], plural: 'washing machines' },
  dryer: { years: [10, 13], plural: 'dryers' },
  rangeHood: { years: [10, 14], plural: 'range hoods' },
  generator: { years: [20, 30], plural: 'generators' },
  solar: { years: [25, 30], plural: 'solar panels' },
};

/** The typical life of a system of this kind and type, when known. */
export function lifespanOf(system: Pick<HomeSystemValues, 'kind' | 'type'>): Lifespan | undefined {
  const kind = lifespans[system.kind];
  return (system.type ? kind?.types?.[system.type] : undefined) ?? kind;
}

/**
 * The day a system reaches the low end of its typical life, 'YYYY-MM-01' (mid-year when the month
 * is not known), from which `wearOutOf` speaks of it; null when its age or its life is not known.
 */
export function wearsFromOf(
  system: Pick<HomeSystemValues, 'kind' | 'type' | 'installedYear' | 'installedMonth'>,
): string | null {
  const lifespan = lifespanOf(system);
  if (!lifespan || system.installedYear === null) return null;
  const month = String(system.installedMonth ?? 7).padStart(2, '0');
  return `${system.installedYear + lifespan.years[0]}-${month}-01`;
}

/** What a home's people call a system of this kind and type: "gas furnace", "water heater". */
export function systemNameOf(system: Pick<HomeSystemValues, 'kind' | 'type'>): string {
  return lifespanOf(system)?.singular ?? homeSystemKind(system.kind).label.toLowerCase();
}

/** A system near or past its typical life, with the words to say it. */
export interface WearOut {
  stage: 'near' | 'past';
  age: number;
  text: string;
}

/** Whole years since it was installed, counting the month when known (mid-year when not). */
function ageOf(
  system: Pick<HomeSystemValues, 'installedYear' | 'installedMonth'>,
  today: Date,
): number | null {
  if (system.installedYear === null) return null;
  const months =
    (today.getUTCFullYear() - system.installedYear) * 12 +
    today.getUTCMonth() +
    1 -
    (system.installedMonth ?? 7);
  return Math.max(0, Math.floor(months / 12));
}

/**
 * Whether a system is near or past its typical life, said for the homeowner ("your") or staff
 * ("the"): "Your water heater is 13 years old; gas tank water heaters usually last 8 to 12 years:
 * have it checked, and plan for a replacement." Null while young, or when its age is not known.
 */
export function wearOutOf(
  system: Pick<HomeSystemValues, 'kind' | 'type' | 'installedYear' | 'installedMonth'>,
  today: Date,
  whose: 'Your' | 'The',
): WearOut | null {
  const lifespan = lifespanOf(system);
  const age = ageOf(system, today);
  if (!lifespan || age === null) return null;
  const [low, high] = lifespan.years;
  if (age < low) return null;
  const stage = age > high ? 'past' : 'near';
  const thing = `${whose} ${systemNameOf(system)}`;
  const advice =
    stage === 'past'
      ? 'have it checked, and plan for a replacement'
      : 'have it checked, and start planning for a replacement';
  return {
    stage,
    age,
    text: `${thing} is ${age} years old; ${lifespan.plural} usually last ${low} to ${high} years: ${advice}.`,
  };
}
