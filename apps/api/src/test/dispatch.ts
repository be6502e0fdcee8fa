import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { ACME_TENANT_ID } from '../db/demo-data';
import { serverSecret, signer } from '../lib/signing';
import { reminderDispatcher } from '../modules/mail/dispatcher';
import type { TestApp } from './test-app';

/** The reminder dispatcher over the test app's database and clock. */
export function testDispatcher(
  t: TestApp,
  portalUrl = 'http://portal.example/ui/',
  { texts = false, quietHours = false } = {},
) {
  const db = t.database.db;
  return reminderDispatcher({
    db,
    signing: signer(serverSecret(db)),
    portalUrl,
    quietHours,
    texts,
    now: t.clock.now,
  });
}

export interface SendableSubscription {
  id: string;
  property_id: string;
}

/**
 * Two of Acme's reminders that are sent when due, on two different properties: one to send and
 * one to pause, so a test can compare where each schedule lands.
 */
export async function twoSendableSubscriptions(
  t: TestApp,
): Promise<[SendableSubscription, SendableSubscription]> {
  const [sent, paused] = await t.rows<SendableSubscription>(sql`
    select distinct on (p.id) s.id, s.property_id from reminder_subscriptions s
      join properties p on p.tenant_id = s.tenant_id and p.id = s.property_id
      join client_users c on c.tenant_id = p.tenant_id and c.id = p.client_user_id
     where s.tenant_id = ${ACME_TENANT_ID} and p.enabled and not p.pending and c.enabled
       and c.unsubscribed_at is null
     order by p.id, s.id limit 2`);
  expect(paused).toBeDefined();
  return [sent!, paused!];
}

/** A reminder's next due moment, as stored. */
export async function nextDueAt(t: TestApp, subscriptionId: string): Promise<Date> {
  const [row] = await t.rows<{ next_due_at: string | Date }>(
    sql`select next_due_at from reminder_subscriptions where id = ${subscriptionId}`,
  );
  return new Date(row!.next_due_at);
}
