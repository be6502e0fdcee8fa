import type { Database } from '../../db/client';
import { corporations } from '../../db/schema';
import { rowById } from '../../db/query-helpers';

export function lookupsRepository(db: Database) {
  return {
    corporationName: (tenantId: string) =>
      rowById(db, corporations.id, tenantId, { id: corporations.id, name: corporations.name }),
  };
}
export type LookupsRepository = ReturnType<typeof lookupsRepository>;
