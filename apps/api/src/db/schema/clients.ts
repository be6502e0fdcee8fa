/** Clients (homeowners and tenants) and their properties. */
import type { LeadDays } from '@homeminder/shared/reminder-timing';
import { quietAfter, type EmailCadence } from '@homeminder/shared/email-cadence';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { nameOrder, tenantRowKey, timestamps } from './columns';
import { corporationRowKey } from './corporations';
import { tenantUsers } from './staff';

/** A row's client in the row's own corporation, the row going when they go. */
export const clientOf = (tenantId: AnyPgColumn, clientUserId: AnyPgColumn) =>
  foreignKey({
    columns: [tenantId, clientUserId],
    foreignColumns: [clientUsers.tenantId, clientUsers.id],
  }).onDelete('cascade');
/** A row's property in the row's own corporation, the row going when they go. */
export const propertyOf = (tenantId: AnyPgColumn, propertyId: AnyPgColumn) =>
  foreignKey({
    columns: [tenantId, propertyId],
    foreignColumns: [properties.tenantId, properties.id],
  }).onDelete('cascade');

export const clientUsers = pgTable(
  'client_users',
  {
    ...corporationRowKey,
    /** The realtor who looks after this client, if any. */
    realtorId: uuid(),
    firstName: text().notNull(),
    lastName: text().notNull(),
    email: text().notNull(),
    phone: text(),
    enabled: boolean().notNull().default(true),
    /** Set by /register when the client creates a sign-in. */
    passwordHash: text(),
    /** SHA-256 of the token in the client's invitation link; cleared when it is used. */
    invitationCode: text(),
    invitationExpiresAt: timestamp({ withTimezone: true }),
    unsubscribedAt: timestamp({ withTimezone: true }),
    /** SHA-256 of the token in the client's private calendar address; null until they ask for one. */
    calendarTokenHash: text(),
    /**
     * When the client last replied to a reminder (done, put off, help asked): kept by `recordReply`
     * in the reply's transaction so the grid sorts and filters by it off an index
     * (docs/decisions/064).
     */
    lastActivityAt: timestamp({ withTimezone: true }),
    /** An email for each reminder or one a month (docs/decisions/103); new clients get the corporation's. */
    emailCadence: text().$type<EmailCadence>().notNull().default('each'),
    /**
     * Reminder emails sent since the client last answered one (a reply or a click on a link), and
     * when the first of them went: the quiet are sent fewer (`heardCadence`).
     */
    unansweredReminders: integer().notNull().default(0),
    unansweredSince: timestamp({ withTimezone: true }),
    /** The month ('YYYY-MM-01') whose monthly email the client was sent last. */
    monthlySentFor: date(),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    check('client_users_email_cadence_check', sql`${t.emailCadence} in ('each', 'monthly')`),
    // The monthly email's claim: the clients who hear monthly, by choice or for being quiet, whose
    // month is not yet sent (never is the earliest month), so a corporation already done costs one probe.
    index('client_users_monthly_idx')
      .on(t.tenantId, sql`coalesce(${t.monthlySentFor}, '-infinity'::date)`)
      .where(
        sql`${t.emailCadence} = 'monthly' or ${t.unansweredReminders} >= ${sql.raw(String(quietAfter.monthly))}`,
      ),
    // A calendar program fetches the feed with the token alone, as sessions are found.
    uniqueIndex('client_users_calendar_token_key').on(t.calendarTokenHash),
    uniqueIndex('client_users_tenant_email_key').on(t.tenantId, sql`lower(${t.email})`),
    // A relay's report names an address, not a corporation (docs/decisions/101).
    index('client_users_email_idx').on(sql`lower(${t.email})`),
    // An invitation link names no tenant: it is found by its token alone, as sessions are.
    uniqueIndex('client_users_invitation_code_key').on(t.invitationCode),
    // The client grid's default order (by name), for a whole corporation and for one realtor's
    // clients: a page is read off the index instead of sorting every client of the corporation.
    index('client_users_tenant_name_idx').on(t.tenantId, ...nameOrder(t)),
    index('client_users_tenant_realtor_name_idx').on(t.tenantId, t.realtorId, ...nameOrder(t)),
    // Who needs attention (docs/decisions/063): the recent unsubscribes and the open invitations
    // of a corporation, few among its clients.
    index('client_users_unsubscribed_idx')
      .on(t.tenantId, t.unsubscribedAt)
      .where(sql`${t.unsubscribedAt} is not null`),
    index('client_users_open_invitation_idx')
      .on(t.tenantId, t.invitationExpiresAt)
      .where(sql`${t.invitationCode} is not null`),
    // The grid sorted by last activity, either way (never active last both ways), for the
    // corporation and for one realtor: read off the index, as the name order is.
    index('client_users_tenant_activity_desc_idx').on(
      t.tenantId,
      t.lastActivityAt.desc().nullsLast(),
      ...nameOrder(t),
    ),
    index('client_users_tenant_activity_asc_idx').on(
      t.tenantId,
      t.lastActivityAt.asc().nullsLast(),
      ...nameOrder(t),
    ),
    index('client_users_tenant_realtor_activity_desc_idx').on(
      t.tenantId,
      t.realtorId,
      t.lastActivityAt.desc().nullsLast(),
      ...nameOrder(t),
    ),
    index('client_users_tenant_realtor_activity_asc_idx').on(
      t.tenantId,
      t.realtorId,
      t.lastActivityAt.asc().nullsLast(),
      ...nameOrder(t),
    ),
    foreignKey({
      columns: [t.tenantId, t.realtorId],
      foreignColumns: [tenantUsers.tenantId, tenantUsers.id],
    }),
  ],
);

export const properties = pgTable(
  'properties',
  {
    ...tenantRowKey,
    clientUserId: uuid().notNull(),
    addressLine: text().notNull(),
    city: text().notNull(),
    state: text().notNull(),
    zip: text().notNull(),
    timeZone: text(),
    enabled: boolean().notNull().default(true),
    /** Waiting to be confirmed (for example, a sale not yet closed); does not use a license. */
    pending: boolean().notNull().default(false),
    /** How many days before the due date its reminders go, one of `leadDayChoices` (docs/decisions/102). */
    reminderLeadDays: smallint().$type<LeadDays>().notNull().default(0),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index().on(t.tenantId, t.clientUserId),
    index().on(t.tenantId, t.enabled, t.pending),
    check('properties_reminder_lead_days_check', sql`${t.reminderLeadDays} in (0, 3, 7, 14)`),
    clientOf(t.tenantId, t.clientUserId),
  ],
);
