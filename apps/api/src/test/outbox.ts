import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { ACME_TENANT_ID } from '../db/demo-data';
import { outboxSender } from '../modules/mail/sender';
import type { TestApp } from './test-app';

export { suppressedMailErrors } from '../modules/mail/sender';

/** The emails queued for an address (matched whatever its case), oldest first. */
export async function outboxFor(t: TestApp, email: string) {
  return t.rows<{ subject: string; text: string; html: string; kind: string }>(
    sql`select subject, text, html, kind from email_outbox where lower(to_address) = lower(${email}) order by created_at, id`,
  );
}

/** Asks for a password reset for the address, as the Forgot Password page does: its email is queued. */
export async function askForReset(t: TestApp, email: string, ip?: string): Promise<void> {
  const response = await t.api({ method: 'POST', path: '/auth/forgot-password', body: { email }, ip });
  expect(response.statusCode, response.body).toBe(202);
}

/**
 * Puts `count` plain emails of Acme in the outbox, due now, to `<label>-<n>@outbox.test`, due one
 * millisecond apart so that they are claimed in order; returns their addresses in that order.
 */
export async function queueTestEmails(t: TestApp, label: string, count: number): Promise<string[]> {
  const first = t.clock.nowMs() - 60_000;
  await t.rows(sql`
    insert into email_outbox (tenant_id, kind, to_address, subject, html, text, next_attempt_at, created_at)
    select ${ACME_TENANT_ID}::uuid, 'test', ${label}::text || '-' || n || '@outbox.test', 'Test ' || n, '<p>Test</p>', 'Test',
           to_timestamp((${first}::bigint + n) / 1000.0), to_timestamp((${first}::bigint + n) / 1000.0)
      from generate_series(1, ${count}::int) as n`);
  return Array.from({ length: count }, (_, index) => `${label}-${index + 1}@outbox.test`);
}

/**
 * Delivers the due outbox through a transport that only notes each recipient, on the test clock:
 * the sender's totals, and to whom it sent.
 */
export async function deliverDue(t: TestApp) {
  const to: string[] = [];
  const sender = outboxSender({
    db: t.database.db,
    quietHours: false,
    transport: async (mail) => void to.push(mail.to),
    now: t.clock.now,
  });
  return { ...(await sender.sendDue()), to };
}
