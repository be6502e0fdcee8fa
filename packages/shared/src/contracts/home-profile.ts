/**
 * A home's profile (docs/decisions/088): what kind of home it is and what it has, each field
 * described once. Every answer may be left as "not sure" (null): people tell what they know, and
 * the form, the staff's view, the validation and the API document are derived from this list.
 */
import { z } from '../zod';

interface ChoiceField {
  input: 'choice';
  options: Readonly<Record<string, string>>;
}
interface YesNoField {
  input: 'yesNo';
}
interface NumberField {
  input: 'number';
  min: number;
  /** The largest value, asked at the moment it is checked (a year built may be next year). */
  max: () => number;
  unit?: string;
}

type HomeProfileFieldDescription = {
  /** On the staff's view and in messages. */
  label: string;
  /** The homeowner's guided form asks it so. */
  question: string;
  /** A line under the question, where it helps. */
  hint?: string;
} & (ChoiceField | YesNoField | NumberField);

const nextYear = () => new Date().getUTCFullYear() + 1;

export const homeProfileFields = {
  homeKind: {
    label: 'Kind of home',
    question: 'What kind of home is it?',
    input: 'choice',
    options: {
      singleFamily: 'Single-family house',
      townhouse: 'Townhouse',
      condo: 'Condo or apartment',
      multiFamily: 'Multi-family (2 to 4 units)',
      manufactured: 'Manufactured or mobile home',
    },
  },
  yearBuilt: {
    label: 'Year built',
    question: 'What year was it built?',
    hint: 'A guess to the decade is fine.',
    input: 'number',
    min: 1700,
    max: nextYear,
  },
  floorArea: {
    label: 'Floor area',
    question: 'About how big is it inside?',
    input: 'number',
    min: 100,
    max: () => 50_000,
    unit: 'sq ft',
  },
  stories: {
    label: 'Stories',
    question: 'How many stories above ground?',
    input: 'number',
    min: 1,
    max: () => 10,
  },
  foundation: {
    label: 'Under the main floor',
    question: 'What is under the main floor?',
    input: 'choice',
    options: { basement: 'A basement', crawlspace: 'A crawlspace', slab: 'A concrete slab' },
  },
  attic: { label: 'Attic', question: 'Is there an attic?', input: 'yesNo' },
  garage: { label: 'Garage', question: 'Is there a garage?', input: 'yesNo' },
  lawn: { label: 'Lawn', question: 'Is there a lawn to look after?', input: 'yesNo' },
  irrigation: {
    label: 'Irrigation',
    question: 'Is there a sprinkler system?',
    hint: 'Lawn or garden irrigation that needs winterizing where it freezes.',
    input: 'yesNo',
  },
  pool: { label: 'Pool or spa', question: 'Is there a pool or a spa?', input: 'yesNo' },
  waterSupply: {
    label: 'Water supply',
    question: 'Where does the water come from?',
    input: 'choice',
    options: { municipal: 'City or town water', well: 'A private well' },
  },
  sewer: {
    label: 'Sewer',
    question: 'Where does the waste water go?',
    input: 'choice',
    options: { municipal: 'City or town sewer', septic: 'A septic system' },
  },
} as const satisfies Record<string, HomeProfileFieldDescription>;

export type HomeProfileFieldName = keyof typeof homeProfileFields;
export const homeProfileFieldNames = Object.keys(homeProfileFields) as HomeProfileFieldName[];

/** A field's description, as the common type (for code that handles every kind of field). */
export function homeProfileField(name: HomeProfileFieldName): HomeProfileFieldDescription {
  return homeProfileFields[name];
}

/** The guided form's steps, a few questions each, so a phone shows one screen at a time. */
export const homeProfileSteps = [
  { title: 'The house', fields: ['homeKind', 'yearBuilt', 'floorArea', 'stories'] },
  { title: 'Inside', fields: ['foundation', 'attic', 'garage'] },
  { title: 'Outside', fields: ['lawn', 'irrigation', 'pool'] },
  { title: 'Water and sewer', fields: ['waterSupply', 'sewer'] },
] as const satisfies readonly { title: string; fields: readonly HomeProfileFieldName[] }[];

export const homeProfileMessages = {
  /** `min` and `max` as the answers write them (`homeProfileNumberText`). */
  numberRange: (label: string, min: string, max: string) =>
    `${label} must be a whole number from ${min} to ${max}.`,
  choice: (label: string) => `Choose one of the answers for ${label.toLowerCase()}, or "Not sure".`,
  yesNo: (label: string) => `Answer yes, no or "Not sure" for ${label.toLowerCase()}.`,
  homeNotFound: 'That home was not found.',
  saved: 'Your answers are saved.',
  notSure: 'Not sure',
  yes: 'Yes',
  no: 'No',
};

type ValueOf<Field> = Field extends { input: 'choice'; options: infer Options }
  ? keyof Options & string
  : Field extends { input: 'yesNo' }
    ? boolean
    : number;

/** A profile's answers: null where the person is not sure. */
export type HomeProfileAnswers = {
  [Name in HomeProfileFieldName]: ValueOf<(typeof homeProfileFields)[Name]> | null;
};

/** A number as the field's answers and messages write it: a measure in thousands, a year as it is. */
export function homeProfileNumberText(field: NumberField, value: number): string {
  return field.unit ? value.toLocaleString('en-US') : String(value);
}

function rangeMessage(label: string, field: NumberField): string {
  return homeProfileMessages.numberRange(
    label,
    homeProfileNumberText(field, field.min),
    homeProfileNumberText(field, field.max()),
  );
}

/** A field's rule on its own, as the form and the client import check an answer. */
export function homeProfileFieldRule(name: HomeProfileFieldName): z.ZodType {
  const field = homeProfileField(name);
  switch (field.input) {
    case 'choice': {
      const values = Object.keys(field.options) as [string, ...string[]];
      return z.enum(values, { error: homeProfileMessages.choice(field.label) });
    }
    case 'yesNo':
      return z.boolean({ error: homeProfileMessages.yesNo(field.label) });
    case 'number':
      return z.number({ error: () => rangeMessage(field.label, field) }).superRefine((value, context) => {
        if (!Number.isInteger(value) || value < field.min || value > field.max())
          context.addIssue({ code: 'custom', message: rangeMessage(field.label, field) });
      });
  }
}

/** The answers a form sends: each may be left out or null ("not sure"). */
export const homeProfileSchema = z.object(
  Object.fromEntries(
    homeProfileFieldNames.map((name) => [
      name,
      homeProfileFieldRule(name)
        .nullish()
        .transform((value) => value ?? null)
        .meta({ description: homeProfileField(name).label }),
    ]),
  ),
) as unknown as z.ZodType<HomeProfileAnswers, Partial<HomeProfileAnswers>>;
export type HomeProfileInput = Partial<HomeProfileAnswers>;

/** A home's kept profile: its answers and when they last changed (null before any). */
export const homeProfileResultSchema = z.object({
  answers: z.object(
    Object.fromEntries(
      homeProfileFieldNames.map((name) => [name, z.union([z.string(), z.number(), z.boolean()]).nullable()]),
    ),
  ) as unknown as z.ZodType<HomeProfileAnswers>,
  updatedAt: z.string().nullable(),
});
export type HomeProfile = z.infer<typeof homeProfileResultSchema>;

/** How many of the profile's questions have an answer: the form's progress and the card's line. */
export function answeredCount(answers: HomeProfileAnswers): number {
  return homeProfileFieldNames.filter((name) => answers[name] !== null).length;
}

/** An answer in words, as the staff's view, the homeowner's summary and the audit log write it. */
export function homeProfileValueText(
  name: HomeProfileFieldName,
  value: string | number | boolean | null | undefined,
): string {
  const field = homeProfileField(name);
  if (value === null || value === undefined || value === '') return homeProfileMessages.notSure;
  if (field.input === 'choice') return field.options[String(value)] ?? String(value);
  if (typeof value === 'boolean') return value ? homeProfileMessages.yes : homeProfileMessages.no;
  if (field.input === 'number' && typeof value === 'number') {
    const text = homeProfileNumberText(field, value);
    return field.unit ? `${text} ${field.unit}` : text;
  }
  return String(value);
}

/** A profile's answer in words. */
export function homeProfileAnswerText(name: HomeProfileFieldName, answers: HomeProfileAnswers): string {
  return homeProfileValueText(name, answers[name]);
}

/** A profile with no answer yet. */
export const emptyHomeProfile: HomeProfile = {
  answers: Object.fromEntries(homeProfileFieldNames.map((name) => [name, null])) as HomeProfileAnswers,
  updatedAt: null,
};
