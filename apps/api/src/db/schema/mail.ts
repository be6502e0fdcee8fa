/**
 * The audit log and the email outbox, with what the relays tell of delivery and the corporations'
 * sending domains. The audit log and the outbox are partitioned by month (docs/decisions/108): their
 * keys end with the partition's column, as PostgreSQL requires, and `db/partitions.ts` makes the
 * months ahead and drops those past keeping.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, tenantRowKey, timestamps } from './columns';
import { corporations } from './corporations';

export interface EmailAttachment {
  filename: string;
  contentType: string;
  /** The file, base64. */
  content: string;
}

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
