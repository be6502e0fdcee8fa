/**
 * Reminders: the catalogue, each home's subscriptions, the homeowners' replies and a corporation's
 * default set.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  foreignKey,
  index,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { clientOf, propertyOf } from './clients';
import { createdAt, tenantRowKey, timestamps } from './columns';
import { corporations } from './corporations';

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
