/**
 * Contracts of a corporation's saved column mappings: the columns chosen for a header row are kept
 * when rows are queued, and the next file with the same headers starts from them.
 */
import { z } from '../zod';
import { bulkColumns, type ColumnMapping } from '../bulk-columns';
import { messages } from '../validation/messages';
import { bulkCellMaxLength } from './bulk';
import { fieldPer } from './shapes';

/** The most columns a header row may have for its mapping to be kept. */
export const bulkHeadersMaxColumns = 200;

const headersSchema = z
  .array(
    z
      .string({ error: messages.invalidValue })
      .max(bulkCellMaxLength, { error: messages.textTooLong(bulkCellMaxLength) }),
    { error: messages.invalidValue },
  )
  .min(1, { error: messages.required })
  .max(bulkHeadersMaxColumns, { error: messages.numberOutOfRange });

const columnIndex = z
  .number({ error: messages.notANumber })
  .int({ error: messages.wholeNumber })
  .min(0, { error: messages.numberOutOfRange })
  .max(bulkHeadersMaxColumns - 1, { error: messages.numberOutOfRange })
  .nullable();

/** Which column (by index) feeds each field, null for none (`ColumnMapping`): every field named. */
export const columnMappingSchema = z.object(
  fieldPer(bulkColumns, columnIndex),
) satisfies z.ZodType<ColumnMapping>;

export const savedMappingRequestSchema = z.object({ headers: headersSchema });
export type SavedMappingRequest = z.input<typeof savedMappingRequestSchema>;

export const savedMappingSchema = z.object({
  /** The mapping last used for these headers in the corporation; null when there is none. */
  mapping: columnMappingSchema.nullable(),
});
export type SavedMapping = z.infer<typeof savedMappingSchema>;

export const saveMappingRequestSchema = z.object({ headers: headersSchema, mapping: columnMappingSchema });
export type SaveMappingRequest = z.input<typeof saveMappingRequestSchema>;
