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

import {
  type HomeSystemDetailName,
  homeSystemDetailNames,
  homeSystemDetail,
  homeSystemKinds,
  type HomeSystemKind,
  homeSystemKindNames,
  homeSystemKind,
  detailsOf,
  homeSystemLimits,
  homeSystemMessages,
} from '../home-system-kinds';

export * from '../home-system-kinds';

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
