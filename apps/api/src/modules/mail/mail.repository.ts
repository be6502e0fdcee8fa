import { and, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { ReminderActivity, SentMailItem, SentMailQuery } from '@homeminder/shared/contracts/mail';
import type { Database } from '../../db/client';
import { countRows, pageRows } from '../../db/query-helpers';
import { withTenant } from '../../db/data-scope';
import { corporations, emailOutbox, tenantUsers } from '../../db/schema';
import {
  c,
  clientPersonColumns,
  p,
  propertyClientJoin,
  s,
  subscriptionPropertyJoin,
} from '../../db/client-property-queries';
import {
  REMINDER_KIND,
  REMINDER_KINDS,
  REMINDER_MONTHLY_KIND,
  unsubscribedMailError,
} from '../../db/email-outbox';
import { activeSubscription } from './dispatcher';
import { engagementQueries } from './engagement.repository';

const o = emailOutbox;
const dayMs = 86_400_000;

function itemSelection() {
  return {
    id: o.id,
    tenantId: o.tenantId,
    tenantName: corporations.name,
    kind: o.kind,
    toAddress: o.toAddress,
    subject: o.subject,
    status: o.status,
    attempts: o.attempts,
    createdAt: o.createdAt,
    sentAt: o.sentAt,
    nextAttemptAt: o.nextAttemptAt,
    lastError: o.lastError,
  };
}

function toItem(row: {
  createdAt: Date;
  sentAt: Date | null;
  nextAttemptAt: Date;
  status: string;
  [key: string]: unknown;
}): SentMailItem {
  return {
    ...(row as unknown as SentMailItem),
    status: row.status as SentMailItem['status'],
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    nextAttemptAt: row.nextAttemptAt.toISOString(),
  };
}

const utcDay = (at: Date) => at.toISOString().slice(0, 10);

export function mailRepository(db: Database) {
  return {
    ...engagementQueries(db),

    async corporationTimeZone(tenantId: string): Promise<string | null> {
      const [row] = await db
        .select({ timeZone: corporations.timeZone })
        .from(corporations)
        .where(eq(corporations.id, tenantId));
      return row?.timeZone ?? null;
    },

    /** A page of the outbox, newest first; `tenantId` null means every corporation (operator only). */
    async page(tenantId: string | null, query: SentMailQuery) {
      const conditions: SQL[] = [];
      if (tenantId) conditions.push(eq(o.tenantId, tenantId));
      if (query.status) conditions.push(eq(o.status, query.status));
      if (query.to) conditions.push(sql`lower(${o.toAddress}) = lower(${query.to})`);
      const where = conditions.length ? and(...conditions) : undefined;
      const rows = await pageRows(
        db
          .select(itemSelection())
          .from(o)
          .leftJoin(corporations, eq(corporations.id, o.tenantId))
          .where(where)
          .orderBy(desc(o.createdAt), desc(o.id)),
        query,
      );
      return { items: rows.map(toItem), totalItemCount: await countRows(db, o, where) };
    },

    async detail(tenantId: string, id: string) {
      const [row] = await db
        .select({ ...itemSelection(), html: o.html, text: o.text })
        .from(o)
        .leftJoin(corporations, eq(corporations.id, o.tenantId))
        .where(and(eq(o.tenantId, tenantId), eq(o.id, id.toLowerCase())));
      return row ? { ...toItem(row), html: row.html, text: row.text } : undefined;
    },

    /** The client an unsubscribe link names, with what the page shows. */
    async unsubscribeTarget(tenantId: string, clientUserId: string) {
      return withTenant(db, tenantId, async () => {
        const [row] = await db
          .select({
            ...clientPersonColumns,
            unsubscribedAt: c.unsubscribedAt,
            corporationName: corporations.name,
            reminderCount: sql<number>`(select count(*)::int from ${s}
            join ${p} on ${p.tenantId} = ${s.tenantId} and ${p.id} = ${s.propertyId}
            where ${p.tenantId} = ${c.tenantId} and ${p.clientUserId} = ${c.id})`,
          })
          .from(c)
          .innerJoin(corporations, eq(corporations.id, c.tenantId))
          .where(and(eq(c.tenantId, tenantId), eq(c.id, clientUserId)));
        return row;
      });
    },

    /**
     * Stops a client's reminders: marks the client unsubscribed and cancels their reminder emails
     * not yet delivered. Returns false when they had already unsubscribed.
     */
    async unsubscribe(tenantId: string, clientUserId: string, at: Date): Promise<boolean> {
      return withTenant(db, tenantId, async () => {
        return db.transaction(async (tx) => {
          const updated = await tx
            .update(c)
            .set({ unsubscribedAt: at, updatedAt: at })
            .where(and(eq(c.tenantId, tenantId), eq(c.id, clientUserId), isNull(c.unsubscribedAt)))
            .returning({ id: c.id });
          await tx
            .update(o)
            .set({ status: 'cancelled', lastError: unsubscribedMailError })
            .where(
              and(
                eq(o.tenantId, tenantId),
                inArray(o.kind, REMINDER_KINDS),
                inArray(o.status, ['pending']),
                or(
                  inArray(
                    o.subscriptionId,
                    tx
                      .select({ id: s.id })
                      .from(s)
                      .innerJoin(p, subscriptionPropertyJoin)
                      .where(and(eq(s.tenantId, tenantId), eq(p.clientUserId, clientUserId))),
                  ),
                  // The monthly email names no subscription: it is the client's by its address.
                  and(
                    eq(o.kind, REMINDER_MONTHLY_KIND),
                    sql`lower(${o.toAddress}) = (select lower(${c.email}) from ${c}
                          where ${c.tenantId} = ${tenantId} and ${c.id} = ${clientUserId})`,
                  ),
                ),
              ),
            );
          return updated.length > 0;
        });
      });
    },

    /** An image for an email: a corporation's branding image or a user's profile photo. */
    async image(kind: 'branding' | 'profile', tenantId: string, id: string) {
      return withTenant(db, tenantId, async () => {
        if (kind === 'branding') {
          const [row] = await db
            .select({ data: corporations.brandingImage, type: corporations.brandingImageType })
            .from(corporations)
            .where(eq(corporations.id, tenantId));
          return row?.data && row.type ? { data: row.data, type: row.type } : undefined;
        }
        const [row] = await db
          .select({ data: tenantUsers.profileImage, type: tenantUsers.profileImageType })
          .from(tenantUsers)
          .where(and(eq(tenantUsers.tenantId, tenantId), eq(tenantUsers.id, id)));
        return row?.data && row.type ? { data: row.data, type: row.type } : undefined;
      });
    },

    /**
     * Reminders sent and failed per day over the last 30 days and due per day over the next 30,
     * for a corporation, or for one realtor's clients. Days are UTC days.
     */
    async activity(
      tenantId: string,
      realtorId: string | null,
      now: Date,
    ): Promise<Omit<ReminderActivity, 'engagement'>> {
      const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
      const since = new Date(today - 29 * dayMs);
      // The same 30 days from now as Home's "Reminders due" tile and upcoming list.
      const until = new Date(now.getTime() + 30 * dayMs);
      const dayOf = (column: SQL | typeof s.nextDueAt) =>
        sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD')`;
      const ownClients = realtorId
        ? sql`and exists (select 1 from ${s} join ${p} on ${p.tenantId} = ${s.tenantId} and ${p.id} = ${s.propertyId}
            join ${c} on ${c.tenantId} = ${p.tenantId} and ${c.id} = ${p.clientUserId}
            where ${s.tenantId} = ${o.tenantId} and ${s.id} = ${o.subscriptionId} and ${c.realtorId} = ${realtorId})`
        : sql``;
      const deliveredAt = sql`coalesce(${o.sentAt}, ${o.createdAt})`;
      const history = await db
        .select({
          day: dayOf(deliveredAt),
          sent: sql<number>`(count(*) filter (where ${o.status} in ('sent', 'kept')))::int`,
          failed: sql<number>`(count(*) filter (where ${o.status} = 'failed'))::int`,
        })
        .from(o)
        .where(
          sql`${o.tenantId} = ${tenantId} and ${o.kind} = ${REMINDER_KIND}
            and ${deliveredAt} >= ${since.toISOString()}::timestamptz ${ownClients}`,
        )
        .groupBy(dayOf(deliveredAt));
      const upcoming = await db
        .select({ day: dayOf(s.nextDueAt), upcoming: sql<number>`count(*)::int` })
        .from(s)
        .innerJoin(p, subscriptionPropertyJoin)
        .innerJoin(c, propertyClientJoin)
        .innerJoin(corporations, eq(corporations.id, s.tenantId))
        .where(
          and(
            eq(s.tenantId, tenantId),
            sql`${s.nextDueAt} >= ${now.toISOString()}::timestamptz and ${s.nextDueAt} < ${until.toISOString()}::timestamptz`,
            activeSubscription,
            realtorId ? eq(c.realtorId, realtorId) : undefined,
          ),
        )
        .groupBy(dayOf(s.nextDueAt));

      const days = new Map<string, { date: string; sent: number; failed: number; upcoming: number }>();
      for (let offset = -29; offset <= 30; offset += 1) {
        const date = utcDay(new Date(today + offset * dayMs));
        days.set(date, { date, sent: 0, failed: 0, upcoming: 0 });
      }
      for (const row of history) {
        const day = days.get(row.day);
        if (day) Object.assign(day, { sent: row.sent, failed: row.failed });
      }
      for (const row of upcoming) {
        const day = days.get(row.day);
        if (day) day.upcoming = row.upcoming;
      }
      const list = [...days.values()];
      return {
        days: list,
        totals: {
          sent: list.reduce((sum, day) => sum + day.sent, 0),
          failed: list.reduce((sum, day) => sum + day.failed, 0),
          upcoming: list.reduce((sum, day) => sum + day.upcoming, 0),
        },
      };
    },
  };
}
export type MailRepository = ReturnType<typeof mailRepository>;
