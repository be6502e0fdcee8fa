import { brandName } from '@homeminder/shared/brand';
import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import { formatDueDateInWords } from '@homeminder/shared/due-date';
import { scheduleTimeZone } from '@homeminder/shared/schedule';
import { climateZoneOf } from '@homeminder/shared/climate';
import type { Database } from '../../db/client';
import { withAllTenants } from '../../db/data-scope';
import { corporations, homeSystems, maintenanceFrequencies, reminders, tenantUsers } from '../../db/schema';
import type { HomeSystemKind } from '@homeminder/shared/contracts/home-systems';
import { taskDetails, type HomeFacts } from '@homeminder/shared/home-plan';
import { metrics } from '../../lib/metrics';
import { replyKinds } from '@homeminder/shared/reply-words';
import { replyTokenLifetimeMs, mintReplyToken } from '../../lib/reply-token';
import { mintUnsubscribeToken, unsubscribeTokenLifetimeMs, type Signer } from '../../lib/signing';
import { defaultBrandColour } from '../../lib/mail/layout';
import { mailboxOf, mailLinks } from '../../lib/mail/links';
import { mailFrom as defaultMailFrom } from '../../env';
import {
  c,
  p,
  propertyClientJoin,
  s,
  scheduleColumns,
  subscriptionPropertyJoin,
} from '../../db/client-property-queries';
import { nextDueAfter } from '../clients';
import { reminderEmail } from './reminder-email';
import { emailBrandColumns, REMINDER_KIND } from '../../db/email-outbox';

const co = corporations;
const realtor = tenantUsers;

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
  now?: () => Date;
  batchSize?: number;
}

/**
 * Turns due subscriptions into reminder emails. Each batch is one transaction: it claims due
 * subscriptions with FOR UPDATE SKIP LOCKED (another process skips them rather than waits),
 * writes one outbox message per reminder (at most one per subscription and due date, ever, by
 * the unique key) and moves each due date to the first one after now. Several dispatchers may
 * run at once, in one process or many: none sends a reminder another has sent.
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
  now = () => new Date(),
  batchSize = 500,
}: DispatcherOptions) {
  const links = mailLinks(signing, portalUrl);
  const fromMailbox = mailboxOf(mailFrom);

  /** One batch; returns how many due subscriptions it claimed and how many reminders it queued. */
  async function dispatchBatch(): Promise<{ claimed: number; queued: number }> {
    const at = now();
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
            .where(lte(s.nextDueAt, sql.placeholder('at')))
            .orderBy(asc(s.nextDueAt))
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
            frequencyName: maintenanceFrequencies.name,
            propertyTimeZone: p.timeZone,
            corporationTimeZone: co.timeZone,
            ...emailBrandColumns,
            clientUserId: c.id,
            clientFirstName: c.firstName,
            clientLastName: c.lastName,
            clientEmail: c.email,
            addressLine: p.addressLine,
            city: p.city,
            zip: p.zip,
            propertyId: s.propertyId,
            task: reminders.name,
            taskDescription: reminders.description,
            taskNeeds: reminders.needs,
            realtorId: realtor.id,
            realtorFirstName: realtor.firstName,
            realtorLastName: realtor.lastName,
            realtorEmail: realtor.email,
            realtorPhone: realtor.phone,
            realtorHasPhoto: sql<boolean>`${realtor.profileImage} is not null`,
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
          .prepare('reminder_dispatch_batch')
          .execute({ at, limit: batchSize });
        if (due.length === 0) return { claimed: 0, queued: 0 };
        const systems = await systemsOfHomes(
          tx,
          due.filter((row) => row.sendable && row.taskNeeds !== null),
        );

        const expiresAt = new Date(at.getTime() + unsubscribeTokenLifetimeMs);
        const replyLinksExpireAt = new Date(at.getTime() + replyTokenLifetimeMs);
        // Due dates fall at one local hour, so a batch shares few distinct dates: each is computed once.
        const nextDates = new Map<string, string>();
        const dueTexts = new Map<string, string>();
        const memo = <T>(cache: Map<string, T>, key: string, make: () => T): T => {
          let value = cache.get(key);
          if (value === undefined) {
            value = make();
            cache.set(key, value);
          }
          return value;
        };
        // A batch's images are its corporations' logos and realtors' photos: each link signed once.
        const imageLinks = new Map<string, Promise<string>>();
        const imageLink = (key: string, make: () => Promise<string>) => memo(imageLinks, key, make);
        const messages = [];
        const advances = [];
        for (const row of due) {
          const timeZone = scheduleTimeZone(row.propertyTimeZone, row.corporationTimeZone);
          advances.push({
            tenant_id: row.tenantId,
            id: row.id,
            // As resuming counts (docs/decisions/052); every claimed date is at or before `at`,
            // so the next one is the first after `at`.
            next_due_at: memo(
              nextDates,
              `${timeZone}|${row.anchorOn}|${row.intervalMonths}|${row.season ?? ''}|${climateZoneOf(row)}`,
              () => nextDueAfter(row, timeZone, at).toISOString(),
            ),
            sent: row.sendable,
          });
          if (!row.sendable) continue;
          const token = await mintUnsubscribeToken(signing, {
            tenantId: row.tenantId,
            clientUserId: row.clientUserId,
            expiresAt,
          });
          // One link per reply, each bound to this email's due date (docs/decisions/061).
          const replyUrls = Object.fromEntries(
            await Promise.all(
              replyKinds.map(async (kind) => {
                const replyToken = await mintReplyToken(signing, {
                  kind,
                  tenantId: row.tenantId,
                  clientUserId: row.clientUserId,
                  subscriptionId: row.id,
                  dueAt: row.nextDueAt,
                  expiresAt: replyLinksExpireAt,
                });
                return [kind, links.reply(kind, replyToken)] as const;
              }),
            ),
          ) as Record<(typeof replyKinds)[number], string>;
          const brand = {
            name: brandName({ siteName: row.siteName, name: row.corporationName }),
            logoUrl: row.hasBranding
              ? await imageLink(row.tenantId, () => links.brandingImage(row.tenantId))
              : null,
            colour: row.brandColour ?? defaultBrandColour,
          };
          const content = reminderEmail({
            brand,
            clientFirstName: row.clientFirstName,
            clientLastName: row.clientLastName,
            property: { addressLine: row.addressLine, city: row.city, state: row.state, zip: row.zip },
            task: row.task,
            taskDescription: row.taskDescription,
            taskDetails: taskDetails(row.taskNeeds, systems.get(row.propertyId) ?? []),
            frequencyName: row.frequencyName,
            // Shown in the corporation's zone, as on every screen and in the export.
            dueDateText: memo(dueTexts, `${row.corporationTimeZone}|${row.nextDueAt.getTime()}`, () =>
              formatDueDateInWords(row.nextDueAt, scheduleTimeZone(row.corporationTimeZone)),
            ),
            realtor:
              row.realtorId && row.realtorEmail
                ? {
                    name: `${row.realtorFirstName} ${row.realtorLastName}`,
                    email: row.realtorEmail,
                    phone: row.realtorPhone,
                    photoUrl: row.realtorHasPhoto
                      ? await imageLink(`${row.tenantId}/${row.realtorId}`, () =>
                          links.profileImage(row.tenantId, row.realtorId!),
                        )
                      : null,
                  }
                : null,
            unsubscribeUrl: links.unsubscribe(token),
            replyUrls,
            headers: links.listUnsubscribeHeaders(token, fromMailbox),
          });
          messages.push({
            tenant_id: row.tenantId,
            to_address: row.clientEmail,
            from_name: brand.name,
            headers: content.headers,
            subject: content.subject,
            html: content.html,
            text: content.text,
            subscription_id: row.id,
            due_at: row.nextDueAt.toISOString(),
          });
        }
        // Set-based writes, each row set sent as one JSON parameter: the query text stays the same
        // size whatever the batch, and the database does the row work.
        const atText = at.toISOString();
        if (messages.length > 0) {
          await tx.execute(sql`
          insert into email_outbox
            (tenant_id, kind, to_address, from_name, headers, subject, html, text, subscription_id, due_at,
             next_attempt_at, created_at)
          select r.tenant_id, ${REMINDER_KIND}, r.to_address, r.from_name, r.headers, r.subject, r.html, r.text,
                 r.subscription_id, r.due_at, ${atText}::timestamptz, ${atText}::timestamptz
            from jsonb_to_recordset(${JSON.stringify(messages)}::jsonb) as r(
              tenant_id uuid, to_address text, from_name text, headers jsonb, subject text, html text, text text,
              subscription_id uuid, due_at timestamptz)
          on conflict do nothing`);
        }
        await tx.execute(sql`
        update reminder_subscriptions as s
           set next_due_at = v.next_due_at,
               last_sent_at = case when v.sent then ${atText}::timestamptz else s.last_sent_at end,
               updated_at = ${atText}::timestamptz
          from jsonb_to_recordset(${JSON.stringify(advances)}::jsonb)
               as v(tenant_id uuid, id uuid, next_due_at timestamptz, sent boolean)
         where s.tenant_id = v.tenant_id and s.id = v.id`);
        return { claimed: due.length, queued: messages.length };
      }),
    );
  }

  return {
    dispatchBatch,
    /** Batches until nothing is due; returns how many reminders were queued. */
    async dispatchDue(): Promise<number> {
      let total = 0;
      for (;;) {
        const { claimed, queued } = await dispatchBatch();
        metrics.remindersClaimed.inc(claimed);
        metrics.remindersQueued.inc(queued);
        total += queued;
        if (claimed < batchSize) return total;
      }
    },
  };
}
export type ReminderDispatcher = ReturnType<typeof reminderDispatcher>;

/** The systems of the homes whose reminders name their details (docs/decisions/090), by home. */
async function systemsOfHomes(
  db: Pick<Database, 'select'>,
  rows: { tenantId: string; propertyId: string }[],
) {
  const byHome = new Map<string, HomeFacts['systems'][number][]>();
  if (rows.length === 0) return byHome;
  const found = await db
    .select({
      propertyId: homeSystems.propertyId,
      kind: homeSystems.kind,
      type: homeSystems.type,
      filterSize: homeSystems.filterSize,
      waterFilter: homeSystems.waterFilter,
    })
    .from(homeSystems)
    .where(
      and(
        inArray(homeSystems.tenantId, [...new Set(rows.map((row) => row.tenantId))]),
        inArray(homeSystems.propertyId, [...new Set(rows.map((row) => row.propertyId))]),
      ),
    )
    .orderBy(asc(homeSystems.createdAt), asc(homeSystems.id));
  for (const { propertyId, kind, ...system } of found) {
    const list = byHome.get(propertyId) ?? [];
    // Written only through the shared contract, so the kind is one of its kinds.
    list.push({ kind: kind as HomeSystemKind, ...system });
    byHome.set(propertyId, list);
  }
  return byHome;
}
