/**
 * Contracts of the bulk upload (docs/requirements.md §13, the calls of §8.2 "Bulk", the bulk item and process
 * result of §5): a queued row is the text of one spreadsheet line, kept as it was typed so the person can see
 * and fix it; the shared field rules validate it, on the server, into its `validationError`.
 */
import { z } from '../zod';
import { bulkPaging } from '../constants';
import { formatCount, plural } from '../format';
import { idSchema, tenantIdSchema } from '../validation/ids';
import { messages } from '../validation/messages';
import { pagedResultSchema } from '../validation/paging';
import { emailSchema, isBlank, fiveDigitZip } from '../validation/rules';
import {
  clientFieldNames,
  clientFieldRules,
  clientFields,
  perClientField,
  type ClientFieldName,
} from './client-fields';
import { fieldPer, pagePositionShape } from './shapes';

/**
 * The fields a spreadsheet column can be mapped to, in the template's order: every described
 * client field, then the client's realtor and reminders, which the server looks up by name.
 */
export type BulkField = ClientFieldName | 'realtorEmail' | 'reminders';
export const bulkFields: readonly BulkField[] = [...clientFieldNames, 'realtorEmail', 'reminders'];

export const bulkFieldLabels: Record<BulkField, string> = {
  ...perClientField((field) => field.label),
  realtorEmail: 'Realtor',
  reminders: 'Reminders',
};

/** Fields every row must have a column for. */
export const requiredBulkFields: readonly BulkField[] = clientFieldNames.filter(
  (name) => clientFields[name].required,
);

/** A realtor's name or email as an agent cell is matched: any case, runs of spaces as one. */
export const realtorMatchKey = (text: string) => text.trim().toLowerCase().replace(/\s+/g, ' ');

/** Separates reminders in the Reminders cell; a frequency may follow a colon: "Replace HVAC filter: Monthly". */
export const bulkReminderSeparator = ';';

/** Longest text kept per cell: longer cells are a mapping mistake, not a client's data. */
export const bulkCellMaxLength = 500;

/** The most rows one `POST api/bulk/{tenant}` may carry; the browser sends bigger files in chunks. */
export const bulkChunkMaxRows = 1000;

/** The most rows one corporation's queue may hold at once. */
export const bulkQueueMaxRows = 20_000;

export const bulkMessages = {
  /** Shown while required columns have none chosen: the rows cannot be queued yet. */
  columnsMissing: (labels: readonly string[]) =>
    `Choose a column for ${labels.join(', ')} before adding the rows: every client needs ${labels.length === 1 ? 'it' : 'them'}. A Full name column gives the first and last names.`,
  /** The agent cell names no realtor of the corporation, by full name or email. */
  realtorUnknown: (value: string) =>
    `"${value}" is not a realtor of the company. Choose the realtor, or leave it empty for no realtor.`,
  /** The agent cell's name fits several realtors: only the email tells them apart. */
  realtorAmbiguous: (value: string) =>
    `"${value}" is the name of more than one realtor of the company. Choose the realtor.`,
  /** The per-file realtor is not a realtor of the corporation (or, for a realtor, not themselves). */
  defaultRealtorUnknown: 'The realtor for rows without one is not a realtor of the company.',
  /** Said before processing: the clients these rows make are nobody's (docs/decisions/079). */
  withoutRealtor: (count: number) =>
    `${formatCount(count, 'row')} will have no realtor. Choose a realtor for rows without one, ` +
    'or give them one on the Clients screen once they are created.',
  reminderUnknown: (name: string) => `"${name}" is not a reminder in the catalogue`,
  frequencyUnknown: (name: string) => `"${name}" is not a reminder frequency`,
  reminderTwice: (name: string) => `"${name}" is listed twice`,
  duplicateInQueue: 'Another row above has the same email address',
  emailOfClient: 'A client with this email address already exists in your company',
  itemNotFound: 'The row was not found in the upload queue.',
  queueFull: (max: number) => `The upload queue holds at most ${max} rows. Process or clear it first.`,
  processFailed: 'This row could not be saved. Try processing again; if it keeps failing, edit the row.',
  noLicense: 'Not created: no license is free for this property.',
  busy: 'This upload queue is being processed. Wait for it to finish, then try again.',
  fileEmpty: 'The file is empty. Choose a CSV file with a header row and one client per line.',
  fileWithoutRows: 'The file has no rows under its header row.',
  /** A valid row beyond the corporation's free licenses: processing leaves it queued (or pending, if asked). */
  waitingForLicense: 'Waiting for a license',
  mappingColumnMissing: 'The column mapping names a column the header row does not have.',
  /** A ZIP a spreadsheet program shortened, read with its leading zeros (docs/decisions/083). */
  zipReadAs: (typed: string, read: string) => `ZIP ${typed} read as ${read}`,
  /** Said before adding a file's rows: how many ZIPs get their leading zeros back. */
  zipsRepaired: (count: number) =>
    `${formatCount(count, 'ZIP')} lost ${plural(count, 'its', 'their')} leading 0 in a spreadsheet program ` +
    `and ${plural(count, 'is', 'are')} read with it, since the state's ZIPs start with 0:`,
  /** Said before processing: such clients would get no reminder emails (docs/decisions/052). */
  withoutReminders: (count: number) =>
    `${formatCount(count, 'row')} ready to create ${plural(count, 'has', 'have')} no reminders. ` +
    `${plural(count, 'This client', 'These clients')} would get no reminder emails, yet each property ` +
    'uses a license. Add a Reminders column to the file (for example "Replace HVAC filter: Quarterly"), ' +
    'or choose their reminders on the Clients screen once they are created.',
} as const;

const cell = z
  .string({ error: messages.invalidValue })
  .max(bulkCellMaxLength, { error: messages.textTooLong(bulkCellMaxLength) })
  .optional();

/** One row as uploaded: every field is text, any may be missing (the row is still queued, with its error). */
export const bulkRowDataSchema = z.object(fieldPer(bulkFields, cell));
export type BulkRowData = z.infer<typeof bulkRowDataSchema>;

/** A row's fields under the shared rules of docs/requirements.md §7 (the same as the set-up form's). */
export const bulkRowRulesSchema = z.object({
  ...clientFieldRules,
  // CRM exports often carry ZIP+4; the client keeps the five-digit ZIP.
  zip: z.preprocess(
    (value) => (typeof value === 'string' ? fiveDigitZip(value) : value),
    clientFieldRules.zip,
  ),
  // The agent: a realtor's full name ("First Last") or email, matched on the server.
  realtorEmail: z.preprocess(
    (value) => (typeof value === 'string' && isBlank(value) ? undefined : value),
    z.string().trim().optional(),
  ),
  reminders: z.string().optional(),
});
export type BulkRow = z.output<typeof bulkRowRulesSchema>;

// ─── Requests ─────────────────────────────────────────────────────────────────────────────────

/** The longest file name kept with a row. */
export const bulkFileNameMaxLength = 255;

export const bulkQueueItemSchema = z.object({
  /**
   * The browser's GUID for the row: a chunk sent twice queues its rows once. A queued row's own GUID
   * (the "Row ID" of the rows-with-problems file) replaces that row's fields where it stands.
   */
  itemId: idSchema,
  /** The row's line in its file: the header is line 1, and a cell with line breaks takes several. */
  line: z
    .number({ error: messages.notANumber })
    .int({ error: messages.wholeNumber })
    .min(1, { error: messages.minOne })
    .optional(),
  data: bulkRowDataSchema,
});

export const bulkQueueRequestSchema = z.object({
  /** The file the rows come from; with `uploadId`, its rows queued by an earlier upload are replaced. */
  fileName: z
    .string({ error: messages.invalidValue })
    .trim()
    .min(1, { error: messages.required })
    .max(bulkFileNameMaxLength, { error: messages.textTooLong(bulkFileNameMaxLength) })
    .optional(),
  /** One reading of the file, the same in each of its chunks and their retries. */
  uploadId: idSchema.optional(),
  /** The realtor given to this file's rows whose agent cell is empty (docs/decisions/079). */
  defaultRealtorId: idSchema.optional(),
  items: z
    .array(bulkQueueItemSchema, { error: messages.invalidValue })
    .min(1, { error: messages.required })
    .max(bulkChunkMaxRows, { error: `Send at most ${bulkChunkMaxRows} rows at a time` }),
});
export type BulkQueueRequest = z.input<typeof bulkQueueRequestSchema>;

export const bulkQueueResultSchema = z.object({
  /** Rows added by this request (a row already queued under its GUID is not added again). */
  queued: z.number(),
  /**
   * Queued rows this request replaced: those of an earlier upload of the same file, and those whose
   * fields a row of the same GUID changed. Rows already processed are never touched.
   */
  replaced: z.number(),
  /** Rows now in the queue. */
  total: z.number(),
});
export type BulkQueueResult = z.infer<typeof bulkQueueResultSchema>;

export const bulkUpdateRequestSchema = z.object({ data: bulkRowDataSchema });
export type BulkUpdateRequest = z.input<typeof bulkUpdateRequestSchema>;

export const bulkEmailUniqueRequestSchema = z.object({
  email: emailSchema,
  /** The corporation, when not the one the request acts for (a system administrator's choice). */
  tenantId: tenantIdSchema.optional(),
  /** The row being edited: its own email does not count against it. */
  exceptItemId: idSchema.optional(),
});
export type BulkEmailUniqueRequest = z.input<typeof bulkEmailUniqueRequestSchema>;

export const bulkEmailUniqueResultSchema = z.object({
  unique: z.boolean(),
  /** Why not: a client has it, or another queued row. */
  usedBy: z.enum(['client', 'queue']).nullable(),
});
export type BulkEmailUniqueResult = z.infer<typeof bulkEmailUniqueResultSchema>;

export const bulkPageParamsSchema = z.object({
  tenantID: tenantIdSchema,
  page: z.coerce.number({ error: messages.notANumber }).int().min(1, { error: messages.minOne }),
  pageSize: z.coerce
    .number({ error: messages.notANumber })
    .int()
    .min(1, { error: messages.minOne })
    .max(bulkPaging.pageSize, { error: messages.numberOutOfRange }),
});

/** Which rows a page lists: every queued row, or only those with a problem (across the whole queue). */
export const bulkPageFilters = ['all', 'problems'] as const;
export type BulkPageFilter = (typeof bulkPageFilters)[number];

/** `?filter=problems` on `GET api/bulk/{tenantID}/{page}/{pageSize}`; without it, every row. */
export const bulkPageQuerySchema = z.object({
  filter: z.enum(bulkPageFilters, { error: messages.invalidValue }).default('all'),
});

// ─── Responses ────────────────────────────────────────────────────────────────────────────────

export const bulkItemStatuses = ['queued', 'failed', 'processed'] as const;

/** A bulk item (docs/requirements.md §5): `id` is the number of edit and delete, `itemId` its GUID. */
export const bulkItemSchema = z.object({
  id: z.number(),
  itemId: z.string(),
  tenantID: z.string(),
  /** The row's number in the queue, counted from 1 in upload order. */
  rowNumber: z.number(),
  /** The file the row came from and its line there (header = line 1); null for rows sent without. */
  fileName: z.string().nullable(),
  line: z.number().nullable(),
  data: bulkRowDataSchema,
  validationError: z.string().nullable(),
  /** Valid, but beyond the corporation's free licenses in queue order: processing would leave it waiting. */
  waitingForLicense: z.boolean(),
  status: z.enum(bulkItemStatuses),
});
export type BulkItem = z.infer<typeof bulkItemSchema>;

/** `totalItemCount` counts the rows the filter lets through: the whole queue, or the rows with a problem. */
export const bulkPageSchema = pagedResultSchema(bulkItemSchema).extend({
  /** Rows of the whole queue with a validation error. */
  errorCount: z.number(),
  /** The files the queued rows came from, in upload order. */
  fileNames: z.array(z.string()),
  ...pagePositionShape,
});
export type BulkPage = z.infer<typeof bulkPageSchema>;

/** What processing would do now: rows it would create, rows with errors, licenses missing. */
export const bulkPreviewSchema = z.object({
  /** The license's last day once it has ended: nothing can be created then. Else null. */
  licenseEndedOn: z.string().nullable(),
  queued: z.number(),
  valid: z.number(),
  withErrors: z.number(),
  licensesFree: z.number(),
  toCreate: z.number(),
  needsLicenses: z.number(),
  /** Valid rows with no reminders: they get the default set, or no reminder emails without one. */
  withoutReminders: z.number(),
  /** Valid rows that name no realtor: their clients would be nobody's. */
  withoutRealtor: z.number(),
  /** The corporation's default reminders, which rows without reminders get (docs/decisions/060). */
  defaultReminders: z.array(z.object({ name: z.string(), frequencyName: z.string() })),
});
export type BulkPreview = z.infer<typeof bulkPreviewSchema>;

/** `POST api/bulk/process/{tenant}`'s options; no body is the same as `{}`. */
export const bulkProcessRequestSchema = z.object({
  /**
   * Create the valid rows that find no free license as pending properties (which use none) instead
   * of leaving them queued.
   */
  waitingAsPending: z.boolean({ error: messages.invalidValue }).optional(),
});
export type BulkProcessRequest = z.input<typeof bulkProcessRequestSchema>;

/** The bulk process result (docs/requirements.md §5): `errors` maps an item's GUID to its message. */
export const bulkProcessResultSchema = z.object({
  created: z.number(),
  /** Of `created`, the clients whose property was created pending for want of a license. */
  createdPending: z.number(),
  errors: z.record(z.string(), z.string()),
  needsLicenses: z.number(),
});
export type BulkProcessResult = z.infer<typeof bulkProcessResultSchema>;

/** The template file's header row and one example line. */
export const bulkTemplateRows: ReadonlyArray<readonly string[]> = [
  bulkFields.map((field) => bulkFieldLabels[field]),
  [
    ...clientFieldNames.map((name) => clientFields[name].example),
    '',
    'Replace HVAC filter: Quarterly; Clean gutters and downspouts',
  ],
];

/**
 * How a row is named to people: by its line in its file (and the file, where rows of several files
 * are queued), or by its place in the queue when it came without a line.
 */
export function bulkRowName(
  item: Pick<BulkItem, 'line' | 'rowNumber' | 'fileName'>,
  withFile = false,
): string {
  if (item.line === null) return `row ${item.rowNumber}`;
  return withFile && item.fileName ? `line ${item.line} of ${item.fileName}` : `line ${item.line}`;
}

export const bulkTenantParamsSchema = z.object({ tenant: tenantIdSchema });
