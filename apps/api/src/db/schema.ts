/**
 * The whole domain of docs/requirements.md §12. Every tenant-owned table leads its primary key and
 * indexes with tenant_id, and references other tenant rows by (tenant_id, id): a row can never
 * point into another corporation, and the data can later be distributed by tenant.
 */
import type { LeadDays } from '@homeminder/shared/reminder-timing';
import { quietAfter, type EmailCadence } from '@homeminder/shared/email-cadence';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';

/** A file sent with an email, as the outbox keeps it. */
export interface EmailAttachment {
  filename: string;
  contentType: string;
  /** The file, base64. */
  content: string;
}

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();

/** When a row people edit was made and last changed. */
const timestamps = { createdAt: createdAt(), updatedAt: updatedAt() };

/** The leading columns of a corporation's row: the corporation, then the row's id, the pair its primary key. */
const tenantRowKey = { tenantId: uuid().notNull(), id: uuid().notNull().defaultRandom() };

/**
 * The client grid's name order (last name, first name, id, ignoring case), the last columns of the
 * indexes a page in that order is read off.
 */
const nameOrder = (t: { lastName: AnyPgColumn; firstName: AnyPgColumn; id: AnyPgColumn }) =>
  [sql`lower(${t.lastName})`, sql`lower(${t.firstName})`, t.id] as const;

/**
 * A row's staff member (`userId`), client (`clientUserId`) or property (`propertyId`) in the row's own corporation, the row
 * going when they go: the tenant-first reference every such table makes.
 */
const staffMemberOf = (tenantId: AnyPgColumn, userId: AnyPgColumn) =>
  foreignKey({
    columns: [tenantId, userId],
    foreignColumns: [tenantUsers.tenantId, tenantUsers.id],
  }).onDelete('cascade');
const clientOf = (tenantId: AnyPgColumn, clientUserId: AnyPgColumn) =>
  foreignKey({
    columns: [tenantId, clientUserId],
    foreignColumns: [clientUsers.tenantId, clientUsers.id],
  }).onDelete('cascade');
const propertyOf = (tenantId: AnyPgColumn, propertyId: AnyPgColumn) =>
  foreignKey({
    columns: [tenantId, propertyId],
    foreignColumns: [properties.tenantId, properties.id],
  }).onDelete('cascade');

// ─── Corporations (tenants) ───────────────────────────────────────────────────────────────────

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
const corporationRowKey = {
  tenantId: uuid()
    .notNull()
    .references(() => corporations.id),
  id: uuid().notNull().defaultRandom(),
};

// ─── Roles and privileges (global reference data) ──────────────────────────────────────────────

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

// ─── Tenant users: corporate users and realtors ────────────────────────────────────────────────

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

// ─── Clients, properties, reminders ────────────────────────────────────────────────────────────

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
    // The monthly email's claim: the clients who hear monthly, by choice or for being quiet.
    index('client_users_monthly_idx')
      .on(t.tenantId, t.monthlySentFor)
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

/**
 * A home's profile (docs/decisions/088), one row a property once someone answers: each column is
 * one of `homeProfileFields`, null while nobody is sure. Its own table, so that answering it never
 * moves the client grid's version.
 */
export const homeProfiles = pgTable(
  'home_profiles',
  {
    tenantId: uuid().notNull(),
    propertyId: uuid().notNull(),
    homeKind: text(),
    yearBuilt: smallint(),
    floorArea: integer(),
    stories: smallint(),
    foundation: text(),
    attic: boolean(),
    garage: boolean(),
    lawn: boolean(),
    irrigation: boolean(),
    pool: boolean(),
    waterSupply: text(),
    sewer: text(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.propertyId] }), propertyOf(t.tenantId, t.propertyId)],
);

/**
 * A home's systems and appliances (docs/decisions/089), a row each: its kind and type
 * (`homeSystemKinds` in packages/shared), what is known of it, and the details tasks need, each
 * null while nobody is sure. A home may list several of a kind (two furnaces, say).
 */
export const homeSystems = pgTable(
  'home_systems',
  {
    ...tenantRowKey,
    propertyId: uuid().notNull(),
    kind: text().notNull(),
    type: text(),
    installedYear: smallint(),
    installedMonth: smallint(),
    brand: text(),
    model: text(),
    serial: text(),
    filterSize: text(),
    capacity: smallint(),
    waterFilter: boolean(),
    fuel: text(),
    warrantyEndsOn: date({ mode: 'string' }),
    notes: text(),
    /**
     * The day it reaches the low end of its typical life (`wearsFromOf`), written with every save;
     * null when its age or its kind's life is not known. Who needs attention reads it.
     */
    wearsFrom: date({ mode: 'string' }),
    /** When its kind, type or installation date were last given: a wear is told from then on. */
    installedSetAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('home_systems_property_idx').on(t.tenantId, t.propertyId),
    propertyOf(t.tenantId, t.propertyId),
    check('home_systems_month_with_year', sql`${t.installedMonth} is null or ${t.installedYear} is not null`),
  ],
);

/**
 * A system's label photo and manual (docs/decisions/091), a row each: in the database with the rest
 * of the home, so its backups hold them too, and removed with the system.
 */
export const homeSystemFiles = pgTable(
  'home_system_files',
  {
    tenantId: uuid().notNull(),
    systemId: uuid().notNull(),
    /** 'label' (a photo, re-encoded) or 'manual' (a PDF, as sent). */
    kind: text().notNull(),
    contentType: text().notNull(),
    /** The cleaned name the download is saved under. */
    fileName: text().notNull(),
    data: bytea().notNull(),
    uploadedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.systemId, t.kind] }),
    foreignKey({
      columns: [t.tenantId, t.systemId],
      foreignColumns: [homeSystems.tenantId, homeSystems.id],
    }).onDelete('cascade'),
    check('home_system_files_kind', sql`${t.kind} in ('label', 'manual')`),
  ],
);

/**
 * A home's care record (docs/decisions/094), an entry each: a reminder marked done (`reply_id`) or
 * work recorded by hand, with who did it and what it cost. Entries outlive the reminder and the
 * system they name: the database sets `reply_id` and `system_id` to null when those go
 * (hand-written in migration 0033, as Drizzle cannot name the one column to clear).
 */
export const homeCareEntries = pgTable(
  'home_care_entries',
  {
    ...tenantRowKey,
    propertyId: uuid().notNull(),
    systemId: uuid(),
    replyId: uuid(),
    title: text().notNull(),
    doneOn: date({ mode: 'string' }).notNull(),
    /** 'self' or 'pro'. */
    doneBy: text().notNull().default('self'),
    proName: text(),
    proPhone: text(),
    /** Whole cents, so that sums are exact. */
    costCents: integer(),
    note: text(),
    replacesSystem: boolean().notNull().default(false),
    /** Who wrote it: the homeowner or a staff member; null for a reply by an email's link. */
    recordedBy: uuid(),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('home_care_entries_property_idx').on(t.tenantId, t.propertyId, t.doneOn),
    uniqueIndex('home_care_entries_reply_key').on(t.tenantId, t.replyId),
    propertyOf(t.tenantId, t.propertyId),
    check('home_care_entries_done_by', sql`${t.doneBy} in ('self', 'pro')`),
    check('home_care_entries_cost', sql`${t.costCents} is null or ${t.costCents} >= 0`),
  ],
);

/** A care entry's photos and receipts: images re-encoded, PDFs as sent; removed with the entry. */
export const homeCareFiles = pgTable(
  'home_care_files',
  {
    ...tenantRowKey,
    entryId: uuid().notNull(),
    contentType: text().notNull(),
    fileName: text().notNull(),
    data: bytea().notNull(),
    uploadedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('home_care_files_entry_idx').on(t.tenantId, t.entryId),
    foreignKey({
      columns: [t.tenantId, t.entryId],
      foreignColumns: [homeCareEntries.tenantId, homeCareEntries.id],
    }).onDelete('cascade'),
  ],
);

/**
 * A home's sale (docs/decisions/096): marked by staff with its closing date and buyer, closed by the
 * server on that date, when the home passes to the buyer. One open sale a home. A closed sale keeps
 * the seller's copy of the home report up to the sale; it outlives the home and the buyer's client
 * (the database clears only those columns, hand-written in migration 0034).
 */
export const homeSales = pgTable(
  'home_sales',
  {
    ...tenantRowKey,
    propertyId: uuid(),
    /** The home's address when it was sold, for the seller's list once it is no longer theirs. */
    address: text().notNull(),
    sellerId: uuid().notNull(),
    closingOn: date({ mode: 'string' }).notNull(),
    buyerFirstName: text().notNull(),
    buyerLastName: text().notNull(),
    buyerEmail: text().notNull(),
    /** The buyer's realtor in the corporation, if any: the home's realtor after the sale. */
    buyerRealtorId: uuid(),
    /** The client the home passed to, once closed. */
    buyerId: uuid(),
    closedAt: timestamp({ withTimezone: true }),
    /** The home report as it stood at the closing, the seller's to keep (PDF). */
    sellerReport: bytea(),
    markedBy: uuid(),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('home_sales_open_key')
      .on(t.tenantId, t.propertyId)
      .where(sql`${t.closedAt} is null`),
    index('home_sales_due_idx')
      .on(t.closingOn)
      .where(sql`${t.closedAt} is null`),
    index('home_sales_seller_idx').on(t.tenantId, t.sellerId),
    clientOf(t.tenantId, t.sellerId),
  ],
);

/**
 * A home's health score as last worked out (docs/decisions/095): kept so that the client grid and
 * Home filter, sort and count by it. Scored again each day, and whenever the home's page is read.
 */
export const homeHealth = pgTable(
  'home_health',
  {
    tenantId: uuid().notNull(),
    propertyId: uuid().notNull(),
    score: smallint().notNull(),
    band: text().notNull(),
    /** The reasons, largest first: `{ points, text, raise }`. */
    reasons: jsonb().$type<{ points: number; text: string; raise: string }[]>().notNull(),
    scoredOn: date({ mode: 'string' }).notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.propertyId] }),
    index('home_health_tenant_score_idx').on(t.tenantId, t.score),
    propertyOf(t.tenantId, t.propertyId),
  ],
);

export const maintenanceFrequencies = pgTable('maintenance_frequencies', {
  id: smallint().primaryKey(),
  name: text().notNull().unique(),
  /** Interval between reminders, in months (whole months keep due dates on the same day). */
  intervalMonths: smallint().notNull(),
  sortOrder: smallint().notNull(),
});

export const reminders = pgTable(
  'reminders',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** The corporation whose own task this is; null for the shared catalogue every one sees. */
    tenantId: uuid().references(() => corporations.id),
    name: text().notNull(),
    description: text().notNull(),
    category: text().notNull(),
    defaultFrequencyId: smallint()
      .notNull()
      .references(() => maintenanceFrequencies.id),
    /** The season its due dates fall in (`seasons` in packages/shared), or null for any month. */
    season: text(),
    active: boolean().notNull().default(true),
    /**
     * Where a shared catalogue task stands in the default set a new corporation starts with
     * (docs/decisions/060), lowest first; null when it is not in the set. Kept here, as data, so a
     * migration changes the set for installations in use.
     */
    defaultPosition: smallint(),
    /**
     * What a home needs for the task to fit it (`taskNeeds` in packages/shared, docs/decisions/090),
     * or null for every home.
     */
    needs: text(),
  },
  (t) => [
    // Only the shared catalogue makes up the default set: a corporation's own task is its own.
    check('reminders_default_position_shared', sql`${t.defaultPosition} is null or ${t.tenantId} is null`),
    // Names are unique in the shared catalogue and within a corporation's own tasks; that an own
    // task does not take a shared task's name is checked when it is saved.
    uniqueIndex('reminders_shared_name_key')
      .on(sql`lower(${t.name})`)
      .where(sql`${t.tenantId} is null`),
    uniqueIndex('reminders_tenant_name_key')
      .on(t.tenantId, sql`lower(${t.name})`)
      .where(sql`${t.tenantId} is not null`),
  ],
);

export const reminderSubscriptions = pgTable(
  'reminder_subscriptions',
  {
    ...tenantRowKey,
    propertyId: uuid().notNull(),
    reminderId: uuid()
      .notNull()
      .references(() => reminders.id),
    maintenanceFrequencyId: smallint()
      .notNull()
      .references(() => maintenanceFrequencies.id),
    nextDueAt: timestamp({ withTimezone: true }).notNull(),
    /**
     * The local date the schedule counts from: each due date is a whole number of intervals
     * after it, on its day of month (docs/decisions/052).
     */
    anchorOn: date({ mode: 'string' }).notNull(),
    /**
     * The task's season when the schedule started (null: any month), kept so that a task's season
     * changing later, or the catalogue gaining seasons, moves no subscription's dates.
     */
    season: text(),
    /** The first of the month the client said the task was last done in; null for "never / not sure". */
    lastDoneOn: date({ mode: 'string' }),
    lastSentAt: timestamp({ withTimezone: true }),
    /** Set while the homeowner has turned this one reminder off; it keeps its schedule meanwhile. */
    pausedAt: timestamp({ withTimezone: true }),
    /**
     * When the dispatcher next looks at this subscription (docs/decisions/102): the home's lead
     * time before the due date, or the due date once the email ahead has gone. Kept by a trigger
     * from `next_due_at`, `reminded_due_at` and the home's lead time; never written by the code.
     */
    remindAt: timestamp({ withTimezone: true })
      .notNull()
      .default(sql`'-infinity'`),
    /** The due date whose email went ahead of it; on that date the schedule moves on silently. */
    remindedDueAt: timestamp({ withTimezone: true }),
    /** When the one nudge of an unanswered reminder goes, and the due date it is for. */
    nudgeAt: timestamp({ withTimezone: true }),
    nudgeDueAt: timestamp({ withTimezone: true }),
    /**
     * The last due date that came while the client was owed a reminder: until a Done or a Later
     * after it, the monthly email lists the task as overdue (docs/decisions/103).
     */
    passedDueAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('reminder_subscriptions_property_reminder_key').on(t.tenantId, t.propertyId, t.reminderId),
    // Every read by due date is one corporation's: Home's coming reminders and their count, the
    // reminder activity's days ahead (the dispatcher goes by remind_at).
    index('reminder_subscriptions_tenant_due_idx').on(t.tenantId, t.nextDueAt),
    // By home within a moment: a home's reminders due together are claimed in one batch, so its
    // client's row is written once a batch, not once for each reminder (docs/decisions/102).
    index('reminder_subscriptions_remind_idx').on(t.remindAt, t.tenantId, t.propertyId),
    index('reminder_subscriptions_nudge_idx')
      .on(t.nudgeAt, t.tenantId, t.propertyId)
      .where(sql`${t.nudgeAt} is not null`),
    propertyOf(t.tenantId, t.propertyId),
  ],
);

/**
 * A homeowner's replies to reminders (docs/decisions/061): "done", "put off a week" and "help
 * asked", one row each. A row is kept as long as its subscription: the history is the reminder's.
 * `due_at` names the occurrence as it first fell due; a put-off also keeps the date it moved from
 * (the due date of the email replied to) and the one it moved to, so a later put-off of the same
 * occurrence is counted with it.
 */
export const reminderReplies = pgTable(
  'reminder_answers',
  {
    ...tenantRowKey,
    /** 'done', 'later' or 'help'. */
    kind: text().notNull(),
    clientUserId: uuid().notNull(),
    propertyId: uuid().notNull(),
    subscriptionId: uuid().notNull(),
    /** The task, kept so the history reads the same if the subscription changes task. */
    reminderId: uuid()
      .notNull()
      .references(() => reminders.id),
    /** The occurrence: the date it first fell due. */
    dueAt: timestamp({ withTimezone: true }).notNull(),
    /** A put-off: the due date it moved from, the occurrence's or an earlier put-off's. */
    movedFrom: timestamp({ withTimezone: true }),
    movedTo: timestamp({ withTimezone: true }),
    /** "Done": the local date it was done. */
    doneOn: date({ mode: 'string' }),
    note: text(),
    /** 'email' (a signed link) or 'signed-in' (a person in the portal, `actor_user_id`). */
    source: text().notNull(),
    actorUserId: uuid(),
    /**
     * A help request taken in hand by staff (docs/decisions/063): when, by whom and how. The name
     * is kept so the timeline still reads after the staff member is deleted.
     */
    handledAt: timestamp({ withTimezone: true }),
    handledByUserId: uuid(),
    handledByName: text(),
    handledNote: text(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('reminder_answers_client_idx').on(t.tenantId, t.clientUserId, t.createdAt),
    // A corporation's replies by month, for its engagement figures.
    index('reminder_answers_tenant_created_idx').on(t.tenantId, t.createdAt),
    // One "done" and one "help" per occurrence, one put-off per email: replying twice is harmless.
    uniqueIndex('reminder_answers_once_key')
      .on(t.tenantId, t.subscriptionId, t.dueAt, t.kind)
      .where(sql`${t.kind} in ('done', 'help')`),
    uniqueIndex('reminder_answers_put_off_key')
      .on(t.tenantId, t.subscriptionId, t.movedFrom)
      .where(sql`${t.kind} = 'later'`),
    check('reminder_answers_kind_check', sql`${t.kind} in ('done', 'later', 'help')`),
    check('reminder_answers_source_check', sql`${t.source} in ('email', 'signed-in')`),
    check('reminder_answers_handled_check', sql`${t.handledAt} is null or ${t.kind} = 'help'`),
    // The open help requests of a corporation, read by every Home that lists who needs attention.
    index('reminder_answers_open_help_idx')
      .on(t.tenantId, t.createdAt)
      .where(sql`${t.kind} = 'help' and ${t.handledAt} is null`),
    clientOf(t.tenantId, t.clientUserId),
    propertyOf(t.tenantId, t.propertyId),
    foreignKey({
      columns: [t.tenantId, t.subscriptionId],
      foreignColumns: [reminderSubscriptions.tenantId, reminderSubscriptions.id],
    }).onDelete('cascade'),
  ],
);

/**
 * The reminders a corporation's new clients start with (docs/decisions/060): the set-up form
 * offers them chosen, and the bulk upload gives them to rows that name no reminders.
 */
export const defaultReminders = pgTable(
  'default_reminders',
  {
    tenantId: uuid()
      .notNull()
      .references(() => corporations.id, { onDelete: 'cascade' }),
    reminderId: uuid()
      .notNull()
      .references(() => reminders.id),
    maintenanceFrequencyId: smallint()
      .notNull()
      .references(() => maintenanceFrequencies.id),
    /** Order shown on the settings panel and the set-up form, from 0. */
    position: smallint().notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.reminderId] })],
);

// ─── Operator notifications ─────────────────────────────────────────────────────────────────────

export const notifications = pgTable(
  'notifications',
  {
    id: uuid().primaryKey().defaultRandom(),
    title: text().notNull(),
    body: text().notNull(),
    severity: text().notNull().default('info'),
    startsAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    endsAt: timestamp({ withTimezone: true }),
    retiredAt: timestamp({ withTimezone: true }),
    createdBy: uuid(),
    ...timestamps,
  },
  (t) => [index().on(t.startsAt)],
);

export const notificationDismissals = pgTable(
  'notification_dismissals',
  {
    tenantId: uuid().notNull(),
    userId: uuid().notNull(),
    notificationId: uuid()
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    dismissedAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.userId, t.notificationId] }),
    staffMemberOf(t.tenantId, t.userId),
  ],
);

// ─── Document templates ─────────────────────────────────────────────────────────────────────────

export const templates = pgTable(
  'templates',
  {
    ...corporationRowKey,
    /** The caller's own key for the template, unique within the corporation. */
    templateId: text().notNull(),
    name: text().notNull(),
    fileName: text(),
    contentType: text(),
    fileSize: integer(),
    file: bytea(),
    uploadedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('templates_tenant_template_id_key').on(t.tenantId, t.templateId),
    uniqueIndex('templates_tenant_name_key').on(t.tenantId, sql`lower(${t.name})`),
  ],
);

// ─── Bulk upload queue ──────────────────────────────────────────────────────────────────────────

export const bulkItems = pgTable(
  'bulk_items',
  {
    tenantId: uuid()
      .notNull()
      .references(() => corporations.id),
    id: bigint({ mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    /** The browser's GUID for the row, so a re-sent upload does not queue a row twice. */
    itemGuid: uuid().notNull(),
    /** The file the row came from and its line there (the header is line 1); null when sent without. */
    fileName: text(),
    line: integer(),
    /**
     * The browser's id for one reading of a file: uploading a file of the same name again replaces
     * the queued rows of earlier uploads, while the chunks and retries of this one keep each other's.
     */
    uploadId: uuid(),
    data: jsonb().notNull(),
    validationError: text(),
    status: text().notNull().default('queued'),
    createdClientUserId: uuid(),
    processedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('bulk_items_tenant_guid_key').on(t.tenantId, t.itemGuid),
    index().on(t.tenantId, t.status),
    index().on(t.tenantId, t.fileName),
  ],
);

/**
 * A corporation's column mapping for a header row, saved when rows are queued: the next file with
 * the same headers starts from it instead of the guess. Keyed by a hash of the normalised headers.
 */
export const bulkColumnMappings = pgTable(
  'bulk_column_mappings',
  {
    tenantId: uuid()
      .notNull()
      .references(() => corporations.id),
    headerKey: text().notNull(),
    mapping: jsonb().notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.headerKey] })],
);

// ─── Sessions and password resets ───────────────────────────────────────────────────────────────

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
 * The morning emails of clients needing attention (docs/decisions/063): one row per realtor and
 * local day, written when the day's digest is decided, whether or not anything was listed. The
 * primary key is the claim: of several servers, one sends it.
 */
export const attentionDigests = pgTable(
  'attention_digests',
  {
    tenantId: uuid().notNull(),
    userId: uuid().notNull(),
    /** The day in the corporation's time zone. */
    localDate: date({ mode: 'string' }).notNull(),
    /** How many clients it listed; 0 when nothing needed attention and no email went. */
    items: integer().notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.userId, t.localDate] }), staffMemberOf(t.tenantId, t.userId)],
);

/**
 * Why each client needs attention, kept as it happens (docs/decisions/087): one row per client and
 * reason, written by the database's own triggers from `client_attention_rows` (migration 0026), the
 * one definition of the reasons. Time is applied when reading (`attentionRules`), so a day passing
 * changes nothing here.
 */
export const clientAttention = pgTable(
  'client_attention',
  {
    tenantId: uuid().notNull(),
    clientUserId: uuid().notNull(),
    /** One of `attentionReasons`. */
    reason: text().notNull(),
    /** When it began; for an invitation, when the invitation expires. */
    since: timestamp({ withTimezone: true }).notNull(),
    propertyId: uuid(),
    /** The help request. */
    replyId: uuid(),
    /** The task of a help request, as the reply keeps it. */
    reminderId: uuid(),
    /** The overdue subscription, whose task is read as it is now. */
    subscriptionId: uuid(),
    /** The help request's note, or the failed email's subject. */
    detail: text(),
    /** The system likely to need replacing, or whose warranty ends. */
    systemId: uuid(),
    /** The client's realtor, kept with the client's row (docs/decisions/110). */
    realtorId: uuid(),
  },
  (t) => [
    index('client_attention_client_idx').on(t.tenantId, t.clientUserId),
    index('client_attention_since_idx').on(t.tenantId, t.since),
    // Each reason's days read off its own range, so rows kept for days not yet come (a warranty's
    // end) or long gone (a wear listed years ago) cost nothing to read.
    index('client_attention_reason_idx').on(t.tenantId, t.reason, t.since),
    index('client_attention_realtor_idx').on(t.tenantId, t.realtorId, t.reason, t.since),
    clientOf(t.tenantId, t.clientUserId),
  ],
);

/**
 * The homeowner emails about a system (its wear, its warranty ending), one row per system and
 * notice: the primary key is the claim that sends each once, whichever server finds it due.
 * `notice` names the date it is about ("warrantyLast:2027-03-01"), so a corrected date is told again.
 */
export const homeSystemNotices = pgTable(
  'home_system_notices',
  {
    tenantId: uuid().notNull(),
    systemId: uuid().notNull(),
    notice: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.systemId, t.notice] }),
    foreignKey({
      columns: [t.tenantId, t.systemId],
      foreignColumns: [homeSystems.tenantId, homeSystems.id],
    }).onDelete('cascade'),
  ],
);

// ─── Audit log and email outbox ─────────────────────────────────────────────────────────────────
// Both are partitioned by month (docs/decisions/108): their keys end with the partition's column,
// as PostgreSQL requires, and `db/partitions.ts` makes the months ahead and drops those past keeping.

export const auditLog = pgTable(
  'audit_log',
  {
    tenantId: uuid().notNull(),
    id: bigint({ mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    /** The user the action was done as. */
    actorUserId: uuid(),
    /** The person really at the keyboard: differs from the actor under impersonation. */
    realActorUserId: uuid(),
    action: text().notNull(),
    recordType: text(),
    recordId: text(),
    details: jsonb(),
    ipAddress: text(),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /**
     * The session of acting as another user an entry belongs to (docs/decisions/081): its
     * `auth.impersonation-started` entry and every entry written while it lasted share it.
     */
    sessionId: uuid(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id, t.at] }),
    index().on(t.tenantId, t.at),
    index('audit_log_session_idx')
      .on(t.tenantId, t.sessionId)
      .where(sql`${t.sessionId} is not null`),
    // A client's entries (invited, registered, unsubscribed, subscribed again) for their timeline.
    index('audit_log_client_record_idx')
      .on(t.tenantId, t.recordId, t.at)
      .where(sql`${t.recordType} = 'client-user'`),
  ],
);

export const emailOutbox = pgTable(
  'email_outbox',
  {
    ...tenantRowKey,
    kind: text().notNull(),
    toAddress: text().notNull(),
    /** The name on the From line: the corporation's site name, on the service's sending address. */
    fromName: text(),
    /** Headers beyond the usual ones, such as a reminder's List-Unsubscribe. */
    headers: jsonb().$type<Record<string, string>>(),
    /** Files sent with the email (the seller's home report): name, type and base64 content. */
    attachments: jsonb().$type<EmailAttachment[]>(),
    subject: text().notNull(),
    html: text().notNull(),
    text: text().notNull(),
    /** The subscription and due date a reminder email is for: one email of a kind per due date, ever. */
    subscriptionId: uuid(),
    dueAt: timestamp({ withTimezone: true }),
    /** The home's time zone, whose quiet hours a reminder's retries keep to (docs/decisions/102). */
    timeZone: text(),
    status: text().notNull().default('pending'),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true }),
    lastError: text(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id, t.createdAt] }),
    index('email_outbox_pending_idx').on(t.status, t.nextAttemptAt),
    index('email_outbox_tenant_created_idx').on(t.tenantId, t.createdAt),
    // Within a month only: `reminderEmailKeys` holds the key across months.
    uniqueIndex('email_outbox_subscription_due_kind_key').on(
      t.tenantId,
      t.subscriptionId,
      t.dueAt,
      t.kind,
      t.createdAt,
    ),
    // The emails that failed for good, for who needs attention (docs/decisions/063).
    index('email_outbox_failed_idx')
      .on(t.tenantId, t.createdAt)
      .where(sql`${t.status} = 'failed'`),
    // The same by address: a client's first failed email, kept as it fails (docs/decisions/087).
    index('email_outbox_failed_address_idx')
      .on(t.tenantId, sql`lower(${t.toAddress})`, t.createdAt)
      .where(sql`${t.status} = 'failed'`),
  ],
);

/**
 * One reminder email of a kind per subscription and due date, ever: the outbox's own unique key
 * can only hold within a month's partition, so the key across months lives here, beside it.
 */
export const reminderEmailKeys = pgTable(
  'reminder_email_keys',
  {
    tenantId: uuid().notNull(),
    subscriptionId: uuid().notNull(),
    dueAt: timestamp({ withTimezone: true }).notNull(),
    kind: text().notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.subscriptionId, t.dueAt, t.kind] })],
);

/**
 * Addresses a corporation's mail no longer goes to (docs/decisions/101): a hard bounce or a spam
 * complaint the mail relay reported. The sender cancels mail to them; a client whose address is
 * here needs attention until the address is corrected.
 */
export const emailSuppressions = pgTable(
  'email_suppressions',
  {
    tenantId: uuid()
      .notNull()
      .references(() => corporations.id, { onDelete: 'cascade' }),
    /** The address in lower case. */
    address: text().notNull(),
    /** 'bounce' or 'complaint'. */
    reason: text().notNull(),
    /** Which relay said so: one of `deliveryProviders`. */
    provider: text().notNull(),
    /** The relay's words for why, such as a bounce's diagnostic code. */
    detail: text(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.address] }),
    check('email_suppressions_reason_check', sql`${t.reason} in ('bounce', 'complaint')`),
  ],
);

/**
 * A corporation's own sending domain (docs/decisions/105): its mail leaves From that domain,
 * signed with this DKIM key, once the DKIM record is found in DNS. The private key never leaves
 * the server.
 */
export const sendingDomains = pgTable('sending_domains', {
  tenantId: uuid()
    .primaryKey()
    .references(() => corporations.id, { onDelete: 'cascade' }),
  /** Lower case, without a trailing dot. */
  domain: text().notNull(),
  selector: text().notNull(),
  /** PKCS#8 PEM. */
  privateKey: text().notNull(),
  /** The `p=` of the DKIM record: the public key, DER in base64. */
  publicKey: text().notNull(),
  /** When the DKIM record was last found published with this key; mail is signed only after. */
  verifiedAt: timestamp({ withTimezone: true }),
  ...timestamps,
});

/**
 * The relays' events already acted on, by their own ids: a webhook delivered again (relays retry
 * until they hear 200) changes nothing twice. Not a corporation's row: one event may name
 * addresses of several.
 */
export const deliveryEvents = pgTable(
  'delivery_events',
  {
    provider: text().notNull(),
    eventId: text().notNull(),
    receivedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

// ─── Texts ──────────────────────────────────────────────────────────────────────────────────────

/**
 * A client's agreement to be texted (docs/decisions/106), kept as US carriers ask: the number, the
 * words shown, when, and who collected it. One is in force per client (`ended_at` null); a STOP
 * reply, the client or staff end it, and the row stays as the record.
 */
export const textConsents = pgTable(
  'text_consents',
  {
    ...tenantRowKey,
    clientUserId: uuid().notNull(),
    /** E.164, such as +15555550123. */
    phone: text().notNull(),
    /** The agreement as the person saw it. */
    words: text().notNull(),
    /** 'client', 'staff' (who then is `collectedByUserId`) or 'text-reply' (START). */
    collectedBy: text().notNull(),
    collectedByUserId: uuid(),
    createdAt: createdAt(),
    endedAt: timestamp({ withTimezone: true }),
    /** 'client', 'staff', 'stop-reply' or 'provider' (the carrier reports the number opted out). */
    endedBy: text(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    clientOf(t.tenantId, t.clientUserId),
    uniqueIndex('text_consents_in_force_key')
      .on(t.tenantId, t.clientUserId)
      .where(sql`${t.endedAt} is null`),
    // A STOP or START names a number, not a corporation.
    index('text_consents_phone_idx').on(t.phone, t.createdAt),
  ],
);

/**
 * Texts to send and sent (docs/decisions/106): the email outbox's rules (one per due date and kind,
 * retries, a lease) for the text provider. `link_code` is the short link a text carries.
 */
export const textOutbox = pgTable(
  'text_outbox',
  {
    ...tenantRowKey,
    /** 'reminder', 'reminder-nudge' or 'help'. */
    kind: text().notNull(),
    clientUserId: uuid().notNull(),
    toPhone: text().notNull(),
    body: text().notNull(),
    subscriptionId: uuid(),
    dueAt: timestamp({ withTimezone: true }),
    /** The home's zone, whose quiet hours retries keep to. */
    timeZone: text(),
    /** 'pending', 'sent', 'delivered', 'failed', 'cancelled' or 'kept' (texts are off). */
    status: text().notNull().default('pending'),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true }),
    /** The provider's id of the message (Twilio's SM...), by which its delivery reports find it. */
    providerId: text(),
    lastError: text(),
    linkCode: text(),
    linkUrl: text(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('text_outbox_pending_idx').on(t.status, t.nextAttemptAt),
    uniqueIndex('text_outbox_subscription_due_kind_key').on(t.tenantId, t.subscriptionId, t.dueAt, t.kind),
    uniqueIndex('text_outbox_provider_id_key').on(t.providerId),
    uniqueIndex('text_outbox_link_code_key').on(t.linkCode),
    index('text_outbox_client_idx').on(t.tenantId, t.clientUserId, t.createdAt),
  ],
);

// ─── Server secrets ─────────────────────────────────────────────────────────────────────────────

/**
 * Keys the server signs with (unsubscribe links, image links in emails): made once, at the first
 * start, and shared by every server process through the database (docs/decisions/027).
 */
export const serverSecrets = pgTable('server_secrets', {
  name: text().primaryKey(),
  value: bytea().notNull(),
  createdAt: createdAt(),
});
