import { describe, expect, it } from 'vitest';
import { zipRuns, zipZones } from '../scripts/write-climate-zips';
import { climateOf, climateWords, ieccZoneOfZip, ieccZoneWords, placeName } from './climate';
import { zipZoneRuns } from './climate-zips';

describe('the climate of a ZIP code', () => {
  // Cities whose county's IECC zone is published by the DOE (docs/climate-zones.md).
  it.each([
    ['33101', 'Miami, FL', '1A', 'warm'],
    ['96813', 'Honolulu, HI', '1A', 'warm'],
    ['77002', 'Houston, TX', '2A', 'warm'],
    ['85004', 'Phoenix, AZ', '2B', 'warm'],
    ['30303', 'Atlanta, GA', '3A', 'mild'],
    ['89101', 'Las Vegas, NV', '3B', 'mild'],
    ['94102', 'San Francisco, CA', '3C', 'mild'],
    ['20001', 'Washington, DC', '4A', 'mild'],
    ['10001', 'New York, NY', '4A', 'mild'],
    ['87102', 'Albuquerque, NM', '4B', 'mild'],
    ['98101', 'Seattle, WA', '4C', 'mild'],
    ['60601', 'Chicago, IL', '5A', 'cold'],
    ['06103', 'Hartford, CT', '5A', 'cold'],
    ['80202', 'Denver, CO', '5B', 'cold'],
    ['55401', 'Minneapolis, MN', '6A', 'cold'],
    ['59601', 'Helena, MT', '6B', 'cold'],
    ['55802', 'Duluth, MN', '7', 'cold'],
    ['99701', 'Fairbanks, AK', '8', 'cold'],
  ])('knows %s (%s) is in zone %s, where winters are %s', (zip, _city, iecc, zone) => {
    expect(climateOf({ state: null, zip })).toEqual({ iecc, zone });
  });

  it('reads the first five digits of a ZIP+4 code', () => {
    expect(ieccZoneOfZip(' 98101-1234')).toBe('4C');
  });

  it('judges by state, and says so, where the data does not know the ZIP code', () => {
    for (const zip of ['00000', '00901', '96201', 'ABCDE', '', null]) {
      expect(ieccZoneOfZip(zip)).toBeNull();
    }
    expect(climateOf({ state: 'FL', zip: '00000' })).toEqual({ iecc: null, zone: 'warm' });
    expect(climateOf({ state: 'MN', zip: null })).toEqual({ iecc: null, zone: 'cold' });
    expect(climateWords({ state: 'MN', zip: '00000' })).toBe(
      'ZIP code 00000 is not in our climate data, so it is judged by state (Minnesota). Seasons here: cold winters.',
    );
    expect(climateWords({ state: 'FL', zip: '' })).toBe('Judged by state (Florida). Seasons here: no frost.');
    expect(placeName({ state: 'MN', zip: '00000' })).toBe('Minnesota');
  });

  it('says what a zone means in plain words', () => {
    expect(ieccZoneWords('4A')).toBe('mixed and humid');
    expect(ieccZoneWords('7')).toBe('very cold');
    expect(climateWords({ state: 'TX', zip: '77002' })).toBe(
      'Zone 2A, hot and humid (ZIP code 77002). Seasons here: no frost.',
    );
    expect(placeName({ state: 'TX', zip: '77002' })).toBe('ZIP code 77002');
  });

  it('holds, for every ZIP code of the ZIP data package, the zone of its county', () => {
    const zones = zipZones();
    expect(zones.size).toBeGreaterThan(40_000);
    for (const [zip, zone] of zones) expect(ieccZoneOfZip(zip), zip).toBe(zone);
    // The written table is what the script writes from today's data: rerun it when either changes.
    expect(zipRuns(zones)).toBe(zipZoneRuns);
  });
});
