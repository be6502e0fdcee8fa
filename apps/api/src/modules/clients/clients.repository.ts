import { and, eq, isNotNull, ne, sql } from 'drizzle-orm';
import { textTaken } from '../../db/query-helpers';
import type { ClientOwnFieldName } from '@homeminder/shared/contracts/client-fields';
import type { clientUsers } from '../../db/schema';
import { suppressionOf } from '../../db/email-suppressions';
import type { ClientDetail } from '@homeminder/shared/contracts/clients';
import type { Database } from '../../db/client';
import { homeFactQueries } from '../../db/home-facts';
import { replyCountQueries } from '../../db/reply-counts';
import { c, clientInScopeById } from '../../db/client-property-queries';
import { StatusCounter } from '../../db/property-status';
import { gridQueries } from './grid.repository';
import { GridTotalCache } from './grid-total-cache';
import { licenseQueries } from './license.repository';
import { lookupQueries } from './lookups.repository';
import { propertyQueries } from './properties.repository';
import { selectionQueries } from './selection.repository';
import { subscriptionQueries } from './subscriptions.repository';

/**
 * A client's own columns, as a set-up gives them: their realtor and every described field the
 * client keeps, each a column of the same name (a described field the table lacks fails to compile).
 */
export type ClientColumns = { realtorId: string | null } & Required<
  Pick<typeof clientUsers.$inferInsert, ClientOwnFieldName>
>;

/** Clients themselves: read with their properties, found in scope, added, changed, removed. */
function clientQueries(db: Database, statusCounts: StatusCounter) {
  const properties = propertyQueries(db, statusCounts);
  const ofTenant = (tenantId: string, id: string) => and(eq(c.tenantId, tenantId), eq(c.id, id));

  return {
    async clientDetail(
      tenantId: string,
      scopeRealtorId: string | null,
      clientId: string,
    ): Promise<ClientDetail | undefined> {
      const client = await clientInScopeById(db, tenantId, scopeRealtorId, clientId);
      if (!client) return undefined;
      const stopped = await suppressionOf(db, tenantId, client.email);
      return {
        ...client,
        unsubscribedAt: client.unsubscribedAt?.toISOString() ?? null,
        emailStopped: stopped ? { ...stopped, since: stopped.since.toISOString() } : null,
        createdAt: client.createdAt.toISOString(),
        updatedAt: client.updatedAt.toISOString(),
        properties: await properties.clientProperties(tenantId, client.id),
      };
    },

    findClient: (tenantId: string, scopeRealtorId: string | null, clientId: string) =>
      clientInScopeById(db, tenantId, scopeRealtorId, clientId),

    async emailTaken(tenantId: string, email: string, exceptClientId?: string): Promise<boolean> {
      return textTaken(
        db,
        c.email,
        email,
        eq(c.tenantId, tenantId),
        exceptClientId ? ne(c.id, exceptClientId) : undefined,
      );
    },

    async insertClient(values: ClientColumns & { tenantId: string }): Promise<string> {
      const [row] = await db.insert(c).values(values).returning({ id: c.id });
      return row!.id;
    },

    async updateClient(tenantId: string, clientId: string, values: ClientColumns & { updatedAt: Date }) {
      await db.update(c).set(values).where(ofTenant(tenantId, clientId));
    },

    /**
     * Starts an unsubscribed client's reminders again: clears `unsubscribed_at`. Returns false
     * when the client was not unsubscribed (another request may have just done it).
     */
    async clearUnsubscribed(tenantId: string, clientId: string, at: Date): Promise<boolean> {
      const updated = await db
        .update(c)
        .set({ unsubscribedAt: null, updatedAt: at })
        .where(and(ofTenant(tenantId, clientId), isNotNull(c.unsubscribedAt)))
        .returning({ id: c.id });
      return updated.length > 0;
    },

    /** Removes the client; their properties and subscriptions go with them (foreign keys cascade). */
    async deleteClient(tenantId: string, clientId: string) {
      await db.delete(c).where(ofTenant(tenantId, clientId));
    },

    // ─── Many new clients at once (bulk upload; called inside a transaction) ────────────────────

    /** Of `emailKeys` (trimmed, lower case), those a client of the corporation already has. */
    async takenEmails(tenantId: string, emailKeys: string[]): Promise<Set<string>> {
      if (emailKeys.length === 0) return new Set();
      const result = await db.execute(sql`
        select lower(c.email) as "key" from client_users c
        where c.tenant_id = ${tenantId}
          and lower(c.email) in (select jsonb_array_elements_text(${JSON.stringify(emailKeys)}::jsonb))`);
      return new Set((result as { rows: Array<{ key: string }> }).rows.map((row) => row.key));
    },

    /**
     * Inserts new clients in one statement. A client whose email the corporation already has, or
     * gets meanwhile from another transaction, is left out rather than failing the others (the
     * unique index on the email decides). Returns the ids inserted.
     */
    async insertClientsUnlessEmailTaken(
      tenantId: string,
      rows: Array<ClientColumns & { id: string }>,
    ): Promise<Set<string>> {
      if (rows.length === 0) return new Set();
      // The ids are new, so the one conflict there can be is the corporation's unique email.
      const inserted = await db
        .insert(c)
        .values(rows.map((row) => ({ ...row, tenantId })))
        .onConflictDoNothing()
        .returning({ id: c.id });
      return new Set(inserted.map((row) => row.id));
    },
  };
}

/** Every query of the clients area, one object per concern, bound to one connection. */
function allQueries(db: Database, caches: ClientsCaches) {
  return {
    ...gridQueries(db, caches.totals),
    ...clientQueries(db, caches.statusCounts),
    ...propertyQueries(db, caches.statusCounts),
    ...subscriptionQueries(db),
    ...lookupQueries(db),
    ...licenseQueries(db),
    ...replyCountQueries(db),
    ...homeFactQueries(db),
    ...selectionQueries(db),
  };
}
type ClientQueries = ReturnType<typeof allQueries>;

/**
 * Data access of the clients area. Every function takes the tenant id first and filters on it;
 * `realtorId` (from `realtorScope`) narrows to one realtor's clients, null means the corporation's.
 */
export interface ClientsRepository extends ClientQueries {
  /** Runs `work` in one transaction, with a repository bound to it. */
  transaction<T>(work: (repository: ClientsRepository, tx: Database) => Promise<T>): Promise<T>;
}

/**
 * What the process counted once and keeps, shared by every transaction's repository: the grid's
 * totals and the counts by status (docs/decisions/036).
 */
export interface ClientsCaches {
  totals: GridTotalCache;
  statusCounts: StatusCounter;
}

export function clientsRepository(db: Database, caches: Partial<ClientsCaches> = {}): ClientsRepository {
  const kept: ClientsCaches = {
    totals: caches.totals ?? new GridTotalCache(),
    statusCounts: caches.statusCounts ?? new StatusCounter(),
  };
  return {
    ...allQueries(db, kept),
    transaction: (work) =>
      db.transaction((tx) =>
        work(clientsRepository(tx as unknown as Database, kept), tx as unknown as Database),
      ),
  };
}
