/**
 * A home's columns in the client import and export (docs/decisions/092): year built, kind of home,
 * heating, cooling, water heater year, well and septic. Each is one of the described client fields
 * (client-fields.ts, decision 086), so the upload's fields, template, row rules, column guessing
 * and the export carry it; this file says how its cell is read into the home's profile and systems
 * and written from them, with the profile's and the systems' own rules and words.
 */
import { z } from '../zod';
import type { ClientFieldDescription } from './client-fields';
import type { NewHomeFacts } from './new-home';
import {
  homeProfileField,
  homeProfileFieldRule,
  homeProfileMessages,
  type HomeProfileAnswers,
} from './home-profile';
import { homeSystemInputSchema, homeSystemKind, type HomeSystemValues } from './home-systems';

/** Where a column's value is kept: an answer of the home's profile, or a fact of one of its systems. */
export type HomeColumnSource =
  | { profile: 'yearBuilt' | 'homeKind' }
  /** A yes or no column answering a choice: "Well: yes" is the water supply "well". */
  | { profile: 'waterSupply'; yes: 'well'; no: 'municipal' }
  | { profile: 'sewer'; yes: 'septic'; no: 'municipal' }
  | { system: 'heating' | 'cooling'; fact: 'type' }
  | { system: 'waterHeater'; fact: 'installedYear' };

/** The system kinds the columns name. */
export type HomeColumnSystemKind = Extract<HomeColumnSource, { system: string }>['system'];

/** What a system column tells: its type (null: of the kind, type not known) or its installed year. */
export type HomeColumnSystemFacts = Partial<Pick<HomeSystemValues, 'type' | 'installedYear'>>;

/** A cell as read: a profile answer, a system's facts, or null when the cell is empty (not known). */
export type HomeColumnValue = string | number | HomeColumnSystemFacts | null;

export const homeColumnMessages = {
  choice: (typed: string, answers: readonly string[]) =>
    `"${typed}" is not one of ${answers.join(', ')}. Write one of them, or leave it empty when not known.`,
  yesNo: (typed: string) => `"${typed}" is not yes or no. Leave it empty when not known.`,
};

/** Compared without regard to case, spaces or punctuation: "Single-family house" is "single family house". */
const squash = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');

const yesWords = new Set(['yes', 'y', 'true', '1', 'x']);
const noWords = new Set(['no', 'n', 'false', '0']);

/**
 * The option a cell names: by its words or its key, or, `byStart`, by the start of its words when
 * only one option starts so ("Single family", "Condo"); undefined when none or several do. A
 * system's type is named in full: "Heat" starts "Heat pump" yet may mean any heating.
 */
function optionNamed(
  options: Readonly<Record<string, string>>,
  typed: string,
  byStart: boolean,
): string | undefined {
  const text = squash(typed);
  if (!text) return undefined;
  const entries = Object.entries(options);
  const exact = entries.find(([key, label]) => squash(key) === text || squash(label) === text);
  if (exact) return exact[0];
  if (!byStart || text.length < 4) return undefined;
  const starting = entries.filter(([, label]) => squash(label).startsWith(text));
  return starting.length === 1 ? starting[0]![0] : undefined;
}

type Reading = { value: Exclude<HomeColumnValue, null> } | { error: string };

/** The first message of a rule's verdict, or the value it read. */
function checked<T extends Exclude<HomeColumnValue, null>>(
  rule: z.ZodType,
  value: unknown,
  read: T,
): Reading {
  const result = rule.safeParse(value);
  return result.success ? { value: read } : { error: result.error.issues[0]!.message };
}

/** A whole number as typed ("1994", " 1994.0 "); NaN for anything else, which the rules refuse. */
const numberOf = (typed: string) => (/^\s*\d+(\.0*)?\s*$/.test(typed) ? Number(typed) : Number.NaN);

function readCell(source: HomeColumnSource, typed: string): Reading {
  if ('profile' in source) {
    const field = homeProfileField(source.profile);
    if ('yes' in source) {
      const word = typed.trim().toLowerCase();
      if (yesWords.has(word)) return { value: source.yes };
      if (noWords.has(word)) return { value: source.no };
      return { error: homeColumnMessages.yesNo(typed.trim()) };
    }
    if (field.input === 'number') {
      const year = numberOf(typed);
      return checked(homeProfileFieldRule(source.profile), year, year);
    }
    if (field.input === 'choice') {
      const option = optionNamed(field.options, typed, true);
      return option
        ? { value: option }
        : { error: homeColumnMessages.choice(typed.trim(), Object.values(field.options)) };
    }
    return { error: homeProfileMessages.yesNo(field.label) };
  }
  const kind = homeSystemKind(source.system);
  if (source.fact === 'installedYear') {
    const year = numberOf(typed);
    // The systems' own rule, so the message is the one the systems' form gives.
    return checked(
      homeSystemInputSchema,
      { kind: source.system, installedYear: year },
      { installedYear: year },
    );
  }
  // The kind's own name ("Heating") is a system of that kind whose type is not known.
  if (squash(typed) === squash(kind.label)) return { value: { type: null } };
  const type = optionNamed(kind.types ?? {}, typed, false);
  return type
    ? { value: { type } }
    : { error: homeColumnMessages.choice(typed.trim(), Object.values(kind.types ?? {})) };
}

/** The rule of a home column's cell: an empty cell is not known (null), else read leniently or refused. */
function cellRule(source: HomeColumnSource) {
  return z
    .string()
    .optional()
    .transform((typed, context): HomeColumnValue => {
      if (typed === undefined || typed.trim() === '') return null;
      const reading = readCell(source, typed);
      if ('value' in reading) return reading.value;
      context.addIssue({ code: 'custom', message: reading.error });
      return z.NEVER;
    });
}

function homeColumn<const Source extends HomeColumnSource>(
  label: string,
  home: Source,
  example: string,
  columnNames: readonly string[],
) {
  return {
    label,
    of: 'home',
    required: false,
    rule: cellRule(home),
    example,
    home,
    columnNames,
  } as const satisfies ClientFieldDescription;
}

/**
 * The home's columns, in the template's and the export's order: what changes a home's plan most.
 * Spread into `clientFields`, so they are described fields like the address.
 */
export const homeClientFields = {
  yearBuilt: homeColumn(homeProfileField('yearBuilt').label, { profile: 'yearBuilt' }, '1994', [
    'yearbuilt',
    'built',
    'builtin',
    'yrbuilt',
    'buildyear',
    'yearconstructed',
    'constructionyear',
    'yearofconstruction',
  ]),
  homeKind: homeColumn(homeProfileField('homeKind').label, { profile: 'homeKind' }, 'Single-family house', [
    'kindofhome',
    'homekind',
    'hometype',
    'typeofhome',
    'dwellingtype',
    'residencetype',
  ]),
  heating: homeColumn(homeSystemKind('heating').label, { system: 'heating', fact: 'type' }, 'Gas furnace', [
    'heating',
    'heat',
    'heatingtype',
    'heatingsystem',
    'heatsource',
    'heattype',
  ]),
  cooling: homeColumn(homeSystemKind('cooling').label, { system: 'cooling', fact: 'type' }, 'Central air', [
    'cooling',
    'coolingtype',
    'coolingsystem',
    'airconditioning',
    'ac',
  ]),
  waterHeaterYear: homeColumn('Water heater year', { system: 'waterHeater', fact: 'installedYear' }, '2015', [
    'waterheateryear',
    'waterheaterinstalled',
    'waterheateryearinstalled',
    'yearwaterheaterinstalled',
  ]),
  well: homeColumn('Well', { profile: 'waterSupply', yes: 'well', no: 'municipal' }, 'No', [
    'well',
    'privatewell',
    'wellwater',
  ]),
  septic: homeColumn('Septic', { profile: 'sewer', yes: 'septic', no: 'municipal' }, 'Yes', [
    'septic',
    'septicsystem',
    'septictank',
  ]),
} as const;

export type HomeColumnName = keyof typeof homeClientFields;
export const homeColumnNames = Object.keys(homeClientFields) as HomeColumnName[];

/** True for the name of a home column (an export column, say). */
export function isHomeColumnName(name: string): name is HomeColumnName {
  return Object.hasOwn(homeClientFields, name);
}

/** A row's home columns, as read by their rules, as the home's facts; null when it tells nothing. */
export function newHomeOf(row: Readonly<Record<HomeColumnName, HomeColumnValue>>): NewHomeFacts | null {
  const facts: NewHomeFacts = { profile: {}, systems: [] };
  for (const name of homeColumnNames) {
    const value = row[name];
    if (value === null || value === undefined) continue;
    const source: HomeColumnSource = homeClientFields[name].home;
    if ('profile' in source) {
      Object.assign(facts.profile, { [source.profile]: value });
      continue;
    }
    const system = facts.systems.find((one) => one.kind === source.system);
    if (system) Object.assign(system, value);
    else facts.systems.push({ kind: source.system, ...(value as HomeColumnSystemFacts) });
  }
  return Object.keys(facts.profile).length > 0 || facts.systems.length > 0 ? facts : null;
}

/** A home as the export reads it: its profile's answers (none before any) and its systems. */
export interface HomeForColumns {
  answers: Partial<HomeProfileAnswers> | null;
  systems: ReadonlyArray<Pick<HomeSystemValues, 'kind' | 'type' | 'installedYear'>>;
}

/** A home column's cell as the export writes it, in the words its rule reads back; '' when not known. */
export function homeColumnText(name: HomeColumnName, home: HomeForColumns | undefined): string {
  const source: HomeColumnSource = homeClientFields[name].home;
  if ('profile' in source) {
    const answer = home?.answers?.[source.profile] ?? null;
    if ('yes' in source)
      return answer === source.yes
        ? homeProfileMessages.yes
        : answer === source.no
          ? homeProfileMessages.no
          : '';
    if (answer === null) return '';
    const field = homeProfileField(source.profile);
    return field.input === 'choice' ? (field.options[String(answer)] ?? '') : String(answer);
  }
  // The first of the kind, the one an import changes.
  const system = home?.systems.find((one) => one.kind === source.system);
  if (!system) return '';
  if (source.fact === 'installedYear')
    return system.installedYear === null ? '' : String(system.installedYear);
  const kind = homeSystemKind(source.system);
  return system.type ? (kind.types?.[system.type] ?? kind.label) : kind.label;
}

/** What a home column's cell takes, in a line under its box where a row is edited. */
export function homeColumnHint(name: HomeColumnName): string {
  const source: HomeColumnSource = homeClientFields[name].home;
  const empty = 'or leave it empty when not known.';
  if ('yes' in source) return `Yes or no, ${empty}`;
  if ('profile' in source) {
    const field = homeProfileField(source.profile);
    if (field.input === 'choice') return `One of ${Object.values(field.options).join(', ')}; ${empty}`;
    return `A year, such as ${homeClientFields[name].example}, ${empty}`;
  }
  if (source.fact === 'installedYear') return `The year it was installed, ${empty}`;
  return `One of ${Object.values(homeSystemKind(source.system).types ?? {}).join(', ')}; ${empty}`;
}
