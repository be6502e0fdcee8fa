import { sql } from 'drizzle-orm';
import { doneOnTimeDays, type Engagement, type EngagementMonth } from '@homeminder/shared/contracts/mail';
import { formatPerZone } from '@homeminder/shared/format';
import type { Database } from '../../db/client';
import { REMINDER_KIND } from '../../db/email-outbox';

type Counts = Omit<EngagementMonth, 'month'>;
const noCounts = (): Counts => ({ sent: 0, done: 0, later: 0, help: 0, occurrences: 0, doneOnTime: 0 });

const yearAndMonth = formatPerZone({ year: 'numeric', month: 'numeric' });

/** 'YYYY-MM' of the month `back` months before the one of `now` in `timeZone`. */
function monthKey(now: Date, timeZone: string, back: number): string {
  const found = yearAndMonth(timeZone).formatToParts(now);
  const year = Number(found.find((part) => part.type === 'year')?.value);
  const month = Number(found.find((part) => part.type === 'month')?.value);
  const index = year * 12 + (month - 1) - back;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/**
 * A corporation's engagement by month over the last 12 (docs/decisions/064), for the whole
 * corporation or one realtor's clients. Months are the corporation's; each statement reads one
 * corporation's rows of those months off its (tenant, time) index.
 */
export function engagementQueries(db: Database) {
  async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
    return ((await db.execute(query)) as { rows: T[] }).rows;
  }

  return {
    async engagement(
      tenantId: string,
      realtorId: string | null,
      timeZone: string,
      now: Date,
    ): Promise<Engagement> {
      const at = now.toISOString();
      // The first instant of the month 11 months back, in the corporation's zone.
      const since = sql`((date_trunc('month', ${at}::timestamptz at time zone ${timeZone}) - interval '11 months')
        at time zone ${timeZone})`;
      const month = (column: ReturnType<typeof sql>) =>
        sql`to_char(${column} at time zone ${timeZone}, 'YYYY-MM')`;
      const ownEmail = realtorId
        ? sql`and exists (select 1 from reminder_subscriptions s
            join properties p on p.tenant_id = s.tenant_id and p.id = s.property_id
            join client_users c on c.tenant_id = p.tenant_id and c.id = p.client_user_id
            where s.tenant_id = o.tenant_id and s.id = o.subscription_id and c.realtor_id = ${realtorId})`
        : sql``;
      const ownReply = realtorId
        ? sql`and exists (select 1 from client_users c
            where c.tenant_id = a.tenant_id and c.id = a.client_user_id and c.realtor_id = ${realtorId})`
        : sql``;
      const deliveredAt = sql`coalesce(o.sent_at, o.created_at)`;
      const sent = await rows<{ month: string; sent: number }>(sql`
        select ${month(deliveredAt)} as month, count(*)::int as sent
        from email_outbox o
        where o.tenant_id = ${tenantId} and o.kind = ${REMINDER_KIND} and o.status in ('sent', 'kept')
          and o.created_at >= ${since} - interval '40 days' and ${deliveredAt} >= ${since} ${ownEmail}
        group by 1`);
      const replied = await rows<{ month: string; done: number; later: number; help: number }>(sql`
        select ${month(sql`a.created_at`)} as month,
          (count(*) filter (where a.kind = 'done'))::int as done,
          (count(*) filter (where a.kind = 'later'))::int as later,
          (count(*) filter (where a.kind = 'help'))::int as help
        from reminder_answers a
        where a.tenant_id = ${tenantId} and a.created_at >= ${since} ${ownReply}
        group by 1`);
      // An occurrence is a reminder email for a due date of its own (a put-off's email is for the
      // same occurrence), by the month it fell due. It counts once its 30 days are over, or once
      // done within them: a month still running is not held against anybody.
      const doneOnTime = sql`exists (select 1 from reminder_answers d
        where d.tenant_id = o.tenant_id and d.subscription_id = o.subscription_id and d.due_at = o.due_at
          and d.kind = 'done'
          and d.done_on <= (o.due_at at time zone ${timeZone})::date + ${doneOnTimeDays}::int)`;
      const occurrences = await rows<{ month: string; occurrences: number; doneOnTime: number }>(sql`
        select ${month(sql`o.due_at`)} as month,
          (count(*) filter (where ${doneOnTime}
            or o.due_at + make_interval(days => ${doneOnTimeDays}::int) <= ${at}::timestamptz))::int as occurrences,
          (count(*) filter (where ${doneOnTime}))::int as "doneOnTime"
        from email_outbox o
        where o.tenant_id = ${tenantId} and o.kind = ${REMINDER_KIND} and o.status in ('sent', 'kept')
          and o.created_at >= ${since} - interval '40 days' and o.due_at >= ${since}
          and not exists (select 1 from reminder_answers m where m.tenant_id = o.tenant_id
            and m.subscription_id = o.subscription_id and m.kind = 'later' and m.moved_to = o.due_at)
          ${ownEmail}
        group by 1`);

      const months = new Map<string, EngagementMonth>();
      for (let back = 11; back >= 0; back -= 1) {
        const key = monthKey(now, timeZone, back);
        months.set(key, { month: key, ...noCounts() });
      }
      for (const row of [...sent, ...replied, ...occurrences]) {
        const one = months.get(row.month);
        if (one) Object.assign(one, { ...row, month: one.month });
      }
      const list = [...months.values()];
      const totals = noCounts();
      for (const one of list) {
        for (const key of Object.keys(totals) as Array<keyof Counts>) totals[key] += one[key];
      }
      return { months: list, totals };
    },
  };
}
