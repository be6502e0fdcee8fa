import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { currentDataScope, withAllTenants, withTenant } from '../../db/data-scope';
import { rolePrivileges, sessions, userRoles } from '../../db/schema';

export interface SessionRecord {
  tokenHash: string;
  /** Set on an impersonation session: the session of the person acting. */
  parentTokenHash: string | null;
  expiresAt: Date;
  revokedAt: Date | null;
  userId: string;
  tenantId: string;
  email: string;
  firstName: string;
  lastName: string;
  userEnabled: boolean;
  corporationEnabled: boolean;
  corporationName: string;
  corporationIsSystem: boolean;
  roles: string[];
  privileges: ReadonlySet<string>;
  /** A homeowner's session: `userId` is then the client's id (docs/decisions/062). */
  isClient: boolean;
}

/**
 * Ends every live session of a staff member (`sessions.userId`) or a homeowner
 * (`sessions.clientUserId`), except possibly the one in use. `on` is the transaction that changes
 * what the sessions stood on (a password, the account being enabled), so both happen or neither.
 */
async function endSessionsOf(
  on: Database,
  person: typeof sessions.userId | typeof sessions.clientUserId,
  tenantId: string,
  personId: string,
  at: Date,
  exceptTokenHash?: string,
) {
  await on
    .update(sessions)
    .set({ revokedAt: at })
    .where(
      and(
        eq(sessions.tenantId, tenantId),
        eq(person, personId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, at),
        exceptTokenHash ? sql`${sessions.tokenHash} <> ${exceptTokenHash}` : undefined,
      ),
    );
}

/** Ends every live session of a staff member, except possibly the one in use. */
export const endUserSessions = (
  on: Database,
  tenantId: string,
  userId: string,
  at: Date,
  exceptTokenHash?: string,
) => endSessionsOf(on, sessions.userId, tenantId, userId, at, exceptTokenHash);

/** Ends every live session of a homeowner, in the transaction that changed their password. */
export const endClientSessions = (
  on: Database,
  tenantId: string,
  clientUserId: string,
  at: Date,
  exceptTokenHash?: string,
) => endSessionsOf(on, sessions.clientUserId, tenantId, clientUserId, at, exceptTokenHash);

/** The columns `session_by_token` returns (migrations 0009 and 0018). */
interface SessionRow {
  token_hash: string;
  parent_token_hash: string | null;
  expires_at: Date | string;
  revoked_at: Date | string | null;
  user_id: string;
  tenant_id: string;
  email: string;
  first_name: string;
  last_name: string;
  user_enabled: boolean;
  corporation_enabled: boolean;
  corporation_name: string;
  corporation_is_system: boolean;
  role_names: string[];
  privilege_names: string[];
  is_client: boolean;
}

const asDate = (value: Date | string): Date => (value instanceof Date ? value : new Date(value));

function toSessionRecord(row: SessionRow): SessionRecord {
  return {
    tokenHash: row.token_hash,
    parentTokenHash: row.parent_token_hash,
    expiresAt: asDate(row.expires_at),
    revokedAt: row.revoked_at === null ? null : asDate(row.revoked_at),
    userId: row.user_id,
    tenantId: row.tenant_id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    userEnabled: row.user_enabled,
    corporationEnabled: row.corporation_enabled,
    corporationName: row.corporation_name,
    corporationIsSystem: row.corporation_is_system,
    roles: row.role_names,
    privileges: new Set(row.privilege_names),
    isClient: row.is_client,
  };
}

/**
 * `sessionLookup` is the database outside any data scope, used for one statement only: the
 * session lookup of migration 0009, a function that runs as the all-tenants role itself
 * (docs/decisions/037). Every other statement goes through `db` and its scopes.
 */
export function sessionRepository(db: Database, sessionLookup: Database) {
  const findRolesAndPrivileges = () =>
    db
      .select({ roleName: userRoles.roleName, privilegeName: rolePrivileges.privilegeName })
      .from(userRoles)
      .leftJoin(rolePrivileges, eq(rolePrivileges.roleName, userRoles.roleName))
      .where(
        and(
          eq(userRoles.tenantId, sql.placeholder('tenantId')),
          eq(userRoles.userId, sql.placeholder('userId')),
        ),
      )
      .prepare('session_roles_and_privileges');

  return {
    async create(values: {
      tokenHash: string;
      parentTokenHash?: string | null;
      tenantId: string;
      /** Exactly one of the two: the staff member's id, or the homeowner's. */
      userId?: string;
      clientUserId?: string;
      expiresAt: Date;
      rememberMe: boolean;
      userAgent: string | null;
      ipAddress: string | null;
    }) {
      await withTenant(db, values.tenantId, () => db.insert(sessions).values(values));
    },

    /**
     * The session of a token hash with its user, corporation, roles and privileges: one statement,
     * in the caller's transaction when there is one, else on its own (no transaction needed).
     */
    async find(tokenHash: string): Promise<SessionRecord | undefined> {
      const on = currentDataScope() ? db : sessionLookup;
      // Both drivers return an object with `rows`; Drizzle's shared type does not say so.
      const result: unknown = await on.execute(sql`select * from session_by_token(${tokenHash})`);
      const [row] = (result as { rows: SessionRow[] }).rows;
      return row && toSessionRecord(row);
    },

    async revoke(tokenHash: string, at: Date) {
      await withAllTenants(db, () =>
        db
          .update(sessions)
          .set({ revokedAt: at })
          .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt))),
      );
    },

    /** Ends every live session of a homeowner, except possibly the one in use. */
    async revokeAllForClient(tenantId: string, clientUserId: string, at: Date, exceptTokenHash?: string) {
      await withTenant(db, tenantId, () =>
        endClientSessions(db, tenantId, clientUserId, at, exceptTokenHash),
      );
    },

    /** Ends every live session of a user, except possibly the one in use. */
    async revokeAllForUser(tenantId: string, userId: string, at: Date, exceptTokenHash?: string) {
      await withTenant(db, tenantId, () => endUserSessions(db, tenantId, userId, at, exceptTokenHash));
    },

    async roleAndPrivilegeNames(tenantId: string, userId: string) {
      const rows = await withTenant(db, tenantId, () =>
        findRolesAndPrivileges().execute({ tenantId, userId }),
      );
      return {
        roles: [...new Set(rows.map((row) => row.roleName))].sort(),
        privileges: new Set(rows.flatMap((row) => (row.privilegeName ? [row.privilegeName] : []))),
      };
    },
  };
}
export type SessionRepository = ReturnType<typeof sessionRepository>;
