/** Sessions, password resets and the keys the server signs with. */
import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { clientOf } from './clients';
import { bytea, createdAt } from './columns';
import { staffMemberOf } from './staff';

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the bearer token; the token itself is never stored. */
    tokenHash: text().primaryKey(),
    tenantId: uuid().notNull(),
    /** The staff member signed in; null on a homeowner's session. */
    userId: uuid(),
    /** The homeowner (client) signed in; null on a staff session (docs/decisions/062). */
    clientUserId: uuid(),
    /** For an impersonation token: the session of the real user acting as this one. */
    parentTokenHash: text(),
    rememberMe: boolean().notNull().default(false),
    createdAt: createdAt(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
    userAgent: text(),
    ipAddress: text(),
  },
  (t) => [
    index().on(t.tenantId, t.userId),
    index().on(t.parentTokenHash),
    index().on(t.tenantId, t.clientUserId),
    staffMemberOf(t.tenantId, t.userId),
    clientOf(t.tenantId, t.clientUserId),
    check('sessions_one_person', sql`(${t.userId} is null) <> (${t.clientUserId} is null)`),
  ],
);

export const passwordResets = pgTable(
  'password_resets',
  {
    tokenHash: text().primaryKey(),
    tenantId: uuid().notNull(),
    userId: uuid(),
    /** A homeowner's reset link names the client instead of a staff member. */
    clientUserId: uuid(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index().on(t.tenantId, t.userId),
    index().on(t.tenantId, t.clientUserId),
    staffMemberOf(t.tenantId, t.userId),
    clientOf(t.tenantId, t.clientUserId),
    check('password_resets_one_person', sql`(${t.userId} is null) <> (${t.clientUserId} is null)`),
  ],
);

/**
 * Keys the server signs with (unsubscribe links, image links in emails): made once, at the first
 * start, and shared by every server process through the database (docs/decisions/027).
 */
export const serverSecrets = pgTable('server_secrets', {
  name: text().primaryKey(),
  value: bytea().notNull(),
  createdAt: createdAt(),
});
