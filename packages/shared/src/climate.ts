/**
 * A home's climate (docs/decisions/099): its IECC climate zone from its ZIP code where the data
 * knows the ZIP code, else a rough zone from its state. Seasons fall in three broad zones (cold,
 * mild, no frost); the IECC zone is what people are told, in plain words.
 */
import { zipZoneRuns } from './climate-zips';
import { climateZoneLabels, monthsInZone, type ClimateZone } from './seasons';
import { stateNameOf } from './us-states';

/** IECC climate zones: a number from hot (1) to subarctic (8), and humid (A), dry (B) or marine (C). */
export const ieccZones = [
  '1A', '2A', '2B', '3A', '3B', '3C', '4A', '4B', '4C', '5A', '5B', '5C', '6A', '6B', '7', '8',
] as const; // prettier-ignore
export type IeccZone = (typeof ieccZones)[number];

const temperature: Record<string, string> = {
  '1': 'very hot',
  '2': 'hot',
  '3': 'warm',
  '4': 'mixed',
  '5': 'cool',
  '6': 'cold',
  '7': 'very cold',
  '8': 'subarctic',
};
const moisture: Record<string, string> = { A: 'humid', B: 'dry', C: 'marine' };

/** What a zone means: "mixed and humid" for 4A. */
export function ieccZoneWords(zone: IeccZone): string {
  const [number = '', letter] = zone;
  return `${temperature[number]}${letter ? ` and ${moisture[letter]}` : ''}`;
}

/** Zones 1 and 2 rarely see frost; 3 and 4 have short, mild winters; 5 to 8 long, cold ones. */
function broadZone(zone: IeccZone): ClimateZone {
  if (zone < '3') return 'warm';
  return zone < '5' ? 'mild' : 'cold';
}

/** Where frost is rare or unknown. */
const warmStates = new Set(['FL', 'HI']);
/** Long, cold winters: the North, the Mountain West and the Northwest. */
const coldStates = new Set(
  'AK CO CT ID IL IN IA KS ME MA MI MN MO MT NE NH NJ NY ND OH OR PA RI SD UT VT WA WV WI WY'.split(' '),
);

/** The broad zone of a two-letter state code: the South and the Southwest coast, and any state
 *  none of the lists holds, count as mild. */
function stateZone(state: string | null | undefined): ClimateZone {
  const code = (state ?? '').trim().toUpperCase();
  if (warmStates.has(code)) return 'warm';
  return coldStates.has(code) ? 'cold' : 'mild';
}

let runs: { starts: number[]; zones: (IeccZone | null)[] } | undefined;

/** The table's runs, read on first use. */
function zipRunTable() {
  if (!runs) {
    runs = { starts: [], zones: [] };
    for (let i = 0; i < zipZoneRuns.length; i += 6) {
      runs.starts.push(Number(zipZoneRuns.slice(i, i + 5)));
      runs.zones.push(ieccZones[zipZoneRuns.charCodeAt(i + 5) - 97] ?? null);
    }
  }
  return runs;
}

/** The IECC zone of a ZIP code (its first five digits), or null when the data does not know it. */
export function ieccZoneOfZip(zip: string | null | undefined): IeccZone | null {
  const digits = /^\s*(\d{5})/.exec(zip ?? '')?.[1];
  if (!digits) return null;
  const n = Number(digits);
  const { starts: runStarts, zones: runZones } = zipRunTable();
  let low = 0;
  let high = runStarts.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if ((runStarts[mid] ?? 0) <= n) low = mid;
    else high = mid - 1;
  }
  return runZones[low] ?? null;
}

/** Where a home is, as far as its climate goes. */
export interface Place {
  state: string | null | undefined;
  zip: string | null | undefined;
}

export interface Climate {
  /** The broad zone its seasons fall in. */
  zone: ClimateZone;
  /** Its IECC zone, when its ZIP code is known to the data. */
  iecc: IeccZone | null;
}

export function climateOf(place: Place): Climate {
  const iecc = ieccZoneOfZip(place.zip);
  return { zone: iecc ? broadZone(iecc) : stateZone(place.state), iecc };
}

/** The broad zone a place's seasons fall in. */
export function climateZoneOf(place: Place): ClimateZone {
  return climateOf(place).zone;
}

/**
 * The months a task may fall due in at a place: null for a task without a season (any month), an
 * empty list when its season does not happen there.
 */
export function monthsOfSeason(season: string | null | undefined, place: Place): readonly number[] | null {
  return monthsInZone(season, climateZoneOf(place));
}

/** False when the task's season does not happen where the property is (frost in Miami). */
export function seasonApplies(season: string | null | undefined, place: Place): boolean {
  const months = monthsOfSeason(season, place);
  return months === null || months.length > 0;
}

/** Where a place is, as its climate is judged: "ZIP code 33101", else its state's name. */
export function placeName(place: Place): string {
  return ieccZoneOfZip(place.zip)
    ? `ZIP code ${place.zip?.trim().slice(0, 5)}`
    : stateNameOf(place.state ?? '');
}

/** What a home's climate means, for its plan: "Zone 4A, mixed and humid (ZIP code 20001). Seasons here: mild winters." */
export function climateWords(place: Place): string {
  const { zone, iecc } = climateOf(place);
  const seasons = `Seasons here: ${climateZoneLabels[zone]}.`;
  if (iecc) return `Zone ${iecc}, ${ieccZoneWords(iecc)} (${placeName(place)}). ${seasons}`;
  const state = stateNameOf(place.state ?? '') || 'its state';
  const zip = place.zip?.trim();
  return zip
    ? `ZIP code ${zip} is not in our climate data, so it is judged by state (${state}). ${seasons}`
    : `Judged by state (${state}). ${seasons}`;
}
