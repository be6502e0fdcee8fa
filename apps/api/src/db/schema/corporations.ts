/** Corporations (tenants), and the roles and privileges their users are given (global reference data). */
import type { LeadDays } from '@homeminder/shared/reminder-timing';
import { type EmailCadence } from '@homeminder/shared/email-cadence';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import { bytea, timestamps } from './columns';

export const corporations = pgTable(
  'corporations',
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    /** The operator's own tenant, whose users hold the system privileges. */
    isSystem: boolean().notNull().default(false),
    enabled: boolean().notNull().default(true),
    // Tenant site
    siteName: text(),
    siteUrl: text(),
    contactEmail: text(),
    contactPhone: text(),
    timeZone: text().notNull().default('America/New_York'),
    /** When a new home's reminders go, until its owner or staff choose (docs/decisions/102). */
    reminderLeadDays: smallint().$type<LeadDays>().notNull().default(0),
    /** How often a new client is emailed, until they or staff choose (docs/decisions/103). */
    emailCadence: text().$type<EmailCadence>().notNull().default('each'),
    // Address
    addressLine: text(),
    city: text(),
    state: text(),
    zip: text(),
    // Billing: never a full card number nor a CVV.
    billingName: text(),
    cardBrand: text(),
    cardLast4: text(),
    cardExpiry: text(),
    // Tenant license
    licensedProperties: integer().notNull().default(0),
    licenseStartsOn: date(),
    licenseEndsOn: date(),
    // Branding image, re-encoded on upload
    brandingImage: bytea(),
    brandingImageType: text(),
    /** The `#rrggbb` colour of the corporation's emails. */
    brandColour: text(),
    /**
     * Moves on whenever a client or property of the corporation changes (triggers of migration
     * 0008): the client grid keeps its totals per version (docs/decisions/036).
     */
    clientGridVersion: bigint({ mode: 'number' }).notNull().default(0),
    ...timestamps,
  },
  (t) => [
    index().on(t.name),
    check('corporations_reminder_lead_days_check', sql`${t.reminderLeadDays} in (0, 3, 7, 14)`),
    check('corporations_email_cadence_check', sql`${t.emailCadence} in ('each', 'monthly')`),
  ],
);

/** The same for a row the corporation owns directly, which references the corporation itself. */
export const corporationRowKey = {
  tenantId: uuid()
    .notNull()
    .references(() => corporations.id),
  id: uuid().notNull().defaultRandom(),
};

export const privileges = pgTable('privileges', {
  name: text().primaryKey(),
  description: text().notNull().default(''),
});

export const roles = pgTable('roles', {
  name: text().primaryKey(),
  description: text().notNull().default(''),
});

export const rolePrivileges = pgTable(
  'role_privileges',
  {
    roleName: text()
      .notNull()
      .references(() => roles.name, { onDelete: 'cascade' }),
    privilegeName: text()
      .notNull()
      .references(() => privileges.name, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.roleName, t.privilegeName] })],
);
