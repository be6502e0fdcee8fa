import { and, asc, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { ReplyKind, ReplySource } from '@homeminder/shared/reply-words';
import { Role } from '@homeminder/shared/permissions';
import type { Database } from '../../db/client';
import { rolesOf } from '../../db/user-roles';
import { withTenant } from '../../db/data-scope';
import {
  corporations,
  maintenanceFrequencies,
  reminderReplies,
  reminders,
  tenantUsers,
  userRoles,
} from '../../db/schema';
import {
  c,
  clientInScope,
  clientRealtorJoin,
  p,
  propertyAddressColumns,
  propertyClientJoin,
  realtor,
  s,
  scheduleColumns,
  subscriptionPropertyJoin,
} from '../../db/client-property-queries';
import { emailBrandColumns, type QueuedEmail, queueEmail } from '../../db/email-outbox';

const a = reminderReplies;

export interface NewReply {
  tenantId: string;
  kind: ReplyKind;
  clientUserId: string;
  propertyId: string;
  subscriptionId: string;
  reminderId: string;
  dueAt: Date;
  movedFrom?: Date | null;
  movedTo?: Date | null;
  doneOn?: string | null;
  note?: string | null;
  source: ReplySource;
  actorUserId?: string | null;
  createdAt: Date;
}

export function repliesRepository(db: Database) {
  return {
    /**
     * Runs `work` in one transaction of the corporation: a reply reads, decides and writes at
     * once, its subscription locked (`repliedSubscription`) against a second reply at the same time.
     */
    inTenant: <T>(tenantId: string, work: () => Promise<T>) =>
      withTenant(db, tenantId, () => db.transaction(() => work())),

    /** The client's subscription with what a reply's page, rules and email need; locked. */
    async repliedSubscription(tenantId: string, clientUserId: string, subscriptionId: string) {
      const [row] = await db
        .select({
          subscriptionId: s.id,
          propertyId: p.id,
          reminderId: s.reminderId,
          ...scheduleColumns,
          addressLine: p.addressLine,
          city: p.city,
          zip: p.zip,
          propertyTimeZone: p.timeZone,
          corporationTimeZone: corporations.timeZone,
          ...emailBrandColumns,
          task: reminders.name,
          needs: reminders.needs,
          clientUserId: c.id,
          clientFirstName: c.firstName,
          clientLastName: c.lastName,
          clientEmail: c.email,
          clientPhone: c.phone,
          realtorEmail: sql<string | null>`case when ${realtor.enabled} then ${realtor.email} end`,
          realtorFirstName: realtor.firstName,
        })
        .from(s)
        .innerJoin(p, subscriptionPropertyJoin)
        .innerJoin(c, propertyClientJoin)
        .innerJoin(corporations, eq(corporations.id, s.tenantId))
        .innerJoin(reminders, eq(reminders.id, s.reminderId))
        .innerJoin(maintenanceFrequencies, eq(maintenanceFrequencies.id, s.maintenanceFrequencyId))
        .leftJoin(realtor, clientRealtorJoin)
        .where(and(eq(s.tenantId, tenantId), eq(s.id, subscriptionId), eq(c.id, clientUserId)))
        .for('update', { of: s });
      return row;
    },

    /**
     * The occurrence an email's due date belongs to: the date a put-off moved from when the email
     * was for a put-off occurrence, else the date itself.
     */
    async occurrenceOf(tenantId: string, subscriptionId: string, shownDueAt: Date): Promise<Date> {
      const [row] = await db
        .select({ dueAt: a.dueAt })
        .from(a)
        .where(
          and(
            eq(a.tenantId, tenantId),
            eq(a.subscriptionId, subscriptionId),
            eq(a.kind, 'later'),
            eq(a.movedTo, shownDueAt),
          ),
        )
        .limit(1);
      return row?.dueAt ?? shownDueAt;
    },

    /** The replies given to one occurrence, oldest first. */
    async repliesTo(tenantId: string, subscriptionId: string, dueAt: Date) {
      return db
        .select({
          kind: a.kind,
          movedFrom: a.movedFrom,
          movedTo: a.movedTo,
          doneOn: a.doneOn,
          createdAt: a.createdAt,
        })
        .from(a)
        .where(and(eq(a.tenantId, tenantId), eq(a.subscriptionId, subscriptionId), eq(a.dueAt, dueAt)))
        .orderBy(asc(a.createdAt));
    },

    /** Records a reply; false when the same one was recorded already (the unique keys). */
    /** The new reply's id, or null when the occurrence had this reply already. */
    async insertReply(reply: NewReply): Promise<string | null> {
      const [inserted] = await db.insert(a).values(reply).onConflictDoNothing().returning({ id: a.id });
      return inserted?.id ?? null;
    },

    /** The client's last activity (the grid's column), moved on in the reply's transaction. */
    /** A reply: the client's last activity, and they are no longer quiet (docs/decisions/103). */
    async markActivity(tenantId: string, clientUserId: string, at: Date) {
      await db
        .update(c)
        .set({
          lastActivityAt: sql`greatest(${c.lastActivityAt}, ${at.toISOString()}::timestamptz)`,
          unansweredReminders: 0,
          unansweredSince: null,
        })
        .where(and(eq(c.tenantId, tenantId), eq(c.id, clientUserId)));
    },

    /** A click on a reminder's link answers it too: the client is no longer quiet. */
    async markClicked(tenantId: string, clientUserId: string) {
      await db
        .update(c)
        .set({ unansweredReminders: 0, unansweredSince: null })
        .where(and(eq(c.tenantId, tenantId), eq(c.id, clientUserId), gt(c.unansweredReminders, 0)));
    },

    async moveSchedule(
      tenantId: string,
      subscriptionId: string,
      values: { nextDueAt: Date; anchorOn?: string; lastDoneOn?: string },
      at: Date,
    ) {
      await db
        .update(s)
        .set({ ...values, updatedAt: at })
        .where(and(eq(s.tenantId, tenantId), eq(s.id, subscriptionId)));
    },

    /** The addresses of the corporation's enabled administrators. */
    async administratorEmails(tenantId: string): Promise<string[]> {
      const rows = await db
        .select({ email: tenantUsers.email })
        .from(tenantUsers)
        .innerJoin(userRoles, rolesOf(tenantUsers))
        .where(
          and(
            eq(tenantUsers.tenantId, tenantId),
            eq(tenantUsers.enabled, true),
            eq(userRoles.roleName, Role.CorporateAdmin),
          ),
        )
        .orderBy(asc(tenantUsers.email));
      return rows.map((row) => row.email);
    },

    queueEmail: (tenantId: string, email: QueuedEmail, at: Date) => queueEmail(db, tenantId, email, at),

    /** Whether the client is the corporation's, and the realtor's own when `scopeRealtorId` is set. */
    async clientInScope(tenantId: string, scopeRealtorId: string | null, clientUserId: string) {
      const [row] = await db
        .select({ id: c.id })
        .from(c)
        .where(clientInScope(tenantId, scopeRealtorId, eq(c.id, clientUserId)));
      return row !== undefined;
    },

    /** A help request of a client in scope (the realtor's own when set), locked; undefined otherwise. */
    async helpRequestInScope(tenantId: string, scopeRealtorId: string | null, replyId: string) {
      const [row] = await db
        .select({
          id: a.id,
          clientUserId: a.clientUserId,
          clientName: sql<string>`${c.firstName} || ' ' || ${c.lastName}`,
          task: reminders.name,
          handledAt: a.handledAt,
          handledByName: a.handledByName,
        })
        .from(a)
        .innerJoin(c, and(eq(c.tenantId, a.tenantId), eq(c.id, a.clientUserId)))
        .innerJoin(reminders, eq(reminders.id, a.reminderId))
        .where(clientInScope(tenantId, scopeRealtorId, eq(a.id, replyId), eq(a.kind, 'help')))
        .for('update', { of: a });
      return row;
    },

    /** Records who handled a help request, when and how; false when it was handled meanwhile. */
    async markHelpHandled(
      tenantId: string,
      replyId: string,
      handled: { at: Date; userId: string; name: string; note: string },
    ): Promise<boolean> {
      const updated = await db
        .update(a)
        .set({
          handledAt: handled.at,
          handledByUserId: handled.userId,
          handledByName: handled.name,
          handledNote: handled.note,
        })
        .where(and(eq(a.tenantId, tenantId), eq(a.id, replyId), isNull(a.handledAt)))
        .returning({ id: a.id });
      return updated.length > 0;
    },

    /** A client's replies, newest first. */
    async clientReplies(tenantId: string, clientUserId: string, limit: number) {
      return db
        .select({
          id: a.id,
          kind: a.kind,
          source: a.source,
          task: reminders.name,
          propertyId: a.propertyId,
          ...propertyAddressColumns,
          dueAt: a.dueAt,
          doneOn: a.doneOn,
          movedTo: a.movedTo,
          note: a.note,
          createdAt: a.createdAt,
          handledAt: a.handledAt,
          handledByName: a.handledByName,
          handledNote: a.handledNote,
        })
        .from(a)
        .innerJoin(reminders, eq(reminders.id, a.reminderId))
        .innerJoin(p, and(eq(p.tenantId, a.tenantId), eq(p.id, a.propertyId)))
        .where(and(eq(a.tenantId, tenantId), eq(a.clientUserId, clientUserId)))
        .orderBy(desc(a.createdAt), desc(a.id))
        .limit(limit);
    },
  };
}
export type RepliesRepository = ReturnType<typeof repliesRepository>;
/** A reminder subscription as a reply finds it, with what the reply's pages and emails say of it. */
export type RepliedSubscription = NonNullable<Awaited<ReturnType<RepliesRepository['repliedSubscription']>>>;
