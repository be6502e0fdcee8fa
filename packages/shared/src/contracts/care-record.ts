/**
 * A home's care record (docs/decisions/094): what was done to the home, when, by whom and for how
 * much, with its photos and receipts. A reminder's "Done" is an entry (from an email, My home or
 * staff) and the homeowner or staff may record work that was not on the plan. Every field, limit
 * and message is described here once; forms, validation and the API document derive from it.
 */
import { z } from '../zod';
import { imageMessages, imageUpload } from './admin-fields';
import { messages } from '../validation/messages';
import { phoneDigits } from '../validation/rules';
import { careDoerNames, careDoerOf, careDoers, careRecordLimits, type CareDoer } from '../care-record-words';
import { uploadMessages } from './upload-messages';

export * from '../care-record-words';

export const careRecordMessages = {
  titleRequired: 'Say what was done, for example "Replaced the water heater".',
  titleTooLong: `What was done can be at most ${careRecordLimits.title} characters.`,
  doneOnInvalid: 'Give the date the work was done.',
  doneOnInFuture: 'The date done cannot be in the future.',
  doneOnTooOld: `The date done must be in ${careRecordLimits.firstYear} or later.`,
  doerUnknown: 'Choose who did the work.',
  proNameTooLong: `The professional's name can be at most ${careRecordLimits.proName} characters.`,
  proPhoneInvalid: messages.phoneInvalid,
  proOnly: 'A name and phone are only kept for work done by a professional.',
  costInvalid: `The cost must be an amount in dollars from 0 to ${careRecordLimits.maxCost.toLocaleString('en-US')}, such as 185 or 185.50.`,
  noteTooLong: `A note can be at most ${careRecordLimits.note} characters.`,
  systemNotFound: 'That system or appliance is not listed for this home.',
  replacesWithoutSystem: 'Choose the system or appliance the work replaced.',
  tooMany: `A home's record can hold at most ${careRecordLimits.perHome.toLocaleString('en-US')} entries.`,
  notFound: 'That entry of the care record was not found.',
  fromReminder: 'An entry of a reminder marked done stays in the record; change its details instead.',
  recorded: 'Saved to the care record.',
  changed: 'Entry saved.',
  removed: 'Entry removed.',
} as const;

/** A receipt or a photo of the work: an image (re-encoded on the server) or a PDF kept as sent. */
export const careFileUpload = {
  fieldName: 'file',
  maxBytes: 10 * 1024 * 1024,
  imageTypes: imageUpload.types,
  pdfType: 'application/pdf',
  /** The longer side of a photo once re-encoded, in pixels: enough to read a receipt. */
  maxDimension: 2000,
} as const;

export const careFileMessages = {
  ...uploadMessages({ noun: 'file', smaller: 'one', ...careFileUpload }),
  missing: 'No file was sent. Choose a photo or a PDF.',
  wrongType: 'Choose a photo (PNG, JPEG or WebP) or a PDF.',
  unreadable: imageMessages.unreadable,
  tooMany: `An entry can keep at most ${careRecordLimits.filesPerEntry} photos or receipts. Remove one first.`,
  notFound: 'That photo or receipt was not found.',
  saved: 'Photo or receipt saved.',
  removed: 'Photo or receipt removed.',
} as const;

/** Text the person may leave empty: trimmed, and null when nothing is left. */
const optionalText = (max: number, message: string) =>
  z.preprocess(
    (value) => (typeof value === 'string' ? value.trim() || null : (value ?? null)),
    z.string({ error: message }).max(max, { error: message }).nullable(),
  );

/** Dollars as people write them ("$1,250.50", 185) to a number of dollars, or null when left empty. */
export function parseCost(value: unknown): number | null | undefined {
  if (value === undefined || value === null) return null;
  if (typeof value === 'number') return value;
  if (typeof value !== 'string') return undefined;
  const text = value
    .trim()
    .replace(/^\$\s*/, '')
    .replace(/,/g, '');
  if (text === '') return null;
  return /^\d+(\.\d{1,2})?$/.test(text) ? Number(text) : undefined;
}

const costSchema = z.preprocess(
  (value) => {
    const cost = parseCost(value);
    return cost === undefined ? Number.NaN : cost;
  },
  z
    .number({ error: careRecordMessages.costInvalid })
    .min(0, { error: careRecordMessages.costInvalid })
    .max(careRecordLimits.maxCost, { error: careRecordMessages.costInvalid })
    // Whole cents: 185.5 is kept, 185.555 is not.
    .refine((cost) => Math.abs(cost * 100 - Math.round(cost * 100)) < 1e-6, {
      error: careRecordMessages.costInvalid,
    })
    .nullable(),
);

const proPhoneSchema = z.preprocess(
  (value) => (typeof value === 'string' ? value.trim() || null : (value ?? null)),
  z
    .string({ error: careRecordMessages.proPhoneInvalid })
    .nullable()
    .refine((phone) => phone === null || phoneDigits(phone) !== undefined, {
      error: careRecordMessages.proPhoneInvalid,
    })
    .transform((phone) => (phone === null ? null : phoneDigits(phone)!)),
);

/**
 * Who did the work and what it cost: what a "Done" may carry, from an email's page, My home or
 * staff. Each may be left out: the work was then the homeowner's and its cost is not known.
 */
export const careDetailsShape = {
  doneBy: z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    z.enum(careDoerNames, { error: careRecordMessages.doerUnknown }).optional(),
  ),
  proName: optionalText(careRecordLimits.proName, careRecordMessages.proNameTooLong).optional(),
  proPhone: proPhoneSchema.optional(),
  cost: costSchema.optional(),
};

/** Who did the work and what it cost, with what was left out filled in. */
export interface CareDetails {
  doneBy: CareDoer;
  proName: string | null;
  proPhone: string | null;
  cost: number | null;
}

/** The care details of a checked request; a name and phone are kept only for a professional. */
export function careDetailsOf(values: {
  doneBy?: CareDoer | undefined;
  proName?: string | null | undefined;
  proPhone?: string | null | undefined;
  cost?: number | null | undefined;
}): CareDetails {
  const pro = values.doneBy === 'pro';
  return {
    doneBy: values.doneBy ?? 'self',
    proName: pro ? (values.proName ?? null) : null,
    proPhone: pro ? (values.proPhone ?? null) : null,
    cost: values.cost ?? null,
  };
}

/** A local date, 'YYYY-MM-DD', that exists. */
const doneOnSchema = z
  .string({ error: careRecordMessages.doneOnInvalid })
  .trim()
  .refine(
    (value) =>
      /^\d{4}-\d{2}-\d{2}$/.test(value) &&
      !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) &&
      new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) === value,
    { error: careRecordMessages.doneOnInvalid },
  )
  .refine((value) => Number(value.slice(0, 4)) >= careRecordLimits.firstYear, {
    error: careRecordMessages.doneOnTooOld,
  });

const careEntryObject = z.object({
  title: z
    .string({ error: careRecordMessages.titleRequired })
    .trim()
    .min(1, { error: careRecordMessages.titleRequired })
    .max(careRecordLimits.title, { error: careRecordMessages.titleTooLong }),
  doneOn: doneOnSchema,
  systemId: z.preprocess(
    (value) => (value === '' || value === undefined ? null : value),
    z.uuid({ error: careRecordMessages.systemNotFound }).nullable(),
  ),
  /** The work put in a new system: its installed month becomes the month the work was done. */
  replacesSystem: z.boolean({ error: messages.invalidValue }).default(false),
  ...careDetailsShape,
  note: optionalText(careRecordLimits.note, careRecordMessages.noteTooLong),
});
type CareEntryObject = z.output<typeof careEntryObject>;

function replacesNeedsSystem(entry: CareEntryObject, ctx: z.RefinementCtx) {
  if (entry.replacesSystem && entry.systemId === null)
    ctx.addIssue({ code: 'custom', path: ['systemId'], message: careRecordMessages.replacesWithoutSystem });
}

/** One entry as a person writes it; the server checks the date against the home's today. */
export const careEntryValuesSchema = careEntryObject.superRefine((entry, ctx) => {
  if (entry.doneBy !== 'pro' && (entry.proName != null || entry.proPhone != null))
    ctx.addIssue({ code: 'custom', path: ['proName'], message: careRecordMessages.proOnly });
  replacesNeedsSystem(entry, ctx);
});
export type CareEntryValues = z.input<typeof careEntryValuesSchema>;

/** The form's version: who did the work follows from a professional's name or phone being given. */
export const careEntryFormSchema = careEntryObject
  .superRefine(replacesNeedsSystem)
  .transform((entry) => ({ ...entry, doneBy: careDoerOf(entry) }));
export type CareEntryInput = z.output<typeof careEntryValuesSchema>;

export const careFileSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** A photo shows in the page; a PDF is saved. */
  isPhoto: z.boolean(),
  uploadedAt: z.string(),
});
export type CareFile = z.infer<typeof careFileSchema>;

export const careEntrySchema = z.object({
  id: z.string(),
  title: z.string(),
  doneOn: z.string(),
  systemId: z.string().nullable(),
  /** The system's name as the home lists it ("Water heater, Tank, gas"), or null. */
  systemTitle: z.string().nullable(),
  doneBy: z.enum(careDoerNames),
  proName: z.string().nullable(),
  proPhone: z.string().nullable(),
  cost: z.number().nullable(),
  note: z.string().nullable(),
  replacesSystem: z.boolean(),
  /** An entry of a reminder marked done: its title and date are the reminder's. */
  fromReminder: z.boolean(),
  files: z.array(careFileSchema),
  createdAt: z.string(),
});
export type CareEntry = z.infer<typeof careEntrySchema>;

/** The paper a home report is laid out on. */
export const homeReportPapers = { letter: 'US Letter', a4: 'A4' } as const;
export type HomeReportPaper = keyof typeof homeReportPapers;
export const homeReportQuerySchema = z.object({
  paper: z
    .enum(Object.keys(homeReportPapers) as [HomeReportPaper, ...HomeReportPaper[]], {
      error: 'Choose the paper: letter or a4.',
    })
    .default('letter'),
});

export const careRecordQuerySchema = z.object({
  systemId: z.uuid({ error: careRecordMessages.systemNotFound }).optional(),
});

/** A home's record, newest first, with what it cost year by year (of the entries listed). */
export const careRecordSchema = z.object({
  items: z.array(careEntrySchema),
  costByYear: z.array(z.object({ year: z.number(), cost: z.number(), entries: z.number() })),
  /** Today in the home's time zone, 'YYYY-MM-DD': the latest date the form accepts. */
  today: z.string(),
});
export type CareRecord = z.infer<typeof careRecordSchema>;

/** What it cost each year, newest year first, of the entries given. */
export function costByYear(items: readonly Pick<CareEntry, 'doneOn' | 'cost'>[]): CareRecord['costByYear'] {
  const years = new Map<number, { cost: number; entries: number }>();
  for (const item of items) {
    const year = Number(item.doneOn.slice(0, 4));
    const total = years.get(year) ?? { cost: 0, entries: 0 };
    // Sums in cents, so that 0.1 + 0.2 is 0.3.
    total.cost += Math.round((item.cost ?? 0) * 100);
    total.entries += 1;
    years.set(year, total);
  }
  return [...years.entries()]
    .sort(([a], [b]) => b - a)
    .map(([year, { cost, entries }]) => ({ year, cost: cost / 100, entries }));
}

/** What the audit log and the Activity say of an entry, field by field. */
export function careEntryFacts(entry: {
  title: string;
  doneOn: string;
  systemTitle: string | null;
  doneBy: CareDoer;
  proName: string | null;
  proPhone: string | null;
  cost: number | null;
  note: string | null;
}): Record<string, string | null> {
  return {
    'What was done': entry.title,
    'Date done': entry.doneOn,
    'System or appliance': entry.systemTitle,
    'Done by': entry.doneBy === 'pro' ? (entry.proName ?? careDoers.pro) : careDoers.self,
    "Professional's phone": entry.proPhone,
    Cost: entry.cost === null ? null : `$${entry.cost.toFixed(2)}`,
    Note: entry.note,
  };
}
