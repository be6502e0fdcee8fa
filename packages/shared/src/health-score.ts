/**
 * A home's health score (docs/decisions/095): 100 less what overdue tasks, worn systems and a long
 * time without care take away, each deduction a reason the homeowner reads with what would win the
 * points back. A pure function of its input, so the score kept per home is the score shown.
 */
import type { HomeSystemKind, HomeSystemValues } from './contracts/home-systems';
import { formatCount } from './format';
import { lifespanOf, systemNameOf, wearOutOf } from './lifespans';

export interface HealthInput {
  /** The day it is scored, midnight UTC of the corporation's local date. */
  today: Date;
  /**
   * Tasks whose last reminder went out and were not marked done within a week: name, catalogue
   * category ('Safety' weighs most), and the local date it fell due 'YYYY-MM-DD'.
   */
  overdue: readonly { task: string; category: string; dueOn: string }[];
  /** The home's systems (kind, type, installedYear, installedMonth). */
  systems: readonly Pick<HomeSystemValues, 'kind' | 'type' | 'installedYear' | 'installedMonth'>[];
  /** The last day any care was recorded (a Done or a record entry), 'YYYY-MM-DD', or null. */
  lastCareOn: string | null;
  /**
   * The day the home joined (its property's creation date), 'YYYY-MM-DD': a new home is not
   * faulted for no care yet.
   */
  since: string;
}

/** One deduction, never a bare number: what it is and what would win it back. */
export interface HealthReason {
  /** Negative, or 0 for an item listed beyond its group's cap. */
  points: number;
  /** Plain words for a homeowner or realtor: "Your water heater is 13 years old, past its typical life". */
  text: string;
  /** What to do: "Replace the water heater". */
  raise: string;
}

export type HealthBand = 'good' | 'fair' | 'poor';

export interface HealthScore {
  /** 0 to 100, whole. */
  score: number;
  band: HealthBand;
  /** Largest deduction first, so the first says what would raise the score most. */
  reasons: HealthReason[];
}

/** The bands, highest first: a score is in the first band it reaches. */
export const healthBands: readonly { band: HealthBand; label: string; from: number }[] = [
  { band: 'good', label: 'Good', from: 80 },
  { band: 'fair', label: 'Needs care', from: 60 },
  { band: 'poor', label: 'At risk', from: 0 },
];

/** "Good", "Needs care", "At risk". */
export const healthBandLabel = (band: HealthBand) => healthBands.find((one) => one.band === band)!.label;

/** Points taken per item, and the most a group can take, so no one kind of neglect sinks a home. */
const weights = {
  safetyTask: 15,
  safetyTasksCap: 45,
  otherTask: 5,
  otherTasksCap: 25,
  system: { near: { safety: 8, other: 5 }, past: { safety: 15, other: 10 } },
  systemsCap: 30,
  noCareOverYear: 10,
  noCareOverTwoYears: 20,
} as const;

/** Kinds whose wear puts people at risk rather than costing money. */
const safetyKinds: ReadonlySet<HomeSystemKind> = new Set(['smokeAlarms']);
/** Kinds named in the plural ("smoke and CO alarms are"). */
const pluralKinds: ReadonlySet<HomeSystemKind> = new Set(['smokeAlarms', 'solar']);

const dayMs = 86_400_000;

/** Text in code-unit order, the same on every machine whatever its locale. */
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Whole days from a local date to the scoring day. */
function daysSince(day: string, today: Date): number {
  return Math.floor((today.getTime() - Date.parse(`${day}T00:00:00.000Z`)) / dayMs);
}

/** Whole calendar months from a local date to the scoring day: a month is done on its day of the month. */
function monthsSince(day: string, today: Date): number {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  const months = (today.getUTCFullYear() - year) * 12 + today.getUTCMonth() + 1 - month;
  return months - (today.getUTCDate() < date ? 1 : 0);
}

/** How late a task is, in the unit people would use: days, then weeks, then months. */
function lateness(dueOn: string, today: Date): string {
  const days = Math.max(1, daysSince(dueOn, today));
  if (days < 14) return formatCount(days, 'day');
  if (days < 63) return formatCount(Math.floor(days / 7), 'week');
  return formatCount(monthsSince(dueOn, today), 'month');
}

interface Deduction {
  points: number;
  text: string;
  raise: string;
}

/**
 * A group's deductions in order, the later ones cut so the group takes no more than its cap: each
 * is still listed, even at 0, so nothing is hidden and the points add up.
 */
function capped(items: readonly Deduction[], cap: number): HealthReason[] {
  let left = cap;
  return items.map((item) => {
    const points = Math.min(item.points, left);
    left -= points;
    return { points: points === 0 ? 0 : -points, text: item.text, raise: item.raise };
  });
}

function taskDeductions(input: HealthInput, safety: boolean): Deduction[] {
  return input.overdue
    .filter((task) => (task.category.trim().toLowerCase() === 'safety') === safety)
    .sort((a, b) => byText(a.dueOn, b.dueOn) || byText(a.task, b.task))
    .map((task) => ({
      points: safety ? weights.safetyTask : weights.otherTask,
      text: `${task.task} is ${lateness(task.dueOn, input.today)} overdue`,
      raise: `${task.task}, and mark it done`,
    }));
}

function systemDeductions(input: HealthInput): Deduction[] {
  return input.systems
    .flatMap((system) => {
      const wear = wearOutOf(system, input.today, 'Your');
      if (!wear) return [];
      const plural = pluralKinds.has(system.kind);
      const name = plural ? (lifespanOf(system)?.plural ?? systemNameOf(system)) : systemNameOf(system);
      const [is, its] = plural ? ['are', 'their'] : ['is', 'its'];
      const past = wear.stage === 'past';
      const points = weights.system[wear.stage][safetyKinds.has(system.kind) ? 'safety' : 'other'];
      const where = past ? `past ${its} typical life` : `near the end of ${its} typical life`;
      return [
        {
          points,
          age: wear.age,
          text: `Your ${name} ${is} ${wear.age} years old, ${where}`,
          raise: past ? `Replace the ${name}` : `Have the ${name} checked, and plan ${its} replacement`,
        },
      ];
    })
    .sort((a, b) => b.points - a.points || b.age - a.age || byText(a.text, b.text))
    .map(({ points, text, raise }) => ({ points, text, raise }));
}

function careReasons(input: HealthInput): HealthReason[] {
  const months = monthsSince(input.lastCareOn ?? input.since, input.today);
  if (months <= 12) return [];
  const points = months > 24 ? weights.noCareOverTwoYears : weights.noCareOverYear;
  const text =
    input.lastCareOn === null
      ? `No care recorded since the home joined ${formatCount(months, 'month')} ago`
      : `No care recorded in ${formatCount(months, 'month')}`;
  return [{ points: -points, text, raise: 'Record the care the home has had, or do a task from its plan' }];
}

/**
 * The home's score, its band and every reason for it: the reasons' points add up to the score less
 * 100, unless it stops at 0.
 */
export function healthScoreOf(input: HealthInput): HealthScore {
  const reasons = [
    ...capped(taskDeductions(input, true), weights.safetyTasksCap),
    ...capped(systemDeductions(input), weights.systemsCap),
    ...careReasons(input),
    ...capped(taskDeductions(input, false), weights.otherTasksCap),
  ].sort((a, b) => a.points - b.points);
  const score = Math.max(0, 100 + reasons.reduce((sum, reason) => sum + reason.points, 0));
  return { score, band: healthBandOf(score), reasons };
}

/** A reason as one line, "−15: Your smoke and CO alarms are 11 years old", with a true minus sign. */
export function healthReasonLine(reason: HealthReason): string {
  return `${reason.points < 0 ? `\u2212${-reason.points}` : '0'}: ${reason.text}`;
}

/** The band a score falls in. */
export function healthBandOf(score: number): HealthBand {
  return (healthBands.find((band) => score >= band.from) ?? healthBands[healthBands.length - 1]!).band;
}
