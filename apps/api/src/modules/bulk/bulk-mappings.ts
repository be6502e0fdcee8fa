import { createHash } from 'node:crypto';
import { bulkColumns, normalisedHeaderRow, type ColumnMapping } from '@homeminder/shared/bulk-columns';
import { bulkMessages } from '@homeminder/shared/contracts/bulk';
import { columnMappingSchema, type SavedMapping } from '@homeminder/shared/contracts/bulk-mapping';
import type { AuthContext, Caller } from '../../access/auth-context';
import type { Database } from '../../db/client';
import { BadRequestError } from '../../lib/errors';
import { bulkMappingsRepository } from './bulk-mappings.repository';

/** The key a header row's mapping is kept under: a hash, so a long header row makes a short key. */
const headerKey = (headers: readonly string[]) =>
  createHash('sha256').update(normalisedHeaderRow(headers)).digest('hex');

/** A mapping saved before a column was added (the home's, decision 092) leaves that column unmapped. */
const unmapped = Object.fromEntries(bulkColumns.map((column) => [column, null])) as ColumnMapping;

/** Whether every column the mapping names is a column of the header row. */
const fits = (mapping: ColumnMapping, headers: readonly string[]) =>
  Object.values(mapping).every((index) => index === null || index < headers.length);

/**
 * A corporation's saved column mappings: the columns chosen for a header row are kept when its
 * rows are queued, and a later file with the same headers starts from them instead of the guess.
 */
export function bulkMappings({
  db,
  tenantOf,
  now,
}: {
  db: Database;
  tenantOf: (auth: AuthContext, tenantId: string) => Promise<string>;
  now: () => Date;
}) {
  const mappings = bulkMappingsRepository(db);
  return {
    /** `POST api/bulk/{tenant}/mapping/find`: the mapping last used for these headers, if any. */
    async savedMapping({ auth }: Caller, tenant: string, headers: string[]): Promise<SavedMapping> {
      const tenantId = await tenantOf(auth, tenant);
      const saved = await mappings.find(tenantId, headerKey(headers));
      const parsed = columnMappingSchema.safeParse(
        typeof saved === 'object' && saved !== null ? { ...unmapped, ...saved } : saved,
      );
      return { mapping: parsed.success && fits(parsed.data, headers) ? parsed.data : null };
    },

    /** `PUT api/bulk/{tenant}/mapping`: keeps the mapping chosen for a header row. */
    async saveMapping(
      { auth }: Caller,
      tenant: string,
      headers: string[],
      mapping: ColumnMapping,
    ): Promise<void> {
      const tenantId = await tenantOf(auth, tenant);
      if (!fits(mapping, headers)) throw new BadRequestError(bulkMessages.mappingColumnMissing);
      await mappings.save(tenantId, headerKey(headers), mapping, now());
    },
  };
}
