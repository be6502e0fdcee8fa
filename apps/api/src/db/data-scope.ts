import { AsyncLocalStorage } from 'node:async_hooks';
import { sql } from 'drizzle-orm';
import type { Database } from './client';

/**
 * Which rows the database lets the server see (PostgreSQL row-level security, migration 0004 and
 * docs/decisions/034): one corporation's, or, for the few system tasks that span them (signing in,
 * the reminder dispatcher and mail sender, the operator's own lists), every corporation's.
 */
export type DataScope = { tenantId: string } | 'all-tenants';

/**
 * The roles the server works as inside a scope: one corporation's rows, or every corporation's
 * (migration 0007, docs/decisions/033). Neither owns anything, so the policies always apply.
 */
export const APP_ROLE = 'homeminder_app';
export const ALL_TENANTS_ROLE = 'homeminder_all_tenants';

/** Runs work in one new transaction on the underlying database. */
export type Transact = <T>(work: (tx: Database) => Promise<T>) => Promise<T>;

/** The data scope the code runs in and its transaction, which is no longer `open` once it has ended. */
interface ActiveScope {
  scope: DataScope;
  tx: Database;
  open: boolean;
}

const activeScope = new AsyncLocalStorage<ActiveScope>();
const transactOf = new WeakMap<object, Transact>();

export class DataScopeError extends Error {}

/**
 * The database as the server's code sees it: each call goes to the transaction of the data scope
 * the code runs in, and a call made outside any scope fails at once instead of reaching the
 * database unscoped. Repositories keep taking a plain `Database`.
 */
export function scopedDatabase(
  root: Database,
  transact: Transact = (work) => root.transaction(work),
): Database {
  const scoped = new Proxy(root, {
    get(_target, property) {
      const active = activeScope.getStore();
      if (!active) throw new DataScopeError('The database was used outside a data scope.');
      if (!active.open) throw new DataScopeError('The database was used after its data scope ended.');
      const value: unknown = Reflect.get(active.tx, property, active.tx);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(active.tx) : value;
    },
  });
  transactOf.set(scoped, transact);
  return scoped;
}

function covers(outer: DataScope, inner: DataScope): boolean {
  if (outer === 'all-tenants') return true;
  return inner !== 'all-tenants' && inner.tenantId === outer.tenantId;
}

function describe(scope: DataScope): string {
  return scope === 'all-tenants' ? 'all corporations' : `corporation ${scope.tenantId}`;
}

/**
 * Runs `work` in one transaction as the role of its scope, with the corporation set for the
 * row-level policies by `set_config(..., true)`; both end with the transaction.
 * Inside a scope that already covers the new one, `work` joins it; a scope for another corporation
 * inside a tenant's scope is a programming error.
 */
export async function withDataScope<T>(db: Database, scope: DataScope, work: () => Promise<T>): Promise<T> {
  const active = activeScope.getStore();
  if (active?.open) {
    if (covers(active.scope, scope)) return work();
    throw new DataScopeError(
      `A scope for ${describe(scope)} was opened inside one for ${describe(active.scope)}.`,
    );
  }
  const transact = transactOf.get(db);
  if (!transact) throw new DataScopeError('A data scope needs the database of a DatabaseHandle.');
  const role = scope === 'all-tenants' ? ALL_TENANTS_ROLE : APP_ROLE;
  const tenantId = scope === 'all-tenants' ? '' : scope.tenantId;
  return transact(async (tx) => {
    await tx.execute(
      sql`select set_config('role', ${role}, true), set_config('app.tenant_id', ${tenantId}, true)`,
    );
    const entered: ActiveScope = { scope, tx, open: true };
    try {
      return await activeScope.run(entered, work);
    } finally {
      entered.open = false;
    }
  });
}

/** Runs `work` seeing and changing one corporation's rows only. */
export function withTenant<T>(db: Database, tenantId: string, work: () => Promise<T>): Promise<T> {
  return withDataScope(db, { tenantId }, work);
}

/** Runs `work` across corporations: for system tasks only, never on a tenant user's behalf. */
export function withAllTenants<T>(db: Database, work: () => Promise<T>): Promise<T> {
  return withDataScope(db, 'all-tenants', work);
}

/** The scope the caller runs in, if any. */
export function currentDataScope(): DataScope | null {
  const active = activeScope.getStore();
  return active?.open ? active.scope : null;
}

/**
 * Runs work that touches only tables without tenant rows (server secrets, reference data): in the
 * caller's scope when there is one, else in a scope of its own.
 */
export function withSharedTables<T>(db: Database, work: () => Promise<T>): Promise<T> {
  const scope = currentDataScope();
  return scope ? work() : withAllTenants(db, work);
}
