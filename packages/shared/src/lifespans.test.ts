import { describe, expect, it } from 'vitest';
import { lifespanOf, systemNameOf, wearOutOf, wearsFromOf } from './lifespans';

const today = new Date('2026-11-30T12:00:00Z');

describe('how long a system usually lasts', () => {
  it('says a gas tank water heater of 2013 is past its life, in the words the homeowner reads', () => {
    expect(
      wearOutOf(
        { kind: 'waterHeater', type: 'tankGas', installedYear: 2013, installedMonth: 3 },
        today,
        'Your',
      ),
    ).toEqual({
      stage: 'past',
      age: 13,
      text:
        'Your water heater is 13 years old; gas tank water heaters usually last 8 to 12 years: ' +
        'have it checked, and plan for a replacement.',
    });
  });

  it('counts the month when it is known, so a system turns a year older on its month', () => {
    const november = wearOutOf(
      { kind: 'sumpPump', type: null, installedYear: 2019, installedMonth: 11 },
      today,
      'The',
    );
    expect(november).toMatchObject({ stage: 'near', age: 7 });
    expect(november?.text).toBe(
      'The sump pump is 7 years old; sump pumps usually last 7 to 10 years: have it checked, and start planning for a replacement.',
    );
    expect(
      wearOutOf({ kind: 'sumpPump', type: null, installedYear: 2019, installedMonth: 12 }, today, 'The'),
    ).toBeNull();
  });

  it('says nothing of a young system, of one whose age is not known, or of a kind without a typical life', () => {
    expect(
      wearOutOf({ kind: 'roof', type: 'slate', installedYear: 1990, installedMonth: null }, today, 'Your'),
    ).toBeNull();
    expect(
      wearOutOf(
        { kind: 'heating', type: 'gasFurnace', installedYear: null, installedMonth: null },
        today,
        'Your',
      ),
    ).toBeNull();
    expect(
      wearOutOf({ kind: 'chimney', type: 'wood', installedYear: 1950, installedMonth: null }, today, 'Your'),
    ).toBeNull();
  });

  it('reads the type where it matters and the kind otherwise', () => {
    expect(lifespanOf({ kind: 'waterHeater', type: 'tankless' })?.years).toEqual([20, 25]);
    expect(lifespanOf({ kind: 'waterHeater', type: null })?.years).toEqual([8, 12]);
  });
});

describe('the day a system starts to wear out', () => {
  const sumpPump = { kind: 'sumpPump', type: null, installedYear: 2019, installedMonth: 11 } as const;

  it('is the first of the month it reaches the low end of its life, mid-year when the month is not known', () => {
    expect(wearsFromOf(sumpPump)).toBe('2026-11-01');
    expect(wearsFromOf({ ...sumpPump, installedMonth: null })).toBe('2026-07-01');
    expect(
      wearsFromOf({ kind: 'waterHeater', type: 'tankless', installedYear: 2013, installedMonth: 3 }),
    ).toBe('2033-03-01');
  });

  it('agrees with the notice: nothing the day before, near from that day', () => {
    expect(wearOutOf(sumpPump, new Date('2026-10-31T12:00:00Z'), 'The')).toBeNull();
    expect(wearOutOf(sumpPump, new Date('2026-11-01T12:00:00Z'), 'The')?.stage).toBe('near');
  });

  it('is not known without a year or for a kind without a typical life', () => {
    expect(wearsFromOf({ ...sumpPump, installedYear: null, installedMonth: null })).toBeNull();
    expect(
      wearsFromOf({ kind: 'chimney', type: 'wood', installedYear: 1990, installedMonth: null }),
    ).toBeNull();
  });

  it('names the system as its people do', () => {
    expect(systemNameOf({ kind: 'heating', type: 'gasFurnace' })).toBe('gas furnace');
    expect(systemNameOf({ kind: 'waterHeater', type: 'tankGas' })).toBe('water heater');
    // One thing, so that "is" and "it" read right, and CO keeps its capitals.
    expect(systemNameOf({ kind: 'smokeAlarms', type: null })).toBe('set of smoke and CO alarms');
    expect(
      wearOutOf(
        { kind: 'smokeAlarms', type: null, installedYear: 2014, installedMonth: null },
        new Date('2026-12-01'),
        'Your',
      )?.text,
    ).toBe(
      'Your set of smoke and CO alarms is 12 years old; smoke and CO alarms usually last 8 to 10 years: have it checked, and plan for a replacement.',
    );
  });
});
