import { describe, expect, it } from 'vitest';
import { emptyHomeProfile, type HomeProfileAnswers } from '@homeminder/shared/contracts/home-profile';
import { climateZoneOf, type Place } from '@homeminder/shared/climate';
import { homePlan as planOf, type HomeFacts, type PlanTask } from '@homeminder/shared/home-plan';
import { planSystem } from '@homeminder/shared/test/plan-system';
import { reminderCatalogue } from '../../db/reference-data';

/** The shared catalogue as a new corporation has it: its default set, each task's season and need. */
const catalogue: PlanTask[] = reminderCatalogue.map(([name, , , , season, position, needs]) => ({
  id: name,
  name,
  needs,
  season,
  inDefaultSet: position !== null,
}));

const profile = (answers: Partial<HomeProfileAnswers>): HomeProfileAnswers => ({
  ...emptyHomeProfile.answers,
  ...answers,
});

/** What is known of a home and where it is: its climate is its ZIP code's, as the server finds it. */
type Facts = Omit<HomeFacts, 'climate'> & { place: Place };
const homePlan = ({ place, ...facts }: Facts, tasks: readonly PlanTask[]) =>
  planOf({ ...facts, climate: climateZoneOf(place) }, tasks);

interface Case {
  home: string;
  facts: Facts;
  holds: Record<string, { because?: string | null; details?: string[]; months?: number[] | null }>;
  holdsNot: string[];
}

const cases: Case[] = [
  {
    home: 'a 1998 house with a gas furnace, a tank water heater, a septic system, a well and no pool',
    facts: {
      place: { state: 'NY', zip: '12203' },
      profile: profile({
        homeKind: 'singleFamily',
        yearBuilt: 1998,
        sewer: 'septic',
        waterSupply: 'well',
        pool: false,
      }),
      systems: [
        planSystem('heating', 'gasFurnace', { filterSize: '16x25x1', installedYear: 2009 }),
        planSystem('waterHeater', 'tankGas', { installedYear: 2013 }),
      ],
    },
    holds: {
      'Pump the septic tank': { because: 'The home has a septic system.', months: null },
      'Test the well water': { because: 'The home has a private well.', months: [4, 5] },
      'Replace HVAC filter': { because: "The home's heating: gas furnace.", details: ['Filter 16x25x1'] },
      'Flush the water heater': { because: "The home's water heater: tank, gas." },
      'Service heating system': { months: [9, 10] },
      'Clean gutters and downspouts': { because: 'The home has a roof and gutters of its own.' },
      // The default set's tasks nothing rules out stay.
      'Test smoke and CO detectors': { because: null },
    },
    holdsNot: ['Service the pool or spa', 'Service the heat pump', 'Descale the tankless water heater'],
  },
  {
    home: 'a condo with a heat pump on the city sewer',
    facts: {
      place: { state: 'NC', zip: '27601' },
      profile: profile({ homeKind: 'condo', sewer: 'municipal' }),
      systems: [planSystem('heating', 'heatPump', { filterSize: '20x20x1' })],
    },
    holds: {
      'Service the heat pump': { because: "The home's heating: heat pump.", months: [3, 4, 10, 11] },
      'Replace HVAC filter': { details: ['Filter 20x20x1'] },
    },
    holdsNot: [
      'Service heating system',
      'Service air conditioner',
      'Pump the septic tank',
      'Clean gutters and downspouts',
      'Inspect the roof',
    ],
  },
  {
    home: 'a home with a sprinkler system where it never freezes',
    facts: { place: { state: 'FL', zip: '33101' }, profile: profile({ irrigation: true }), systems: [] },
    holds: { 'Service the lawn sprinkler system': { months: [2, 3, 10, 11] } },
    holdsNot: ['Winterize the irrigation system', 'Protect pipes and outdoor faucets'],
  },
  {
    home: 'a home with a sprinkler system where winters are cold',
    facts: { place: { state: 'MN', zip: '55401' }, profile: profile({ irrigation: true }), systems: [] },
    holds: {
      'Winterize the irrigation system': { because: 'The home has a sprinkler system.', months: [9, 10] },
    },
    holdsNot: [],
  },
  {
    home: 'a home with a sprinkler system in Houston, frost-free by its ZIP code though Texas is mild',
    facts: { place: { state: 'TX', zip: '77002' }, profile: profile({ irrigation: true }), systems: [] },
    holds: { 'Service the lawn sprinkler system': { months: [2, 3, 10, 11] } },
    holdsNot: ['Winterize the irrigation system', 'Protect pipes and outdoor faucets'],
  },
  {
    home: 'a home with a sprinkler system in Seattle, mild by its ZIP code though Washington is cold',
    facts: { place: { state: 'WA', zip: '98101' }, profile: profile({ irrigation: true }), systems: [] },
    holds: { 'Winterize the irrigation system': { months: [10, 11] } },
    holdsNot: [],
  },
];

describe("a home's plan, made from its profile and systems", () => {
  it.each(cases)('$home', ({ facts, holds, holdsNot }) => {
    const plan = homePlan(facts, catalogue);
    const byName = new Map(plan.fits.map((entry) => [entry.name, entry]));
    for (const [name, expected] of Object.entries(holds)) {
      expect(byName.has(name), `${name} is in the plan`).toBe(true);
      expect(byName.get(name)).toMatchObject(expected);
    }
    for (const name of holdsNot) expect(byName.has(name), `${name} is not in the plan`).toBe(false);
  });

  it('says why a task is ruled out', () => {
    const { ruledOut } = homePlan(cases[1]!.facts, catalogue);
    expect(ruledOut).toEqual(
      expect.arrayContaining([
        {
          id: 'Pump the septic tank',
          name: 'Pump the septic tank',
          because: 'The home is on the city or town sewer.',
        },
        {
          id: 'Clean gutters and downspouts',
          name: 'Clean gutters and downspouts',
          because: "A condo's roof and gutters are the building's.",
        },
        {
          id: 'Service heating system',
          name: 'Service heating system',
          because: "The home's heating: heat pump.",
        },
      ]),
    );
    const frostFree = homePlan(cases[2]!.facts, catalogue).ruledOut.map((task) => task.because);
    expect(frostFree).toContain('Not needed where there is no frost.');
  });

  it('keeps the default set, and only it, for a home nothing is known of', () => {
    const plan = homePlan({ place: { state: 'TX', zip: null }, profile: null, systems: [] }, catalogue);
    const defaultSet = catalogue.filter((task) => task.inDefaultSet).map((task) => task.name);
    expect(plan.fits.map((entry) => entry.name).sort()).toEqual([...defaultSet].sort());
    expect(plan.fits.every((entry) => entry.because === null && entry.details.length === 0)).toBe(true);
    expect(plan.ruledOut).toEqual([]);
  });
});
