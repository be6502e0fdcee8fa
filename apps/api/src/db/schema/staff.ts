/** A corporation's staff: corporate users and realtors, with their roles. */
import { sql } from 'drizzle-orm';
import {
  boolean,
  foreignKey,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { bytea, timestamps } from './columns';
import { corporationRowKey, roles } from './corporations';

/**
 * A row's staff member in the row's own corporation, the row going when they go: the tenant-first
 * reference every such table makes.
 */
export const staffMemberOf = (tenantId: AnyPgColumn, userId: AnyPgColumn) =>
  foreignKey({
    columns: [tenantId, userId],
    foreignColumns: [tenantUsers.tenantId, tenantUsers.id],
  }).onDelete('cascade');

export const tenantUsers = pgTable(
  'tenant_users',
  {
    ...corporationRowKey,
    /** The sign-in name; unique across the service, compared in lower case. */
    email: text().notNull(),
    passwordHash: text(),
    firstName: text().notNull(),
    lastName: text().notNull(),
    phone: text(),
    enabled: boolean().notNull().default(true),
    profileImage: bytea(),
    profileImageType: text(),
    passwordChangedAt: timestamp({ withTimezone: true }),
    lastLoginAt: timestamp({ withTimezone: true }),
    /** Whether the morning email of clients needing attention is wanted (docs/decisions/063). */
    attentionDigest: boolean().notNull().default(true),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('tenant_users_email_key').on(sql`lower(${t.email})`),
    index().on(t.tenantId, t.lastName, t.firstName),
  ],
);

export const userRoles = pgTable(
  'user_roles',
  {
    tenantId: uuid().notNull(),
    userId: uuid().notNull(),
    roleName: text()
      .notNull()
      .references(() => roles.name),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.userId, t.roleName] }), staffMemberOf(t.tenantId, t.userId)],
);
