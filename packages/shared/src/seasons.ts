/**
 * Seasons of reminder tasks (docs/decisions/058): a task with a season falls due only in that
 * season's months, and which months those are depends on whether the property lies in a cold, mild
 * or warm part of the country (`climate.ts` says which, from its ZIP code).
 */

export const seasons = [
  'spring',
  'autumn',
  'springAndAutumn',
  'beforeSummer',
  'beforeWinter',
  'beforeFrost',
] as const;
export type Season = (typeof seasons)[number];

/** A season as people read it, in the catalogue, the set-up form and the tasks panel. */
export const seasonLabels: Record<Season, string> = {
  spring: 'Spring',
  autumn: 'Autumn',
  springAndAutumn: 'Spring and autumn',
  beforeSummer: 'Before summer',
  beforeWinter: 'Before winter',
  beforeFrost: 'Before the first frost',
};

/** The label of a task without a season. */
export const anySeasonLabel = 'Any time of year';

export function isSeason(value: unknown): value is Season {
  return typeof value === 'string' && (seasons as readonly string[]).includes(value);
}

/** The label of a stored season, or "Any time of year" for none. */
export function seasonLabel(season: string | null | undefined): string {
  return isSeason(season) ? seasonLabels[season] : anySeasonLabel;
}

/** The broad zones seasons fall in. */
export const climateZones = ['cold', 'mild', 'warm'] as const;
export type ClimateZone = (typeof climateZones)[number];

export const climateZoneLabels: Record<ClimateZone, string> = {
  cold: 'cold winters',
  mild: 'mild winters',
  warm: 'no frost',
};

/**
 * The months (1 to 12) of each season per zone. An empty list: the season does not happen there,
 * so a task of that season is not offered for a property in that zone.
 */
export const seasonMonths: Record<Season, Record<ClimateZone, readonly number[]>> = {
  spring: { cold: [4, 5], mild: [3, 4], warm: [2, 3] },
  autumn: { cold: [9, 10], mild: [10, 11], warm: [10, 11] },
  springAndAutumn: { cold: [4, 5, 9, 10], mild: [3, 4, 10, 11], warm: [2, 3, 10, 11] },
  beforeSummer: { cold: [5, 6], mild: [4, 5], warm: [3, 4] },
  beforeWinter: { cold: [9, 10], mild: [10, 11], warm: [11] },
  beforeFrost: { cold: [9, 10], mild: [10, 11], warm: [] },
};

/**
 * The months a task may fall due in, in a zone: null for a task without a season (any month), an
 * empty list when its season does not happen there. `monthsOfSeason` (climate.ts) finds the zone.
 */
export function monthsInZone(season: string | null | undefined, zone: ClimateZone): readonly number[] | null {
  return isSeason(season) ? seasonMonths[season][zone] : null;
}
