/** A home's profile, systems, care record, sale and health. */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
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
} from 'drizzle-orm/pg-core';
import { clientOf, propertyOf } from './clients';
import { bytea, tenantRowKey, timestamps, updatedAt } from './columns';

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
