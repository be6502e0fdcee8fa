import { sql } from 'drizzle-orm';
import type { TestApp } from './test-app';

/** The emails queued for an address (matched whatever its case), oldest first. */
export async function outboxFor(t: TestApp, email: string) {
  return t.rows<{ subject: string; text: string; html: string; kind: string }>(
    sql`select subject, text, html, kind from email_outbox where lower(to_address) = lower(${email}) order by created_at, id`,
  );
}
