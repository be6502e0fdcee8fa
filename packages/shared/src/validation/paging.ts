/**
 * Paging and query arguments (docs/requirements.md §2.4, §5, §7 and §10). Page numbers start at 1.
 * Values may arrive as text (URL parameters, query strings), so numeric text is accepted.
 */
import { z } from '../zod';
import { notificationPaging, numberRangeMaxItems, paging } from '../constants';
import { messages } from './messages';
import { idSchema } from './ids';
import { isMissing } from './predicates';
import { acceptNumericText, fromNumericText, numberSchema, requiredString } from './rules';

/** A page number: a whole number of 1 or more. */
export const pageNumberSchema = acceptNumericText(
  numberSchema(messages.minOne).int({ error: messages.wholeNumber }).min(1, { error: messages.minOne }),
);

/** A page size of 1 to `max`. */
function pageSizeSchema(max: number) {
  return numberSchema(messages.minOne)
    .int({ error: messages.wholeNumber })
    .min(1, { error: messages.minOne })
    .max(max, { error: messages.numberOutOfRange });
}

/** An object argument that must be present (`messages.required` when it is not). */
function requiredObject<Shape extends z.ZodRawShape>(shape: Shape) {
  return z.object(shape, {
    error: (issue) =>
      issue.input === undefined || issue.input === null ? messages.required : messages.invalidValue,
  });
}

/**
 * A grid's page-size choice: 1 to 200, or 'all' (any letter case), which is served as 200 rows.
 * What it takes is a number or a text, so the OpenAPI document shows 'all' as a choice too.
 */
export const pageSizeChoiceSchema = z
  .union([z.number(), z.string()], {
    error: (issue) => (isMissing(issue.input) ? messages.required : messages.minOne),
  })
  .meta({
    anyOf: [
      { type: 'integer', minimum: 1, maximum: paging.maxPageSize },
      {
        type: 'string',
        pattern: '^\\s*[Aa][Ll][Ll]\\s*$',
        description: `every row, served as ${paging.allPageSize}`,
      },
    ],
  })
  .pipe(
    z.preprocess(
      (value) =>
        typeof value === 'string' && value.trim().toLowerCase() === 'all'
          ? paging.allPageSize
          : fromNumericText(value),
      pageSizeSchema(paging.maxPageSize),
    ),
  );

export const sortSchema = z.object({
  propertyName: requiredString,
  dir: z.enum(['asc', 'desc'], { error: messages.sortDirectionInvalid }),
});

/** A grid's paging request; every part may be left out: page 1, 10 rows, no sorting. */
export const pagingRequestSchema = z.object({
  page: pageNumberSchema.default(paging.defaultPage),
  pageSize: pageSizeChoiceSchema.default(paging.defaultPageSize),
  sorting: z.array(sortSchema).default(() => []),
});

/** A page of a log (audit entries, sent mail), newest first: no sorting to choose. */
export const logPageQuerySchema = pagingRequestSchema.pick({ page: true, pageSize: true }).extend({
  /** Only for those who may act across corporations: one corporation's records. */
  tenantId: idSchema.optional(),
});

/** Arguments of the notification list call: page size 1 to 100 and page 1 or more, both required. */
export const notificationPagingSchema = requiredObject({
  pageSize: acceptNumericText(pageSizeSchema(notificationPaging.maxPageSize)),
  page: pageNumberSchema,
});

/** Whole number from text or number; anything else (including NaN and Infinity) gives `fallback`. */
function wholeNumberOr(value: string | number | undefined, fallback: number): number {
  // fromNumericText leaves '' and 'abc' as text (Number('') would be 0), so they fall back.
  const number = fromNumericText(value);
  return typeof number === 'number' && Number.isFinite(number) ? Math.trunc(number) : fallback;
}

/**
 * Paging of the notification route `/sys/notifications/:pageSize?/:page?` (docs/requirements.md §2.4). The route
 * never refuses what is in the address bar; it corrects it: the page defaults to 0 and is then
 * raised to at least 1; the page size defaults to 10 and is held between 1 and 100. Text that is
 * not a number counts as absent.
 */
export function clampNotificationRoutePaging(
  pageSize?: string | number,
  page?: string | number,
): { pageSize: number; page: number } {
  return {
    pageSize: Math.min(
      notificationPaging.maxPageSize,
      Math.max(notificationPaging.minPageSize, wholeNumberOr(pageSize, notificationPaging.defaultPageSize)),
    ),
    page: Math.max(notificationPaging.defaultPage, wholeNumberOr(page, 0)),
  };
}

/**
 * Arguments of the reminder subscription query: page size (1 to 200) and page of 1 or more, and a
 * days filter that is any number but 0 (negative looks back, positive ahead).
 */
export const reminderSubscriptionQuerySchema = requiredObject({
  pageSize: acceptNumericText(pageSizeSchema(paging.maxPageSize)),
  page: pageNumberSchema,
  daysFilter: acceptNumericText(
    numberSchema(messages.nonZero).refine((days) => days !== 0, { error: messages.nonZero }),
  ),
});

/**
 * The numbers from `start` to `end`, both included, `step` apart: numberRange(1, 5) is [1, 2, 3, 4, 5],
 * numberRange(10, 0, -5) is [10, 5, 0]. A step pointing away from `end` gives an empty list.
 * @throws RangeError for a step of 0, a value that is not finite, or more than 1000 items
 *   (constants.numberRangeMaxItems), so a slip such as a year range of 0..2026 fails loudly.
 */
export function numberRange(start: number, end: number, step = 1): number[] {
  if (![start, end, step].every(Number.isFinite) || step === 0) {
    throw new RangeError('numberRange needs finite numbers and a step other than 0');
  }
  // A tiny epsilon so that e.g. numberRange(0, 1, 0.1) includes 1 despite floating-point error.
  const count = Math.max(0, Math.floor((end - start) / step + 1e-9) + 1);
  if (count > numberRangeMaxItems) {
    throw new RangeError(`numberRange would give ${count} items; at most ${numberRangeMaxItems} are allowed`);
  }
  // start + i * step rather than repeated addition, so errors do not add up along the range.
  return Array.from({ length: count }, (_, index) => start + index * step);
}

/** A page of a grid: its rows and how many there are in all. */
export function pagedResultSchema<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), totalItemCount: z.number() });
}
export interface PagedResult<T> {
  items: T[];
  totalItemCount: number;
}
