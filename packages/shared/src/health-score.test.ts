import { describe, expect, it } from 'vitest';
import {
  healthBandOf,
  healthBands,
  healthReasonLine,
  healthScoreOf,
  type HealthBand,
  type HealthInput,
} from './health-score';

const today = new Date('2026-11-30T00:00:00.000Z');

/** A home that joined long ago and was cared for lately: only what a row adds counts. */
const home = (change: Partial<HealthInput>): HealthInput => ({
  today,
  overdue: [],
  systems: [],
  lastCareOn: '2026-10-20',
  since: '2023-04-01',
  ...change,
});

const safety = (task: string, dueOn: string) => ({ task, category: 'Safety', dueOn });
const other = (task: string, dueOn: string) => ({ task, category: 'Exterior', dueOn });

const smokeAlarmsOf2015 = {
  kind: 'smokeAlarms',
  type: 'hardwired',
  installedYear: 2015,
  installedMonth: 6,
} as const;
const smokeAlarmsOf2017 = {
  kind: 'smokeAlarms',
  type: 'battery',
  installedYear: 2017,
  installedMonth: 1,
} as const;
const waterHeaterOf2013 = {
  kind: 'waterHeater',
  type: 'tankGas',
  installedYear: 2013,
  installedMonth: 3,
} as const;
const waterHeaterOf2017 = {
  kind: 'waterHeater',
  type: 'tankGas',
  installedYear: 2017,
  installedMonth: 3,
} as const;
const furnaceOf2004 = {
  kind: 'heating',
  type: 'gasFurnace',
  installedYear: 2004,
  installedMonth: null,
} as const;
const sumpPumpOf2016 = { kind: 'sumpPump', type: null, installedYear: 2016, installedMonth: null } as const;

const fourSafetyTasks = [
  safety('Check fire extinguishers', '2026-11-20'),
  safety('Test smoke and CO detectors', '2026-11-01'),
  safety('Replace smoke detector batteries', '2026-06-15'),
  safety('Check the fire escape ladders', '2026-10-01'),
];

const rows: { name: string; input: HealthInput; score: number; band: HealthBand; lines: string[] }[] = [
  {
    name: 'a new home with nothing yet',
    input: home({ lastCareOn: null, since: '2026-11-02' }),
    score: 100,
    band: 'good',
    lines: [],
  },
  {
    name: 'one overdue safety task',
    input: home({ overdue: [safety('Test smoke and CO detectors', '2026-11-09')] }),
    score: 85,
    band: 'good',
    lines: ['−15: Test smoke and CO detectors is 3 weeks overdue'],
  },
  {
    name: 'four overdue safety tasks, the oldest three counted up to the cap',
    input: home({ overdue: fourSafetyTasks }),
    score: 55,
    band: 'poor',
    lines: [
      '−15: Replace smoke detector batteries is 5 months overdue',
      '−15: Check the fire escape ladders is 8 weeks overdue',
      '−15: Test smoke and CO detectors is 4 weeks overdue',
      '0: Check fire extinguishers is 10 days overdue',
    ],
  },
  {
    name: 'mixed overdue tasks, safety first',
    input: home({
      overdue: [
        { task: 'Replace the HVAC filter', category: 'Heating & cooling', dueOn: '2026-11-16' },
        other('Clean gutters and downspouts', '2026-10-01'),
        safety('Check fire extinguishers', '2026-10-30'),
      ],
    }),
    score: 75,
    band: 'fair',
    lines: [
      '−15: Check fire extinguishers is 4 weeks overdue',
      '−5: Clean gutters and downspouts is 8 weeks overdue',
      '−5: Replace the HVAC filter is 2 weeks overdue',
    ],
  },
  {
    name: 'smoke alarms 11 years old',
    input: home({ systems: [smokeAlarmsOf2015] }),
    score: 85,
    band: 'good',
    lines: ['−15: Your smoke and CO alarms are 11 years old, past their typical life'],
  },
  {
    name: 'a water heater near its life',
    input: home({ systems: [waterHeaterOf2017] }),
    score: 95,
    band: 'good',
    lines: ['−5: Your water heater is 9 years old, near the end of its typical life'],
  },
  {
    name: 'a water heater past its life and smoke alarms near theirs',
    input: home({ systems: [smokeAlarmsOf2017, waterHeaterOf2013] }),
    score: 82,
    band: 'good',
    lines: [
      '−10: Your water heater is 13 years old, past its typical life',
      '−8: Your smoke and CO alarms are 9 years old, near the end of their typical life',
    ],
  },
  {
    name: 'four worn systems, the largest counted up to the cap',
    input: home({ systems: [sumpPumpOf2016, waterHeaterOf2013, smokeAlarmsOf2015, furnaceOf2004] }),
    score: 70,
    band: 'fair',
    lines: [
      '−15: Your smoke and CO alarms are 11 years old, past their typical life',
      '−10: Your gas furnace is 22 years old, past its typical life',
      '−5: Your water heater is 13 years old, past its typical life',
      '0: Your sump pump is 10 years old, near the end of its typical life',
    ],
  },
  {
    name: 'no care for 12 months, not yet over',
    input: home({ lastCareOn: '2025-11-01' }),
    score: 100,
    band: 'good',
    lines: [],
  },
  {
    name: 'no care for 13 months',
    input: home({ lastCareOn: '2025-10-15' }),
    score: 90,
    band: 'good',
    lines: ['−10: No care recorded in 13 months'],
  },
  {
    name: 'no care for 25 months',
    input: home({ lastCareOn: '2024-10-30' }),
    score: 80,
    band: 'good',
    lines: ['−20: No care recorded in 25 months'],
  },
  {
    name: 'a home that joined 2 months ago with no care',
    input: home({ lastCareOn: null, since: '2026-09-28' }),
    score: 100,
    band: 'good',
    lines: [],
  },
  {
    name: 'a home that joined 14 months ago and never recorded care',
    input: home({ lastCareOn: null, since: '2025-09-01' }),
    score: 90,
    band: 'good',
    lines: ['−10: No care recorded since the home joined 14 months ago'],
  },
  {
    name: 'systems whose install year is not known, or without a typical life',
    input: home({
      systems: [
        { kind: 'smokeAlarms', type: null, installedYear: null, installedMonth: null },
        { ...waterHeaterOf2013, installedYear: null, installedMonth: null },
        { kind: 'chimney', type: 'wood', installedYear: 1950, installedMonth: null },
      ],
    }),
    score: 100,
    band: 'good',
    lines: [],
  },
  {
    name: 'a home at the floor',
    input: home({
      overdue: [
        ...fourSafetyTasks,
        ...[
          'Clean gutters',
          'Seal the deck',
          'Flush the water heater',
          'Clean the dryer vent',
          'Check the roof',
          'Drain the hoses',
        ].map((task) => other(task, '2026-08-03')),
      ],
      systems: [smokeAlarmsOf2015, waterHeaterOf2013, furnaceOf2004],
      lastCareOn: null,
      since: '2022-01-10',
    }),
    score: 0,
    band: 'poor',
    lines: [
      '−20: No care recorded since the home joined 58 months ago',
      '−15: Replace smoke detector batteries is 5 months overdue',
      '−15: Check the fire escape ladders is 8 weeks overdue',
      '−15: Test smoke and CO detectors is 4 weeks overdue',
      '−15: Your smoke and CO alarms are 11 years old, past their typical life',
      '−10: Your gas furnace is 22 years old, past its typical life',
      '−5: Your water heater is 13 years old, past its typical life',
      '−5: Check the roof is 3 months overdue',
      '−5: Clean gutters is 3 months overdue',
      '−5: Clean the dryer vent is 3 months overdue',
      '−5: Drain the hoses is 3 months overdue',
      '−5: Flush the water heater is 3 months overdue',
      '0: Check fire extinguishers is 10 days overdue',
      '0: Seal the deck is 3 months overdue',
    ],
  },
];

describe("a home's health score", () => {
  it.each(rows)('of $name is $score ($band)', ({ input, score, band, lines }) => {
    const health = healthScoreOf(input);
    expect(health.score).toBe(score);
    expect(health.band).toBe(band);
    expect(health.reasons.map(healthReasonLine)).toEqual(lines);
  });

  it.each(rows)('of $name is 100 and its reasons, unless it stops at 0', ({ input }) => {
    const { score, reasons } = healthScoreOf(input);
    const taken = reasons.reduce((sum, reason) => sum + reason.points, 0);
    if (score > 0) expect(taken).toBe(score - 100);
    else expect(taken).toBeLessThanOrEqual(-100);
    expect(Number.isInteger(score) && score >= 0 && score <= 100).toBe(true);
    expect(reasons.every((reason) => Number.isInteger(reason.points) && reason.points <= 0)).toBe(true);
    expect(reasons.every((reason) => reason.raise.length > 0 && !reason.text.endsWith('.'))).toBe(true);
  });

  it('is the same whatever order the tasks and systems come in', () => {
    const input = rows.at(-1)!.input;
    expect(
      healthScoreOf({ ...input, overdue: input.overdue.toReversed(), systems: input.systems.toReversed() }),
    ).toEqual(healthScoreOf(input));
  });

  it('says what would raise it most first', () => {
    const { reasons } = healthScoreOf(home({ systems: [smokeAlarmsOf2015, waterHeaterOf2017] }));
    expect(reasons.map((reason) => reason.raise)).toEqual([
      'Replace the smoke and CO alarms',
      'Have the water heater checked, and plan its replacement',
    ]);
    expect(
      healthScoreOf(home({ overdue: [safety('Test smoke and CO detectors', '2026-11-09')] })).reasons[0]
        ?.raise,
    ).toBe('Test smoke and CO detectors, and mark it done');
  });
});

describe('a reason as a line', () => {
  it('leads with the points and a true minus sign', () => {
    const line = healthReasonLine({
      points: -15,
      text: 'Your smoke and CO alarms are 11 years old',
      raise: '',
    });
    expect(line).toBe('\u221215: Your smoke and CO alarms are 11 years old');
    expect(line.codePointAt(0)).toBe(0x2212);
    expect(
      healthReasonLine({ points: 0, text: 'Check fire extinguishers is 10 days overdue', raise: '' }),
    ).toBe('0: Check fire extinguishers is 10 days overdue');
  });
});

describe('the bands', () => {
  it.each([
    [100, 'good'],
    [80, 'good'],
    [79, 'fair'],
    [60, 'fair'],
    [59, 'poor'],
    [0, 'poor'],
  ] as const)('put %i in %s', (score, band) => {
    expect(healthBandOf(score)).toBe(band);
  });

  it('have plain labels, highest first', () => {
    expect(healthBands.map((band) => `${band.label} from ${band.from}`)).toEqual([
      'Good from 80',
      'Needs care from 60',
      'At risk from 0',
    ]);
  });
});
