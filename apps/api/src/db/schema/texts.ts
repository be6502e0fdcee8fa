/** Text messages: consents and the text outbox. */
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { clientOf } from './clients';
import { createdAt, tenantRowKey } from './columns';

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
