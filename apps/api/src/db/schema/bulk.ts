/** The bulk upload queue and the column mappings it remembers. */
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { timestamps, updatedAt } from './columns';
import { corporations } from './corporations';

export const bulkItems = pgTable(
  'bulk_items',
  {
    tenantId: uuid()
      .notNull()
      .references(() => corporations.id),
    id: bigint({ mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    /** The browser's GUID for the row, so a re-sent upload does not queue a row twice. */
    itemGuid: uuid().notNull(),
    /** The file the row came from and its line there (the header is line 1); null when sent without. */
    fileName: text(),
    line: integer(),
    /**
     * The browser's id for one reading of a file: uploading a file of the same name again replaces
     * the queued rows of earlier uploads, while the chunks and retries of this one keep each other's.
     */
    uploadId: uuid(),
    data: jsonb().notNull(),
    validationError: text(),
    status: text().notNull().default('queued'),
    createdClientUserId: uuid(),
    processedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('bulk_items_tenant_guid_key').on(t.tenantId, t.itemGuid),
    index().on(t.tenantId, t.status),
    index().on(t.tenantId, t.fileName),
  ],
);

/**
 * A corporation's column mapping for a header row, saved when rows are queued: the next file with
 * the same headers starts from it instead of the guess. Keyed by a hash of the normalised headers.
 */
export const bulkColumnMappings = pgTable(
  'bulk_column_mappings',
  {
    tenantId: uuid()
      .notNull()
      .references(() => corporations.id),
    headerKey: text().notNull(),
    mapping: jsonb().notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.headerKey] })],
);
