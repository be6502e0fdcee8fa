import { describe, expect, it } from 'vitest';
import type { HomeSystemKind } from './contracts/home-systems';
import { systemServing, taskNeeds, type HomeFacts } from './home-plan';
import { planSystem } from './test/plan-system';

const facts = (systems: HomeFacts['systems']): HomeFacts => ({
  climate: 'cold',
  profile: null,
  systems,
});

describe('what a task needs of a home', () => {
  it('is not known until the home lists a system of the kind, with its type', () => {
    expect(taskNeeds.tankWaterHeater.fit(facts([]))).toBeNull();
    expect(taskNeeds.tankWaterHeater.fit(facts([planSystem('waterHeater', null)]))).toBeNull();
    expect(taskNeeds.tankWaterHeater.fit(facts([planSystem('waterHeater', 'tankless')]))).toEqual({
      fits: false,
      because: "The home's water heater: tankless.",
    });
    expect(taskNeeds.tanklessWaterHeater.fit(facts([planSystem('waterHeater', 'tankless')]))).toMatchObject({
      fits: true,
    });
  });

  it("gathers every air filter's size, once each", () => {
    const fit = taskNeeds.forcedAir.fit(
      facts([
        planSystem('heating', 'gasFurnace', { filterSize: '16x25x1' }),
        planSystem('cooling', 'centralAir', { filterSize: '16x25x1' }),
        planSystem('heating', 'heatPump', { filterSize: '20x20x1' }),
      ]),
    );
    expect(fit).toEqual({
      fits: true,
      because: "The home's heating: gas furnace.",
      details: ['Filter 16x25x1', 'Filter 20x20x1'],
    });
    expect(taskNeeds.forcedAir.fit(facts([planSystem('heating', 'boiler')]))).toEqual({
      fits: false,
      because: "The home's heating: boiler.",
    });
  });

  it('counts a heat pump as cooling the home, so no air conditioner service', () => {
    expect(taskNeeds.airConditioner.fit(facts([planSystem('heating', 'heatPump')]))).toMatchObject({
      fits: false,
    });
    expect(taskNeeds.airConditioner.fit(facts([planSystem('cooling', 'miniSplit')]))).toMatchObject({
      fits: true,
    });
  });

  it('fits a water filter only where a refrigerator has one', () => {
    expect(taskNeeds.fridgeWaterFilter.fit(facts([planSystem('refrigerator', null)]))).toBeNull();
    expect(
      taskNeeds.fridgeWaterFilter.fit(facts([planSystem('refrigerator', null, { waterFilter: false })])),
    ).toMatchObject({ fits: false });
    expect(
      taskNeeds.fridgeWaterFilter.fit(facts([planSystem('refrigerator', null, { waterFilter: true })])),
    ).toMatchObject({ fits: true });
  });
});

describe('the system a task is for', () => {
  const listed = (kind: HomeSystemKind, type: string | null, id: string) => ({
    id,
    kind,
    type,
    filterSize: null,
    waterFilter: null,
  });
  const home = [
    listed('waterHeater', 'tankless', 'tankless'),
    listed('cooling', 'centralAir', 'air'),
    listed('heating', 'gasFurnace', 'furnace'),
    listed('waterHeater', 'tankGas', 'tank'),
  ];

  it.each([
    ['forcedAir', 'air'],
    ['furnaceOrBoiler', 'furnace'],
    ['tankWaterHeater', 'tank'],
    ['tanklessWaterHeater', 'tankless'],
    ['septic', null],
    ['dryer', null],
    [null, null],
  ])('a task that needs %s is filed under %s', (needs, id) => {
    expect(systemServing(needs, home)?.id ?? null).toBe(id);
  });
});
