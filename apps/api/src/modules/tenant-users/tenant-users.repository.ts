import { and, eq, exists, ilike, inArray, like, ne, or, sql, type SQLWrapper } from 'drizzle-orm';
import type { tenantUserSortColumns } from '@homeminder/shared/contracts/admin';
import {
  tenantUserRoles,
  type PagedResult,
  type TenantUser,
  type TenantUserQuery,
  type TenantUserRole,
} from '@homeminder/shared/contracts/admin';
import { Role } from '@homeminder/shared/permissions';
import type { Database } from '../../db/client';
import { rolesOf } from '../../db/user-roles';
import { corporations, tenantUsers, userRoles } from '../../db/schema';
import {
  containsPattern,
  isoText,
  orderByOf,
  pageRows,
  phoneDigitsPattern,
  rowById,
  textTaken,
} from '../../db/query-helpers';
import { endUserSessions } from '../auth';

/**
 * The user's main role: the most powerful one they hold. Explicit aliases: Drizzle leaves column
 * names unqualified in selected SQL, which inside a subquery would name the subquery's own columns.
 */
const mainRole = sql<string | null>`(select r.role_name from user_roles r
  where r.tenant_id = "tenant_users"."tenant_id" and r.user_id = "tenant_users"."id"
  order by case r.role_name when ${Role.SystemAdmin} then 0 when ${Role.CorporateAdmin} then 1
    when ${Role.Managers} then 2 else 3 end
  limit 1)`;

const sortColumns: Record<(typeof tenantUserSortColumns)[number], SQLWrapper> = {
  lastName: sql`lower(${tenantUsers.lastName})`,
  firstName: sql`lower(${tenantUsers.firstName})`,
  email: sql`lower(${tenantUsers.email})`,
  role: mainRole,
  enabled: tenantUsers.enabled,
  lastLoginAt: tenantUsers.lastLoginAt,
  createdAt: tenantUsers.createdAt,
  companyName: sql`lower(${corporations.name})`,
};

/** Who the user is, with their corporation's name: the list's and the own profile's columns. */
const personColumns = {
  id: tenantUsers.id,
  tenantId: tenantUsers.tenantId,
  companyName: corporations.name,
  email: tenantUsers.email,
  firstName: tenantUsers.firstName,
  lastName: tenantUsers.lastName,
  phone: tenantUsers.phone,
};

const userColumns = {
  ...personColumns,
  role: mainRole,
  enabled: tenantUsers.enabled,
  lastLoginAt: tenantUsers.lastLoginAt,
  createdAt: tenantUsers.createdAt,
  hasProfileImage: sql<boolean>`${tenantUsers.profileImage} is not null`,
};

type UserRow = Omit<TenantUser, 'lastLoginAt' | 'createdAt'> & { lastLoginAt: Date | null; createdAt: Date };

function toTenantUser(row: UserRow): TenantUser {
  return { ...row, lastLoginAt: isoText(row.lastLoginAt), createdAt: isoText(row.createdAt)! };
}

export interface TenantUserValues {
  email: string;
  firstName: string;
  lastName: string;
  phone: string | null;
}

export function tenantUsersRepository(db: Database) {
  const byId = (tenantId: string | null, id: string) =>
    and(tenantId ? eq(tenantUsers.tenantId, tenantId) : undefined, eq(tenantUsers.id, id));

  return {
    /**
     * Users of one corporation, or (tenantId null) of every customer corporation, paged, sorted
     * and searched; `role` keeps only holders of that role.
     */
    async list(tenantId: string | null, query: TenantUserQuery): Promise<PagedResult<TenantUser>> {
      const search = query.search ? containsPattern(query.search) : undefined;
      const phoneSearch = query.search ? phoneDigitsPattern(query.search) : undefined;
      const where = and(
        tenantId ? eq(tenantUsers.tenantId, tenantId) : eq(corporations.isSystem, false),
        query.status === 'all' ? undefined : eq(tenantUsers.enabled, query.status === 'enabled'),
        query.role
          ? exists(
              db
                .select({ one: sql`1` })
                .from(userRoles)
                .where(rolesOf(tenantUsers, query.role)),
            )
          : undefined,
        search
          ? or(
              ilike(tenantUsers.email, search),
              ilike(tenantUsers.firstName, search),
              ilike(tenantUsers.lastName, search),
              ilike(sql`${tenantUsers.firstName} || ' ' || ${tenantUsers.lastName}`, search),
              ilike(tenantUsers.phone, search),
              phoneSearch ? like(tenantUsers.phone, phoneSearch) : undefined,
            )
          : undefined,
      );
      const [total] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(tenantUsers)
        .innerJoin(corporations, eq(corporations.id, tenantUsers.tenantId))
        .where(where);
      const rows = await pageRows(
        db
          .select(userColumns)
          .from(tenantUsers)
          .innerJoin(corporations, eq(corporations.id, tenantUsers.tenantId))
          .where(where)
          .orderBy(
            ...orderByOf(query.sorting, sortColumns, [
              sql`lower(${tenantUsers.lastName})`,
              sql`lower(${tenantUsers.firstName})`,
              tenantUsers.id,
            ]),
          ),
        query,
      );
      return { items: rows.map(toTenantUser), totalItemCount: total?.count ?? 0 };
    },

    /** One user by id, within `tenantId`, or in any corporation when it is null. */
    async find(
      tenantId: string | null,
      id: string,
    ): Promise<(TenantUser & { corporationIsSystem: boolean }) | undefined> {
      const [row] = await db
        .select({ ...userColumns, corporationIsSystem: corporations.isSystem })
        .from(tenantUsers)
        .innerJoin(corporations, eq(corporations.id, tenantUsers.tenantId))
        .where(byId(tenantId, id));
      return row ? { ...toTenantUser(row), corporationIsSystem: row.corporationIsSystem } : undefined;
    },

    corporation: (tenantId: string) =>
      rowById(db, corporations.id, tenantId, {
        id: corporations.id,
        isSystem: corporations.isSystem,
        enabled: corporations.enabled,
      }),

    /** True when another user already signs in with the address. */
    emailInUse: (email: string, exceptUserId?: string): Promise<boolean> =>
      textTaken(db, tenantUsers.email, email, exceptUserId ? ne(tenantUsers.id, exceptUserId) : undefined),

    async create(
      tenantId: string,
      values: TenantUserValues & { passwordHash: string | null },
      role: TenantUserRole,
      at: Date,
    ): Promise<string> {
      return db.transaction(async (tx) => {
        const [user] = await tx
          .insert(tenantUsers)
          .values({
            tenantId,
            ...values,
            passwordChangedAt: values.passwordHash ? at : null,
            createdAt: at,
            updatedAt: at,
          })
          .returning({ id: tenantUsers.id });
        await tx.insert(userRoles).values({ tenantId, userId: user!.id, roleName: role });
        return user!.id;
      });
    },

    /** Changes the user's details and replaces their corporation role with `role`. */
    async update(tenantId: string, id: string, values: TenantUserValues, role: TenantUserRole, at: Date) {
      return db.transaction(async (tx) => {
        const rows = await tx
          .update(tenantUsers)
          .set({ ...values, updatedAt: at })
          .where(byId(tenantId, id))
          .returning({ id: tenantUsers.id });
        if (rows.length === 0) return false;
        await tx
          .delete(userRoles)
          .where(
            and(
              eq(userRoles.tenantId, tenantId),
              eq(userRoles.userId, id),
              inArray(userRoles.roleName, [...tenantUserRoles]),
            ),
          );
        await tx.insert(userRoles).values({ tenantId, userId: id, roleName: role });
        return true;
      });
    },

    /** Enables or disables a user; disabling ends every session of theirs. */
    async setEnabled(tenantId: string, id: string, enabled: boolean, at: Date): Promise<boolean> {
      return db.transaction(async (tx) => {
        const rows = await tx
          .update(tenantUsers)
          .set({ enabled, updatedAt: at })
          .where(byId(tenantId, id))
          .returning({ id: tenantUsers.id });
        if (rows.length === 0) return false;
        if (!enabled) await endUserSessions(tx, tenantId, id, at);
        return true;
      });
    },

    /** Users of one corporation by id, with whether they belong to the operator's corporation. */
    async findMany(tenantId: string, ids: readonly string[]) {
      if (ids.length === 0) return [];
      const rows = await db
        .select({
          id: tenantUsers.id,
          enabled: tenantUsers.enabled,
          corporationIsSystem: corporations.isSystem,
        })
        .from(tenantUsers)
        .innerJoin(corporations, eq(corporations.id, tenantUsers.tenantId))
        .where(and(eq(tenantUsers.tenantId, tenantId), inArray(tenantUsers.id, [...ids])));
      return rows;
    },

    /** Enables or disables users in one statement; a disabled user's sessions end. Returns those changed. */
    async setEnabledMany(
      tenantId: string,
      ids: readonly string[],
      enabled: boolean,
      at: Date,
    ): Promise<string[]> {
      if (ids.length === 0) return [];
      return db.transaction(async (tx) => {
        const rows = await tx
          .update(tenantUsers)
          .set({ enabled, updatedAt: at })
          .where(
            and(
              eq(tenantUsers.tenantId, tenantId),
              inArray(tenantUsers.id, [...ids]),
              ne(tenantUsers.enabled, enabled),
            ),
          )
          .returning({ id: tenantUsers.id });
        if (!enabled) for (const row of rows) await endUserSessions(tx, tenantId, row.id, at);
        return rows.map((row) => row.id);
      });
    },

    async updateProfile(tenantId: string, id: string, values: Omit<TenantUserValues, 'email'>, at: Date) {
      const rows = await db
        .update(tenantUsers)
        .set({ ...values, updatedAt: at })
        .where(byId(tenantId, id))
        .returning({ id: tenantUsers.id });
      return rows.length > 0;
    },

    async setPreferences(tenantId: string, id: string, values: { attentionDigest: boolean }, at: Date) {
      await db
        .update(tenantUsers)
        .set({ ...values, updatedAt: at })
        .where(byId(tenantId, id));
    },

    async passwordHash(tenantId: string, id: string): Promise<string | null | undefined> {
      const [row] = await db
        .select({ passwordHash: tenantUsers.passwordHash })
        .from(tenantUsers)
        .where(byId(tenantId, id));
      return row ? row.passwordHash : undefined;
    },

    /** Sets a new password hash; the caller ends the sessions it wants ended. */
    async setPassword(tenantId: string, id: string, passwordHash: string, at: Date) {
      const rows = await db
        .update(tenantUsers)
        .set({ passwordHash, passwordChangedAt: at, updatedAt: at })
        .where(byId(tenantId, id))
        .returning({ id: tenantUsers.id });
      return rows.length > 0;
    },

    async profileImage(tenantId: string, id: string) {
      const [row] = await db
        .select({ image: tenantUsers.profileImage, type: tenantUsers.profileImageType })
        .from(tenantUsers)
        .where(byId(tenantId, id));
      return row;
    },

    async setProfileImage(tenantId: string, id: string, image: { data: Buffer; type: string }, at: Date) {
      const rows = await db
        .update(tenantUsers)
        .set({ profileImage: image.data, profileImageType: image.type, updatedAt: at })
        .where(byId(tenantId, id))
        .returning({ id: tenantUsers.id });
      return rows.length > 0;
    },

    async ownProfile(tenantId: string, id: string) {
      const [row] = await db
        .select({
          ...personColumns,
          passwordChangedAt: tenantUsers.passwordChangedAt,
          attentionDigest: tenantUsers.attentionDigest,
        })
        .from(tenantUsers)
        .innerJoin(corporations, eq(corporations.id, tenantUsers.tenantId))
        .where(byId(tenantId, id));
      return row ? { ...row, passwordChangedAt: isoText(row.passwordChangedAt) } : undefined;
    },
  };
}
export type TenantUsersRepository = ReturnType<typeof tenantUsersRepository>;
