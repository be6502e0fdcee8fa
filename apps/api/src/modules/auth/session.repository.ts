import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { withAllTenants, withTenant } from '../../db/data-scope';
import { corporations, rolePrivileges, sessions, tenantUsers, userRoles } from '../../db/schema';

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
}

export function sessionRepository(db: Database) {
  // Every signed-in request runs these two. They are built per call, inside the caller's data
  // scope, but named: PostgreSQL plans each once per connection, not on every request.
  const findSession = () =>
    db
      .select({
        tokenHash: sessions.tokenHash,
        parentTokenHash: sessions.parentTokenHash,
        expiresAt: sessions.expiresAt,
        revokedAt: sessions.revokedAt,
        userId: tenantUsers.id,
        tenantId: tenantUsers.tenantId,
        email: tenantUsers.email,
        firstName: tenantUsers.firstName,
        lastName: tenantUsers.lastName,
        userEnabled: tenantUsers.enabled,
        corporationEnabled: corporations.enabled,
        corporationName: corporations.name,
        corporationIsSystem: corporations.isSystem,
      })
      .from(sessions)
      .innerJoin(
        tenantUsers,
        and(eq(tenantUsers.tenantId, sessions.tenantId), eq(tenantUsers.id, sessions.userId)),
      )
      .innerJoin(corporations, eq(corporations.id, sessions.tenantId))
      .where(eq(sessions.tokenHash, sql.placeholder('tokenHash')))
      .prepare('session_find');
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
      userId: string;
      expiresAt: Date;
      rememberMe: boolean;
      userAgent: string | null;
      ipAddress: string | null;
    }) {
      await withTenant(db, values.tenantId, () => db.insert(sessions).values(values));
    },

    async find(tokenHash: string): Promise<SessionRecord | undefined> {
      // A token names its user: the lookup spans corporations.
      const [row] = await withAllTenants(db, () => findSession().execute({ tokenHash }));
      return row;
    },

    async revoke(tokenHash: string, at: Date) {
      await withAllTenants(db, () =>
        db
          .update(sessions)
          .set({ revokedAt: at })
          .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt))),
      );
    },

    /** Ends every live session of a user, except possibly the one in use. */
    async revokeAllForUser(tenantId: string, userId: string, at: Date, exceptTokenHash?: string) {
      await withTenant(db, tenantId, () =>
        db
          .update(sessions)
          .set({ revokedAt: at })
          .where(
            and(
              eq(sessions.tenantId, tenantId),
              eq(sessions.userId, userId),
              isNull(sessions.revokedAt),
              gt(sessions.expiresAt, at),
              exceptTokenHash ? sql`${sessions.tokenHash} <> ${exceptTokenHash}` : undefined,
            ),
          ),
      );
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
