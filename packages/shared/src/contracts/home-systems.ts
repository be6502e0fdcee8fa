/**
 * A home's systems and appliances (docs/decisions/089): its furnace, water heater, roof and the
 * rest, each with what people know of it and nothing forced. Every kind and every detail is
 * described once here; the forms, the staff's view, the validation, the audit log's words and the
 * API document derive from these lists.
 */
import { z } from '../zod';
import { dayDateSchema } from './admin-fields';
import { homeSystemFilesSchema } from './home-system-files';
import { messages } from '../validation/messages';

interface TextDetail {
  input: 'text';
  /** What a valid answer looks like, and the message when it does not. */
  pattern: RegExp;
  message: string;
  placeholder: string;
}
interface NumberDetail {
  input: 'number';
  min: number;
  max: number;
  unit: string;
}
interface YesNoDetail {
  input: 'yesNo';
}
interface ChoiceDetail {
  input: 'choice';
  options: Readonly<Record<string, string>>;
}
type HomeSystemDetailDescription = { label: string; hint?: string } & (
  TextDetail | NumberDetail | YesNoDetail | ChoiceDetail
);

/** The details a task may need, each kept in a column of its own. */
export const homeSystemDetails = {
  filterSize: {
    label: 'Filter size',
    hint: 'Printed on the edge of the filter, in inches.',
    input: 'text',
    pattern: /^\d{1,2}(\.\d{1,2})?\s*[x×]\s*\d{1,2}(\.\d{1,2})?\s*[x×]\s*\d{1,2}(\.\d{1,2})?$/i,
    message: 'Write the filter size as width x height x depth in inches, such as 16x25x1.',
    placeholder: '16x25x1',
  },
  capacity: { label: 'Capacity', input: 'number', min: 1, max: 500, unit: 'gallons' },
  waterFilter: { label: 'Water filter', hint: 'A filter for the water and ice dispenser.', input: 'yesNo' },
  fuel: {
    label: 'Fuel',
    input: 'choice',
    options: { naturalGas: 'Natural gas', propane: 'Propane', diesel: 'Diesel', gasoline: 'Gasoline' },
  },
} as const satisfies Record<string, HomeSystemDetailDescription>;

export type HomeSystemDetailName = keyof typeof homeSystemDetails;
export const homeSystemDetailNames = Object.keys(homeSystemDetails) as HomeSystemDetailName[];

export function homeSystemDetail(name: HomeSystemDetailName): HomeSystemDetailDescription {
  return homeSystemDetails[name];
}

interface HomeSystemKindDescription {
  label: string;
  /** What its types are called ("Material" for a roof); "Type" when left out. */
  typeLabel?: string;
  types?: Readonly<Record<string, string>>;
  details?: readonly HomeSystemDetailName[];
}

/** Every kind of system or appliance a home may list, in the order the form offers them. */
export const homeSystemKinds = {
  heating: {
    label: 'Heating',
    types: {
      gasFurnace: 'Gas furnace',
      electricFurnace: 'Electric furnace',
      heatPump: 'Heat pump',
      boiler: 'Boiler',
    },
    details: ['filterSize'],
  },
  cooling: {
    label: 'Cooling',
    types: { centralAir: 'Central air', heatPump: 'Heat pump', miniSplit: 'Ductless mini-split' },
    details: ['filterSize'],
  },
  waterHeater: {
    label: 'Water heater',
    types: {
      tankGas: 'Tank, gas',
      tankElectric: 'Tank, electric',
      tankless: 'Tankless',
      heatPump: 'Heat pump',
    },
    details: ['capacity'],
  },
  roof: {
    label: 'Roof',
    typeLabel: 'Material',
    types: {
      asphaltShingle: 'Asphalt shingles',
      metal: 'Metal',
      tile: 'Clay or concrete tile',
      slate: 'Slate',
      woodShake: 'Wood shakes',
      flat: 'Flat (membrane or built-up)',
    },
  },
  smokeAlarms: {
    label: 'Smoke and CO alarms',
    types: { battery: 'Battery-powered', hardwired: 'Hardwired, with battery backup' },
  },
  chimney: { label: 'Chimney or fireplace', types: { wood: 'Wood-burning', gas: 'Gas' } },
  sumpPump: { label: 'Sump pump' },
  waterSoftener: { label: 'Water softener' },
  garageDoorOpener: { label: 'Garage door opener' },
  refrigerator: { label: 'Refrigerator', details: ['waterFilter'] },
  dishwasher: { label: 'Dishwasher' },
  washer: { label: 'Washing machine' },
  dryer: { label: 'Dryer', types: { electric: 'Electric', gas: 'Gas' } },
  rangeHood: { label: 'Range hood' },
  generator: {
    label: 'Generator',
    types: { standby: 'Standby (fixed)', portable: 'Portable' },
    details: ['fuel'],
  },
  solar: { label: 'Solar panels' },
} as const satisfies Record<string, HomeSystemKindDescription>;

export type HomeSystemKind = keyof typeof homeSystemKinds;
export const homeSystemKindNames = Object.keys(homeSystemKinds) as [HomeSystemKind, ...HomeSystemKind[]];

/** A kind's description, as the common type. */
export function homeSystemKind(kind: HomeSystemKind): HomeSystemKindDescription {
  return homeSystemKinds[kind];
}

/** The details a kind asks for. */
export function detailsOf(kind: HomeSystemKind): readonly HomeSystemDetailName[] {
  return homeSystemKind(kind).details ?? [];
}

export const homeSystemLimits = {
  perHome: 40,
  brand: 60,
  model: 60,
  serial: 60,
  notes: 1000,
  /** The oldest year a system may have been installed in. */
  firstYear: 1900,
} as const;

export const homeSystemMessages = {
  kindUnknown: 'Choose what it is from the list.',
  typeUnknown: (label: string) => `Choose the ${label.toLowerCase()} from the list, or "Not sure".`,
  installedYear: (last: number) =>
    `The year it was installed must be from ${homeSystemLimits.firstYear} to ${last}, or left empty.`,
  installedMonth: 'Choose the month it was installed from the list, or "Not sure".',
  monthWithoutYear: 'Give the year it was installed too, or leave the month as "Not sure".',
  detailNumber: (label: string, min: number, max: number, unit: string) =>
    `${label} must be a whole number of ${unit} from ${min} to ${max}, or left empty.`,
  detailChoice: (label: string) => `Choose the ${label.toLowerCase()} from the list, or "Not sure".`,
  detailYesNo: (label: string) => `Answer yes, no or "Not sure" for ${label.toLowerCase()}.`,
  tooMany: `A home can list at most ${homeSystemLimits.perHome} systems and appliances. Remove one first.`,
  notFound: 'That system or appliance was not found.',
  saved: (title: string) => `${title} saved.`,
  removed: (title: string) => `${title} removed.`,
} as const;

/** Text the person may leave empty: trimmed, and null when nothing is left. */
const optionalText = (max: number) =>
  z.preprocess(
    (value) => (typeof value === 'string' ? value.trim() || null : (value ?? null)),
    z
      .string({ error: messages.invalidValue })
      .max(max, { error: messages.textTooLong(max) })
      .nullable(),
  );

/** A number field left empty (null, '' or absent) is "not sure". */
const emptyToNull = (value: unknown) => (value === '' || value === undefined ? null : value);

function detailRule(name: HomeSystemDetailName): z.ZodType {
  const detail = homeSystemDetail(name);
  switch (detail.input) {
    case 'text':
      return z.preprocess(
        (value) =>
          typeof value === 'string' ? value.trim().replace(/\s*[x×]\s*/gi, 'x') || null : (value ?? null),
        z.string({ error: detail.message }).regex(detail.pattern, { error: detail.message }).nullable(),
      );
    case 'number': {
      const message = homeSystemMessages.detailNumber(detail.label, detail.min, detail.max, detail.unit);
      return z.preprocess(
        emptyToNull,
        z
          .number({ error: message })
          .int({ error: message })
          .min(detail.min, { error: message })
          .max(detail.max, {
            error: message,
          })
          .nullable(),
      );
    }
    case 'yesNo':
      return z.preprocess(
        emptyToNull,
        z.boolean({ error: homeSystemMessages.detailYesNo(detail.label) }).nullable(),
      );
    case 'choice':
      return z.preprocess(
        emptyToNull,
        z
          .enum(Object.keys(detail.options) as [string, ...string[]], {
            error: homeSystemMessages.detailChoice(detail.label),
          })
          .nullable(),
      );
  }
}

const thisYear = () => new Date().getUTCFullYear();

/**
 * A system as a form sends it, to add or change it. Only its kind is needed; a type must be one of
 * its kind's, and details the kind does not ask for are dropped.
 */
export const homeSystemInputSchema = z
  .object({
    kind: z.enum(homeSystemKindNames, { error: homeSystemMessages.kindUnknown }),
    type: z.preprocess(emptyToNull, z.string({ error: messages.invalidValue }).nullable()),
    installedYear: z.preprocess(
      emptyToNull,
      z
        .number({ error: () => homeSystemMessages.installedYear(thisYear()) })
        .superRefine((year, context) => {
          if (!Number.isInteger(year) || year < homeSystemLimits.firstYear || year > thisYear())
            context.addIssue({ code: 'custom', message: homeSystemMessages.installedYear(thisYear()) });
        })
        .nullable(),
    ),
    installedMonth: z.preprocess(
      emptyToNull,
      z
        .number({ error: homeSystemMessages.installedMonth })
        .int({ error: homeSystemMessages.installedMonth })
        .min(1, { error: homeSystemMessages.installedMonth })
        .max(12, { error: homeSystemMessages.installedMonth })
        .nullable(),
    ),
    brand: optionalText(homeSystemLimits.brand),
    model: optionalText(homeSystemLimits.model),
    serial: optionalText(homeSystemLimits.serial),
    ...(Object.fromEntries(homeSystemDetailNames.map((name) => [name, detailRule(name)])) as Record<
      HomeSystemDetailName,
      z.ZodType
    >),
    warrantyEndsOn: z.preprocess(emptyToNull, dayDateSchema.nullable()),
    notes: optionalText(homeSystemLimits.notes),
  })
  .superRefine(
    (system, context) => {
      const kind = homeSystemKind(system.kind);
      if (typeof system.type === 'string' && !Object.hasOwn(kind.types ?? {}, system.type))
        context.addIssue({
          code: 'custom',
          path: ['type'],
          message: homeSystemMessages.typeUnknown(kind.typeLabel ?? `kind of ${kind.label}`),
        });
      if (emptyToNull(system.installedMonth) !== null && emptyToNull(system.installedYear) === null)
        context.addIssue({
          code: 'custom',
          path: ['installedMonth'],
          message: homeSystemMessages.monthWithoutYear,
        });
    },
    {
      // Said beside the other fields' messages, once the kind is one of the list.
      when: ({ value }) =>
        Object.hasOwn(homeSystemKinds, (value as { kind?: unknown } | null)?.kind as string),
    },
  )
  .transform((system) => {
    const asked = new Set<string>(detailsOf(system.kind));
    const details = Object.fromEntries(
      homeSystemDetailNames.map((name) => [name, asked.has(name) ? (system[name] ?? null) : null]),
    );
    return { ...system, ...details } as HomeSystemValues;
  });

/** A system's values as kept: null wherever the person is not sure. */
export interface HomeSystemValues {
  kind: HomeSystemKind;
  type: string | null;
  installedYear: number | null;
  installedMonth: number | null;
  brand: string | null;
  model: string | null;
  serial: string | null;
  filterSize: string | null;
  capacity: number | null;
  waterFilter: boolean | null;
  fuel: string | null;
  /** The warranty's last day, 'YYYY-MM-DD'. */
  warrantyEndsOn: string | null;
  notes: string | null;
}
export type HomeSystemInput = Partial<Omit<HomeSystemValues, 'kind'>> & { kind: HomeSystemKind };

export const homeSystemSchema = z.object({
  id: z.string(),
  kind: z.enum(homeSystemKindNames),
  type: z.string().nullable(),
  installedYear: z.number().nullable(),
  installedMonth: z.number().nullable(),
  brand: z.string().nullable(),
  model: z.string().nullable(),
  serial: z.string().nullable(),
  filterSize: z.string().nullable(),
  capacity: z.number().nullable(),
  waterFilter: z.boolean().nullable(),
  fuel: z.string().nullable(),
  warrantyEndsOn: z.string().nullable(),
  notes: z.string().nullable(),
  updatedAt: z.string(),
  /** Its label photo and manual, when sent (docs/decisions/091). */
  ...homeSystemFilesSchema.shape,
});
export type HomeSystem = z.infer<typeof homeSystemSchema>;

export const homeSystemListSchema = z.object({ items: z.array(homeSystemSchema) });
export type HomeSystemList = z.infer<typeof homeSystemListSchema>;
