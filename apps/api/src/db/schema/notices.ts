/** Operator notifications and the corporations' document templates. */
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { bytea, createdAt, timestamps } from './columns';
import { corporationRowKey } from './corporations';
import { staffMemberOf } from './staff';

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
