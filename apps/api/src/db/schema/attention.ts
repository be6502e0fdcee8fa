/** Who needs attention, kept as it happens, the realtors' morning digests and homes' system notices. */
import {
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { clientOf } from './clients';
import { createdAt } from './columns';
import { homeSystems } from './homes';
import { staffMemberOf } from './staff';

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
