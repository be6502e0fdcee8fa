// What makes clients need attention (docs/decisions/063), added to a generated world in a few
// set-based statements: replies, reminder emails sent and failed, unsubscribes, invitations,
// bounces and spam complaints, quiet clients and homes' systems, each for a share of every corporation's clients (or homes) picked by a hash of the id.
import { sql } from 'drizzle-orm';
import type { Database } from '../apps/api/src/db/client';
import { settle } from './generate';

/** A client's pick, 0 to 999, stable for the same id. */
const pick = (id: string) => sql.raw(`(abs(hashtext(${id}::text)) % 1000)`);

export async function generateAttention(db: Database): Promise<void> {
  const client = pick('p.client_user_id');
  // Every subscription of 40% of the clients had a reminder 45 days ago.
  await db.execute(sql`
    insert into email_outbox (tenant_id, kind, to_address, subject, html, text, subscription_id, due_at, status, created_at, sent_at)
    select s.tenant_id, 'reminder', c.email, 'Reminder', '', '', s.id, now() - interval '45 days', 'sent',
           now() - interval '45 days', now() - interval '45 days'
      from reminder_subscriptions s
      join properties p on p.tenant_id = s.tenant_id and p.id = s.property_id
      join client_users c on c.tenant_id = p.tenant_id and c.id = p.client_user_id
     where ${client} < 400`);
  // 10% replied to a reminder once, long ago; 8% also marked last month's done, so 2% are overdue.
  await db.execute(sql`
    insert into reminder_answers (tenant_id, kind, client_user_id, property_id, subscription_id, reminder_id, due_at, done_on, source, created_at)
    select s.tenant_id, 'done', p.client_user_id, p.id, s.id, s.reminder_id, now() - interval '200 days',
           (now() - interval '199 days')::date, 'email', now() - interval '199 days'
      from reminder_subscriptions s join properties p on p.tenant_id = s.tenant_id and p.id = s.property_id
     where ${client} < 100
    union all
    select s.tenant_id, 'done', p.client_user_id, p.id, s.id, s.reminder_id, now() - interval '45 days',
           (now() - interval '40 days')::date, 'email', now() - interval '40 days'
      from reminder_subscriptions s join properties p on p.tenant_id = s.tenant_id and p.id = s.property_id
     where ${client} < 80`);
  // 1% asked for help and wait; 2% were helped already.
  await db.execute(sql`
    insert into reminder_answers (tenant_id, kind, client_user_id, property_id, subscription_id, reminder_id, due_at, note, source, created_at,
                                  handled_at, handled_by_name, handled_note)
    select distinct on (p.client_user_id) s.tenant_id, 'help', p.client_user_id, p.id, s.id, s.reminder_id,
           now() - interval '5 days', 'Can you recommend someone?', 'email', now() - (${client} % 10) * interval '1 day',
           case when ${client} >= 510 then now() - interval '1 day' end,
           case when ${client} >= 510 then 'Staff Member' end,
           case when ${client} >= 510 then 'Called' end
      from reminder_subscriptions s join properties p on p.tenant_id = s.tenant_id and p.id = s.property_id
     where ${client} >= 500 and ${client} < 530
     order by p.client_user_id, s.id`);
  const own = pick('c.id');
  // 0.5% have an email that failed for good; 3% unsubscribed in the last 60 days; 5% were invited
  // in the last 30.
  await db.execute(sql`
    insert into email_outbox (tenant_id, kind, to_address, subject, html, text, status, created_at, attempts, last_error)
    select c.tenant_id, 'client-invitation', c.email, 'Your invitation', '', '', 'failed', now() - interval '3 days', 3,
           '550 mailbox unavailable'
      from client_users c where ${own} >= 600 and ${own} < 605`);
  await db.execute(sql`
    update client_users c set unsubscribed_at = now() - (${own} % 60) * interval '1 day'
     where ${own} >= 700 and ${own} < 730`);
  await db.execute(sql`
    update client_users c set invitation_code = md5(c.id::text),
           invitation_expires_at = now() + interval '7 days' - (${own} % 30) * interval '1 day'
     where ${own} >= 800 and ${own} < 850`);
  // Homes' systems entered over the last three years (docs/decisions/093): 30% of homes list a
  // gas tank water heater installed from 2000 to 2024, about a third of them past the start of
  // their wear, listed for the 90 days after they were entered; 10% list a furnace whose warranty
  // ends within three years, listed in its last 60 days.
  const home = pick('p.id');
  await db.execute(sql`
    insert into home_systems (tenant_id, property_id, kind, type, installed_year, wears_from, installed_set_at)
    select p.tenant_id, p.id, 'waterHeater', 'tankGas', 2000 + ${home} % 25,
           make_date(2008 + ${home} % 25, 7, 1), now() - (abs(hashtext(p.id::text || 'set')) % 1095) * interval '1 day'
      from properties p where ${home} < 300`);
  await db.execute(sql`
    insert into home_systems (tenant_id, property_id, kind, type, installed_year, warranty_ends_on)
    select p.tenant_id, p.id, 'heating', 'gasFurnace', 2020,
           (now() + (abs(hashtext(p.id::text || 'end')) % 1095) * interval '1 day')::date
      from properties p where ${home} >= 300 and ${home} < 400`);
  // From the mail relays (docs/decisions/101): 0.5% bounced for good in the last 90 days and 0.3%
  // marked an email as spam; 2% answered none of their last 6 reminders (docs/decisions/103).
  await db.execute(sql`
    insert into email_suppressions (tenant_id, address, reason, provider, detail, created_at)
    select c.tenant_id, lower(c.email), case when ${own} < 905 then 'bounce' else 'complaint' end,
           case when ${own} < 905 then 'ses' else 'postmark' end, '550 5.1.1 user unknown',
           now() - (${own} % 90) * interval '1 day'
      from client_users c where ${own} >= 900 and ${own} < 908`);
  await db.execute(sql`
    update client_users c set unanswered_reminders = 6 + ${own} % 4,
           unanswered_since = now() - (60 + ${own} % 120) * interval '1 day'
     where ${own} >= 950 and ${own} < 970`);
  await settle(db);
}
