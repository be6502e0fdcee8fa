/**
 * A reminder names what its task needs of the home (docs/decisions/090): the furnace filter's size
 * where the home lists its furnace, nothing where it does not.
 */
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { serverSecret, signer } from '../../lib/signing';
import { describeEachDriver } from '../../test/test-app';
import { reminderDispatcher } from './dispatcher';

interface Due {
  id: string;
  tenant_id: string;
  property_id: string;
}

describeEachDriver("a reminder's details for the home", (t) => {
  /** Sendable subscriptions of a task, each of another home. */
  const subscriptionsOf = (task: string) =>
    t.rows<Due>(sql`
      select distinct on (s.property_id) s.id, s.tenant_id, s.property_id
        from reminder_subscriptions s
        join reminders r on r.id = s.reminder_id
        join properties p on p.tenant_id = s.tenant_id and p.id = s.property_id
        join client_users c on c.tenant_id = p.tenant_id and c.id = p.client_user_id
       where r.name = ${task} and p.enabled and not p.pending and c.enabled and c.unsubscribed_at is null
       order by s.property_id`);
  const textOf = async (subscriptionId: string) =>
    (
      await t.rows<{ text: string }>(
        sql`select text from email_outbox where subscription_id = ${subscriptionId}`,
      )
    )[0]?.text;

  it('names the filter size of the furnace the home lists, and nothing for a home without one', async () => {
    const [listed, unlisted] = await subscriptionsOf('Replace HVAC filter');
    expect(unlisted, 'two homes get the filter reminder').toBeDefined();
    await t.rows(sql`
      insert into home_systems (tenant_id, property_id, kind, type, filter_size)
      values (${listed!.tenant_id}, ${listed!.property_id}, 'heating', 'gasFurnace', '16x25x1'),
             (${listed!.tenant_id}, ${listed!.property_id}, 'waterHeater', 'tankGas', null)`);
    const due = new Date(t.clock.now().getTime() - 60_000).toISOString();
    await t.rows(sql`update reminder_subscriptions set next_due_at = ${due}::timestamptz
      where id in (${listed!.id}, ${unlisted!.id})`);

    const db = t.database.db;
    await reminderDispatcher({
      db,
      quietHours: false,
      signing: signer(serverSecret(db)),
      portalUrl: 'http://portal.example/ui/',
      now: t.clock.now,
    }).dispatchDue();

    expect(await textOf(listed!.id)).toContain('Replace HVAC filter\nSwap the furnace or air-handler filter');
    expect(await textOf(listed!.id)).toContain('For your home: Filter 16x25x1');
    expect(await textOf(unlisted!.id)).toContain('Replace HVAC filter');
    expect(await textOf(unlisted!.id)).not.toContain('For your home');
  });
});
