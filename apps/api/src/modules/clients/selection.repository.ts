import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { ClientGridRow } from '@homeminder/shared/contracts/clients';
import type { Database } from '../../db/client';
import { c, clientRealtorJoin, p, realtor } from '../../db/client-property-queries';
import {
  attentionJoinOn,
  rowSelection,
  attentionTable,
  gridConditions,
  gridJoinProperty,
  gridJoinSchedule,
  usesAttention,
} from './grid-sql';
import type { GridFilter } from './grid-total-cache';

/** One grid row a selection names: its client and, when it has one, its property. */
export interface SelectedRow {
  rowId: string;
  clientId: string;
  realtorId: string | null;
  propertyId: string | null;
  propertyEnabled: boolean | null;
  propertyPending: boolean | null;
}

/** A list of ids as one JSON parameter, however many there are. */
const idList = (ids: readonly string[]) =>
  sql`(select jsonb_array_elements_text(${JSON.stringify(ids.map((id) => id.toLowerCase()))}::jsonb)::uuid)`;

/** The corporation's clients, or properties, with these ids. */
const tenantRowsIn = (table: typeof c | typeof p, tenantId: string, ids: readonly string[]) =>
  and(eq(table.tenantId, tenantId), sql`${table.id} in ${idList(ids)}`);

const selectedColumns = {
  rowId: sql<string>`coalesce(${p.id}, ${c.id})`,
  clientId: c.id,
  realtorId: c.realtorId,
  propertyId: sql<string | null>`${p.id}`,
  propertyEnabled: sql<boolean | null>`${p.enabled}`,
  propertyPending: sql<boolean | null>`${p.pending}`,
};

/**
 * The rows of the client grid a bulk action takes (docs/decisions/080), each read in one statement,
 * and the changes it makes, each one statement for the whole selection.
 */
export function selectionQueries(db: Database) {
  return {
    /**
     * The corporation's rows with these row ids, whoever's client they are: the service tells the
     * caller's own from another realtor's. Ids of another corporation are simply not found.
     */
    async rowsById(tenantId: string, rowIds: readonly string[]): Promise<SelectedRow[]> {
      return db
        .select(selectedColumns)
        .from(c)
        .leftJoin(p, gridJoinProperty)
        .where(and(eq(c.tenantId, tenantId), sql`coalesce(${p.id}, ${c.id}) in ${idList(rowIds)}`));
    },

    /** The rows of the grid's filter within the caller's scope, at most `limit`. */
    async rowsOfFilter(
      tenantId: string,
      scopeRealtorId: string | null,
      filter: GridFilter,
      limit: number,
    ): Promise<SelectedRow[]> {
      let query = db.select(selectedColumns).from(c).leftJoin(p, gridJoinProperty).$dynamic();
      if (usesAttention(filter))
        query = query.leftJoin(attentionTable(tenantId, scopeRealtorId, filter), attentionJoinOn);
      return query.where(gridConditions(tenantId, scopeRealtorId, filter)).limit(limit);
    },

    /** Grid rows by their row ids, by the clients' names as the grid lists them first. */
    async gridRowsById(tenantId: string, rowIds: readonly string[]): Promise<ClientGridRow[]> {
      if (rowIds.length === 0) return [];
      return db
        .select(rowSelection())
        .from(c)
        .leftJoin(p, gridJoinProperty)
        .leftJoin(gridJoinSchedule, sql`true`)
        .leftJoin(realtor, clientRealtorJoin)
        .where(and(eq(c.tenantId, tenantId), sql`coalesce(${p.id}, ${c.id}) in ${idList(rowIds)}`))
        .orderBy(
          sql`lower(${c.lastName})`,
          sql`lower(${c.firstName})`,
          asc(c.id),
          sql`${p.id} asc nulls first`,
        );
    },

    /** Gives the clients to the realtor; returns those that were someone else's (or no one's). */
    async assignRealtor(tenantId: string, clientIds: readonly string[], realtorId: string, at: Date) {
      const rows = await db
        .update(c)
        .set({ realtorId, updatedAt: at })
        .where(
          and(tenantRowsIn(c, tenantId, clientIds), sql`${c.realtorId} is distinct from ${realtorId}::uuid`),
        )
        .returning({ id: c.id });
      return rows.map((row) => row.id);
    },

    /**
     * Enables or disables the properties not already so, then each of their clients as
     * `setPropertyEnabled` does (enabled while any property is). Returns the properties changed.
     */
    async setPropertiesEnabled(
      tenantId: string,
      propertyIds: readonly string[],
      enabled: boolean,
      at: Date,
    ): Promise<Array<{ id: string; clientUserId: string }>> {
      if (propertyIds.length === 0) return [];
      const changed = await db
        .update(p)
        .set({ enabled, updatedAt: at })
        .where(and(tenantRowsIn(p, tenantId, propertyIds), sql`${p.enabled} <> ${enabled}`))
        .returning({ id: p.id, clientUserId: p.clientUserId });
      if (changed.length === 0) return changed;
      const clientIds = [...new Set(changed.map((row) => row.clientUserId))];
      const anyEnabled: SQL<boolean> = sql`exists (select 1 from properties q
        where q.tenant_id = ${tenantId} and q.client_user_id = ${c.id} and q.enabled)`;
      await db
        .update(c)
        .set({ enabled: anyEnabled, updatedAt: at })
        .where(tenantRowsIn(c, tenantId, clientIds));
      return changed;
    },

    /** Removes the clients; their properties and subscriptions go with them. Returns those removed. */
    async deleteClients(tenantId: string, clientIds: readonly string[]): Promise<string[]> {
      if (clientIds.length === 0) return [];
      const rows = await db
        .delete(c)
        .where(tenantRowsIn(c, tenantId, clientIds))
        .returning({ id: c.id });
      return rows.map((row) => row.id);
    },
  };
}
