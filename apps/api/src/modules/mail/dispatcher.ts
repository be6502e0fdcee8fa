import { and, asc, eq, isNull, lte, sql } from 'drizzle-orm';
import { formatDueDateInWords } from '@homeminder/shared/due-date';
import { dueInWords, quietHoursAfter } from '@homeminder/shared/reminder-timing';
import { scheduleTimeZone } from '@homeminder/shared/schedule';
import { climateZoneOf } from '@homeminder/shared/climate';
import type { Database } from '../../db/client';
import { withAllTenants } from '../../db/data-scope';
import { corporations, maintenanceFrequencies, reminders } from '../../db/schema';
import { taskDetails } from '@homeminder/shared/home-plan';
import { memo } from '../../lib/memo';
import { metrics } from '../../lib/metrics';
import { replyTokenLifetimeMs } from '../../lib/reply-token';
import type { Signer } from '../../lib/signing';
import { mailboxOf, mailLinks } from '../../lib/mail/links';
import { mailFrom as defaultMailFrom } from '../../env';
import {
  c,
  p,
  propertyClientJoin,
  s,
  scheduleColumns,
  subscriptionPropertyJoin,
  realtor,
  realtorCardColumns,
} from '../../db/client-property-queries';
import { nextDueAfter } from '../clients';
import { reminderEmail } from './reminder-email';
import {
  emailBrandColumns,
  insertReminderEmails,
  REMINDER_KIND,
  REMINDER_NUDGE_KIND,
  type ReminderOutboxRow,
} from '../../db/email-outbox';
import { nudgeStep, remindStep, type ReminderStep } from './reminder-steps';
import { emailFrames, replyUrlsOf } from './reminder-parts';
import { countUnanswered, repliedSinceSent, systemsOfHomes } from './dispatch-reads';
import { heardCadence, monthlyEmailDue } from '@homeminder/shared/email-cadence';
import { brandName } from '@homeminder/shared/brand';
import {
  heardWithTexts,
  insertReminderTexts,
  reminderTextRow,
  textPhoneColumn,
  type ReminderTextRow,
} from '../texts';

const co = corporations;

/**
 * Subscriptions that may send: the property enabled and not pending, the client enabled and not
 * unsubscribed, the corporation enabled, the reminder not turned off by the homeowner. Others keep
 * their due date and wait (a pause).
 */
export const activeSubscription = and(
  isNull(s.pausedAt),
  eq(p.enabled, true),
  eq(p.pending, false),
  eq(c.enabled, true),
  isNull(c.unsubscribedAt),
  eq(co.enabled, true),
)!;

export interface DispatcherOptions {
  db: Database;
  signing: Signer;
  /** The portal's address for links in emails, ending with the base path. */
  portalUrl: string;
  /** The From line of emails; its mailbox takes the unsubscribe emails of mail programs. */
  mailFrom?: string;
  /** Reminders wait in the outbox until the night of the home's time zone is over. */
  quietHours: boolean;
  /** A text provider is set up: clients who agreed are texted each reminder too (docs/decisions/106). */
  texts?: boolean;
  now?: () => Date;
  batchSize?: number;
}

/**
 * Turns due subscriptions into reminder emails. Each batch is one transaction: it claims
 * subscriptions whose time to remind (or to nudge) has come with FOR UPDATE SKIP LOCKED (another
 * process skips them rather than waits), writes one outbox message per reminder (at most one of
 * a kind per subscription and due date, ever, by the unique key) and moves each subscription's
 * dates on (`reminder-steps.ts`). Several dispatchers may run at once, in one process or many:
 * none sends a reminder another has sent. Messages wait out the home's quiet hours in the outbox.
 *
 * A paused subscription (property disabled or pending, client disabled or unsubscribed,
 * corporation disabled) is claimed too, but sends nothing: its date just moves on, as resuming
 * would move it (docs/decisions/025). So nothing stays due, and each batch reads only new rows.
 */
export function reminderDispatcher({
  db,
  signing,
  portalUrl,
  mailFrom = defaultMailFrom({ PUBLIC_URL: portalUrl }),
  quietHours,
  texts = false,
  now = () => new Date(),
  batchSize = 500,
}: DispatcherOptions) {
  const links = mailLinks(signing, portalUrl);
  const fromMailbox = mailboxOf(mailFrom);

  /**
   * One batch of the subscriptions whose time to remind has come, or (`nudge`) whose nudge has;
   * returns how many it claimed and how many reminders it queued.
   */
  async function dispatchBatch(
    claim: 'remind' | 'nudge' = 'remind',
  ): Promise<{ claimed: number; queued: number }> {
    const at = now();
    const claimAt = claim === 'remind' ? s.remindAt : s.nudgeAt;
    await signing.ready();
    // One batch claims due subscriptions of every corporation: the dispatcher is a system task.
    return withAllTenants(db, () =>
      db.transaction(async (tx) => {
        // Claim first, on the subscriptions alone, then read what the emails need for the claimed
        // rows: as one join, the planner cannot tell how many rows the row-level policy lets
        // through and joins every due subscription before sorting (O(due) per batch).
        const claimed = tx.$with('claimed').as(
          tx
            .select({ tenantId: s.tenantId, id: s.id })
            .from(s)
            .where(lte(claimAt, sql.placeholder('at')))
            .orderBy(asc(claimAt), asc(s.tenantId), asc(s.propertyId))
            .limit(sql.placeholder('limit'))
            .for('update', { skipLocked: true }),
        );
        const due = await tx
          .with(claimed)
          .select({
            sendable: sql<boolean>`${activeSubscription}`,
            tenantId: s.tenantId,
            id: s.id,
            ...scheduleColumns,
            remindedDueAt: s.remindedDueAt,
            nudgeAt: s.nudgeAt,
            nudgeDueAt: s.nudgeDueAt,
            passedDueAt: s.passedDueAt,
            lastSentAt: s.lastSentAt,
            frequencyName: maintenanceFrequencies.name,
            propertyTimeZone: p.timeZone,
            corporationTimeZone: co.timeZone,
            ...emailBrandColumns,
            clientUserId: c.id,
            clientFirstName: c.firstName,
            clientLastName: c.lastName,
            clientEmail: c.email,
            emailCadence: c.emailCadence,
            unansweredReminders: c.unansweredReminders,
            textPhone: textPhoneColumn(c),
            addressLine: p.addressLine,
            city: p.city,
            zip: p.zip,
            propertyId: s.propertyId,
            task: reminders.name,
            taskDescription: reminders.description,
            taskNeeds: reminders.needs,
            ...realtorCardColumns,
          })
          .from(claimed)
          .innerJoin(s, and(eq(s.tenantId, claimed.tenantId), eq(s.id, claimed.id)))
          .innerJoin(p, subscriptionPropertyJoin)
          .innerJoin(c, propertyClientJoin)
          .innerJoin(co, eq(co.id, s.tenantId))
          .innerJoin(reminders, eq(reminders.id, s.reminderId))
          .innerJoin(maintenanceFrequencies, eq(maintenanceFrequencies.id, s.maintenanceFrequencyId))
          .leftJoin(
            realtor,
            and(eq(realtor.tenantId, c.tenantId), eq(realtor.id, c.realtorId), eq(realtor.enabled, true)),
          )
          // Prepared: planning this join took longer than running it.
          .prepare(`reminder_${claim}_batch`)
          .execute({ at, limit: batchSize });
        if (due.length === 0) return { claimed: 0, queued: 0 };
        const replied = claim === 'nudge' ? await repliedSinceSent(tx, due) : new Set<string>();
        // Due dates fall at one local hour, so a batch shares few distinct dates: each is computed once.
        const nextDates = new Map<string, string>();
        // Who is emailed each reminder, and who is texted it (docs/decisions/103 and 106).
        const emailed = due.map((row) => heardCadence(row.emailCadence, row.unansweredReminders) === 'each');
        const texted = due.map((row) => texts && row.textPhone !== null);
        const steps = due.map((row, index): ReminderStep => {
          const heard = heardWithTexts(
            heardCadence(row.emailCadence, row.unansweredReminders),
            row.unansweredReminders,
            texted[index]!,
          );
          if (claim === 'nudge') return nudgeStep({ ...row, heard, replied: replied.has(row.id) });
          const timeZone = scheduleTimeZone(row.propertyTimeZone, row.corporationTimeZone);
          return remindStep(
            { ...row, heard },
            at,
            () =>
              // As resuming counts (docs/decisions/052); every claimed date is at or before `at`,
              // so the next one is the first after `at`.
              new Date(
                memo(
                  nextDates,
                  `${timeZone}|${row.anchorOn}|${row.intervalMonths}|${row.season ?? ''}|${climateZoneOf(row)}`,
                  () => nextDueAfter(row, timeZone, at).toISOString(),
                ),
              ),
          );
        });
        const systems = await systemsOfHomes(
          tx,
          due.filter((row, index) => steps[index]!.stage !== null && row.taskNeeds !== null),
        );

        const frameOf = emailFrames(signing, links, fromMailbox, at);
        const replyLinksExpireAt = new Date(at.getTime() + replyTokenLifetimeMs);
        const dueTexts = new Map<string, string>();
        // When each home's emails may leave: now, or 8:00 after its night (docs/decisions/102).
        const sendTimes = new Map<string, Date>();
        const messages: ReminderOutboxRow[] = [];
        const textRows: ReminderTextRow[] = [];
        const advances = [];
        // Reminders sent to each client in this batch: the quiet are counted (docs/decisions/103).
        const sentTo = new Map<string, { tenant_id: string; id: string; sent: number; month: string }>();
        const monthOf = new Map<string, string>();
        for (const [index, row] of due.entries()) {
          const { stage, dueAt, dates } = steps[index]!;
          advances.push({
            tenant_id: row.tenantId,
            id: row.id,
            next_due_at: dates.nextDueAt.toISOString(),
            reminded_due_at: dates.remindedDueAt?.toISOString() ?? null,
            nudge_at: dates.nudgeAt?.toISOString() ?? null,
            nudge_due_at: dates.nudgeDueAt?.toISOString() ?? null,
            passed_due_at: dates.passedDueAt?.toISOString() ?? null,
            sent: stage === 'ahead' || stage === 'due',
          });
          if (stage === null) continue;
          if (stage !== 'nudge') {
            const client = memo(sentTo, row.clientUserId, () => ({
              tenant_id: row.tenantId,
              id: row.clientUserId,
              sent: 0,
              month: memo(
                monthOf,
                row.corporationTimeZone,
                () => monthlyEmailDue(at, scheduleTimeZone(row.corporationTimeZone)).month,
              ),
            }));
            client.sent += 1;
          }
          const timeZone = scheduleTimeZone(row.propertyTimeZone, row.corporationTimeZone);
          const sendAt = quietHours ? memo(sendTimes, timeZone, () => quietHoursAfter(at, timeZone)) : at;
          // Shown in the corporation's zone, as on every screen and in the export; ahead of the
          // date, as the homeowner reads it when it arrives ("next Saturday").
          const dueDateText = memo(
            dueTexts,
            `${stage}|${row.corporationTimeZone}|${dueAt.getTime()}|${sendAt.getTime()}`,
            () =>
              stage === 'ahead'
                ? dueInWords(dueAt, sendAt, scheduleTimeZone(row.corporationTimeZone))
                : formatDueDateInWords(dueAt, scheduleTimeZone(row.corporationTimeZone)),
          );
          const replyUrls = replyUrlsOf(signing, links, {
            tenantId: row.tenantId,
            clientUserId: row.clientUserId,
            subscriptionId: row.id,
            dueAt,
            expiresAt: replyLinksExpireAt,
          });
          if (texted[index])
            textRows.push(
              reminderTextRow(portalUrl, {
                tenantId: row.tenantId,
                clientUserId: row.clientUserId,
                phone: row.textPhone!,
                sender: brandName({ siteName: row.siteName, name: row.corporationName }),
                task: row.task,
                due: dueDateText,
                nudge: stage === 'nudge',
                subscriptionId: row.id,
                dueAt,
                timeZone,
                sendAt,
                answerUrl: replyUrls.done,
              }),
            );
          if (!emailed[index]) continue;
          const frame = await frameOf(row);
          const content = reminderEmail({
            ...frame,
            stage,
            clientFirstName: row.clientFirstName,
            clientLastName: row.clientLastName,
            property: { addressLine: row.addressLine, city: row.city, state: row.state, zip: row.zip },
            task: row.task,
            taskDescription: row.taskDescription,
            taskDetails: taskDetails(row.taskNeeds, systems.get(row.propertyId) ?? []),
            frequencyName: row.frequencyName,
            dueDateText,
            replyUrls,
          });
          messages.push({
            tenant_id: row.tenantId,
            kind: stage === 'nudge' ? REMINDER_NUDGE_KIND : REMINDER_KIND,
            to_address: row.clientEmail,
            from_name: frame.brand.name,
            headers: content.headers,
            subject: content.subject,
            html: content.html,
            text: content.text,
            subscription_id: row.id,
            due_at: dueAt.toISOString(),
            time_zone: timeZone,
            next_attempt_at: sendAt.toISOString(),
          });
        }
        // Set-based writes, each row set sent as one JSON parameter.
        const atText = at.toISOString();
        await insertReminderEmails(tx, messages, at);
        await insertReminderTexts(tx, textRows, at);
        await tx.execute(sql`
        update reminder_subscriptions as s
           set next_due_at = v.next_due_at,
               reminded_due_at = v.reminded_due_at,
               nudge_at = v.nudge_at,
               nudge_due_at = v.nudge_due_at,
               passed_due_at = v.passed_due_at,
               last_sent_at = case when v.sent then ${atText}::timestamptz else s.last_sent_at end,
               updated_at = ${atText}::timestamptz
          from jsonb_to_recordset(${JSON.stringify(advances)}::jsonb)
               as v(tenant_id uuid, id uuid, next_due_at timestamptz, reminded_due_at timestamptz,
                    nudge_at timestamptz, nudge_due_at timestamptz, passed_due_at timestamptz, sent boolean)
         where s.tenant_id = v.tenant_id and s.id = v.id`);
        if (sentTo.size > 0) await countUnanswered(tx, [...sentTo.values()], at);
        return { claimed: due.length, queued: messages.length };
      }),
    );
  }

  return {
    dispatchBatch,
    /** Batches until nothing is due, then until no nudge is; returns how many reminders were queued. */
    async dispatchDue(): Promise<number> {
      let total = 0;
      for (const claim of ['remind', 'nudge'] as const) {
        for (;;) {
          const { claimed, queued } = await dispatchBatch(claim);
          metrics.remindersClaimed.inc(claimed);
          metrics.remindersQueued.inc(queued);
          total += queued;
          if (claimed < batchSize) break;
        }
      }
      return total;
    },
  };
}
export type ReminderDispatcher = ReturnType<typeof reminderDispatcher>;
