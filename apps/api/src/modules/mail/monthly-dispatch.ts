import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { formatDueDateInWords } from '@homeminder/shared/due-date';
import { monthlyEmailDue, quietAfter } from '@homeminder/shared/email-cadence';
import { taskDetails } from '@homeminder/shared/home-plan';
import { dueInWords, quietHoursAfter } from '@homeminder/shared/reminder-timing';
import { myHomePagePath } from '@homeminder/shared/routes';
import { scheduleTimeZone } from '@homeminder/shared/schedule';
import type { Database } from '../../db/client';
import { withAllTenants } from '../../db/data-scope';
import {
  emailBrandColumns,
  insertReminderEmails,
  REMINDER_MONTHLY_KIND,
  type ReminderOutboxRow,
} from '../../db/email-outbox';
import { corporations, maintenanceFrequencies, reminderReplies, reminders } from '../../db/schema';
import {
  c,
  p,
  propertyAddressColumns,
  propertyClientJoin,
  realtor,
  realtorCardColumns,
  s,
  subscriptionPropertyJoin,
} from '../../db/client-property-queries';
import { replyTokenLifetimeMs } from '../../lib/reply-token';
import type { Signer } from '../../lib/signing';
import { mailboxOf, mailLinks } from '../../lib/mail/links';
import { memo } from '../../lib/memo';
import { metrics } from '../../lib/metrics';
import { systemsOfHomes } from './dispatch-reads';
import { monthlyEmail, type MonthlyTask } from './monthly-email';
import { emailFrames, replyUrlsOf } from './reminder-parts';
import { propertyAddress } from './reminder-email';

const co = corporations;
const monthFormat = new Intl.DateTimeFormat('en-US', { month: 'long', timeZone: 'UTC' });

export interface MonthlyDispatcherOptions {
  db: Database;
  signing: Signer;
  /** The portal's address for links in emails, ending with the base path. */
  portalUrl: string;
  mailFrom: string;
  /** The emails wait in the outbox until the night of the corporation's time zone is over. */
  quietHours: boolean;
  now?: () => Date;
  batchSize?: number;
}

/**
 * The monthly email (docs/decisions/103): once the first Saturday's morning of a month has come in
 * its corporation's zone, each client who hears monthly (by choice, or for answering none of their
 * last reminders) gets one email with every task due before the next one and every task whose
 * last due date passed with no Done or Later, the overdue first. A batch claims clients with
 * FOR UPDATE SKIP LOCKED and marks the month sent in the same transaction as the email, so each
 * client gets one a month however many processes run.
 */
export function monthlyDispatcher({
  db,
  signing,
  portalUrl,
  mailFrom,
  quietHours,
  now = () => new Date(),
  batchSize = 200,
}: MonthlyDispatcherOptions) {
  const links = mailLinks(signing, portalUrl);
  const fromMailbox = mailboxOf(mailFrom);

  async function dispatchBatch(): Promise<{ claimed: number; queued: number }> {
    const at = now();
    await signing.ready();
    return withAllTenants(db, async () => {
      const zones = await db
        .select({ id: co.id, timeZone: co.timeZone })
        .from(co)
        .where(eq(co.enabled, true));
      if (zones.length === 0) return { claimed: 0, queued: 0 };
      const months = zones.map((corporation) => {
        const due = monthlyEmailDue(at, scheduleTimeZone(corporation.timeZone));
        return { tenant_id: corporation.id, month: due.month, covers_until: due.coversUntil.toISOString() };
      });
      return db.transaction(async (tx) => {
        // Corporation by corporation, each off client_users_monthly_idx: its condition and its
        // month expression are repeated here word for word.
        const claimed = (
          (await tx.execute(sql`
          select c.tenant_id as "tenantId", c.id, v.month, v.covers_until as "coversUntil"
            from jsonb_to_recordset(${JSON.stringify(months)}::jsonb)
                 as v(tenant_id uuid, month date, covers_until timestamptz)
           cross join lateral (
             select c.tenant_id, c.id from client_users c
              where c.tenant_id = v.tenant_id
                and (c.email_cadence = 'monthly' or c.unanswered_reminders >= ${sql.raw(String(quietAfter.monthly))})
                and coalesce(c.monthly_sent_for, '-infinity'::date) < v.month
                and c.unanswered_reminders < ${quietAfter.none}
                and c.enabled and c.unsubscribed_at is null
              limit ${batchSize}
                for update of c skip locked) c
           limit ${batchSize}`)) as {
            rows: { tenantId: string; id: string; month: string; coversUntil: string }[];
          }
        ).rows;
        if (claimed.length === 0) return { claimed: 0, queued: 0 };
        const clientIds = claimed.map((row) => row.id);
        const tenantIds = [...new Set(claimed.map((row) => row.tenantId))];
        const claimOf = new Map(
          claimed.map((row) => [row.id, { month: row.month, until: new Date(row.coversUntil) }]),
        );
        const latest = new Date(Math.max(...claimed.map((row) => Date.parse(row.coversUntil))));

        const clients = await tx
          .select({
            tenantId: c.tenantId,
            clientUserId: c.id,
            clientFirstName: c.firstName,
            clientLastName: c.lastName,
            clientEmail: c.email,
            corporationTimeZone: co.timeZone,
            ...emailBrandColumns,
            ...realtorCardColumns,
          })
          .from(c)
          .innerJoin(co, eq(co.id, c.tenantId))
          .leftJoin(
            realtor,
            and(eq(realtor.tenantId, c.tenantId), eq(realtor.id, c.realtorId), eq(realtor.enabled, true)),
          )
          .where(and(inArray(c.tenantId, tenantIds), inArray(c.id, clientIds)));

        // Overdue: the last due date that came has no Done or Later since.
        const answeredSince = tx
          .select({ one: sql`1` })
          .from(reminderReplies)
          .where(
            and(
              eq(reminderReplies.tenantId, s.tenantId),
              eq(reminderReplies.subscriptionId, s.id),
              inArray(reminderReplies.kind, ['done', 'later']),
              sql`${reminderReplies.createdAt} >= ${s.passedDueAt}`,
            ),
          );
        const overdue = sql<boolean>`${s.passedDueAt} is not null and not exists (${answeredSince})`;
        const tasks = await tx
          .select({
            tenantId: s.tenantId,
            id: s.id,
            clientUserId: p.clientUserId,
            propertyId: p.id,
            nextDueAt: s.nextDueAt,
            passedDueAt: s.passedDueAt,
            overdue,
            task: reminders.name,
            taskDescription: reminders.description,
            taskNeeds: reminders.needs,
            frequencyName: maintenanceFrequencies.name,
            ...propertyAddressColumns,
          })
          .from(s)
          .innerJoin(p, subscriptionPropertyJoin)
          .innerJoin(c, propertyClientJoin)
          .innerJoin(reminders, eq(reminders.id, s.reminderId))
          .innerJoin(maintenanceFrequencies, eq(maintenanceFrequencies.id, s.maintenanceFrequencyId))
          .where(
            and(
              inArray(p.tenantId, tenantIds),
              inArray(p.clientUserId, clientIds),
              isNull(s.pausedAt),
              eq(p.enabled, true),
              eq(p.pending, false),
              or(lt(s.nextDueAt, latest), overdue),
            ),
          )
          .orderBy(asc(s.nextDueAt), asc(s.id));
        const systems = await systemsOfHomes(
          tx,
          tasks.filter((task) => task.taskNeeds !== null),
        );

        const frameOf = emailFrames(signing, links, fromMailbox, at);
        const replyLinksExpireAt = new Date(at.getTime() + replyTokenLifetimeMs);
        const tasksOf = new Map<string, typeof tasks>();
        for (const task of tasks) memo(tasksOf, `${task.tenantId}/${task.clientUserId}`, () => []).push(task);
        // A batch's clients share a few zones and due dates: each is worked out once.
        const sendTimes = new Map<string, Date>();
        const dueTexts = new Map<string, string>();
        const messages: ReminderOutboxRow[] = [];
        const marked = [];
        for (const client of clients) {
          const { month, until } = claimOf.get(client.clientUserId)!;
          const timeZone = scheduleTimeZone(client.corporationTimeZone);
          const sendAt = quietHours ? memo(sendTimes, timeZone, () => quietHoursAfter(at, timeZone)) : at;
          const listed = (tasksOf.get(`${client.tenantId}/${client.clientUserId}`) ?? [])
            .filter((task) => task.overdue || task.nextDueAt.getTime() < until.getTime())
            .map((task) => ({ ...task, dueAt: task.overdue ? task.passedDueAt! : task.nextDueAt }))
            .sort((a, b) => Number(b.overdue) - Number(a.overdue) || a.dueAt.getTime() - b.dueAt.getTime());
          marked.push({
            tenant_id: client.tenantId,
            id: client.clientUserId,
            month,
            sent: listed.length > 0,
          });
          if (listed.length === 0) continue;
          const homes = new Set(listed.map((task) => task.propertyId));
          const monthlyTasks: MonthlyTask[] = [];
          for (const task of listed) {
            monthlyTasks.push({
              task: task.task,
              taskDescription: task.taskDescription,
              taskDetails: taskDetails(task.taskNeeds, systems.get(task.propertyId) ?? []),
              frequencyName: task.frequencyName,
              dueDateText: memo(
                dueTexts,
                `${task.overdue}|${timeZone}|${task.dueAt.getTime()}|${sendAt.getTime()}`,
                () =>
                  task.overdue
                    ? formatDueDateInWords(task.dueAt, timeZone)
                    : dueInWords(task.dueAt, sendAt, timeZone),
              ),
              overdue: task.overdue,
              address: homes.size > 1 ? propertyAddress(task) : null,
              replyUrls: replyUrlsOf(signing, links, {
                tenantId: client.tenantId,
                clientUserId: client.clientUserId,
                subscriptionId: task.id,
                dueAt: task.dueAt,
                expiresAt: replyLinksExpireAt,
              }),
            });
          }
          const frame = await frameOf(client);
          const content = monthlyEmail({
            ...frame,
            clientFirstName: client.clientFirstName,
            clientLastName: client.clientLastName,
            monthName: monthFormat.format(new Date(`${month}T00:00:00Z`)),
            homeAddress: homes.size === 1 ? propertyAddress(listed[0]!) : null,
            tasks: monthlyTasks,
            myHomeUrl: `${portalUrl}${myHomePagePath}`,
          });
          messages.push({
            tenant_id: client.tenantId,
            kind: REMINDER_MONTHLY_KIND,
            to_address: client.clientEmail,
            from_name: frame.brand.name,
            headers: content.headers,
            subject: content.subject,
            html: content.html,
            text: content.text,
            subscription_id: null,
            due_at: null,
            time_zone: timeZone,
            next_attempt_at: sendAt.toISOString(),
          });
        }
        const atText = at.toISOString();
        await insertReminderEmails(tx, messages, at);
        // The month is done for every claimed client; an email sent counts as a reminder unanswered.
        await tx.execute(sql`
        update client_users as c
           set monthly_sent_for = v.month,
               unanswered_reminders = c.unanswered_reminders + case when v.sent then 1 else 0 end,
               unanswered_since = case when v.sent then coalesce(c.unanswered_since, ${atText}::timestamptz)
                                       else c.unanswered_since end
          from jsonb_to_recordset(${JSON.stringify(marked)}::jsonb)
               as v(tenant_id uuid, id uuid, month date, sent boolean)
         where c.tenant_id = v.tenant_id and c.id = v.id`);
        return { claimed: claimed.length, queued: messages.length };
      });
    });
  }

  return {
    dispatchBatch,
    /** Batches until no client's monthly email is due; returns how many emails were queued. */
    async dispatchDue(): Promise<number> {
      let total = 0;
      for (;;) {
        const { claimed, queued } = await dispatchBatch();
        metrics.remindersQueued.inc(queued);
        total += queued;
        if (claimed < batchSize) return total;
      }
    },
  };
}
export type MonthlyDispatcher = ReturnType<typeof monthlyDispatcher>;
