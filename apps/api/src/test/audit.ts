import { sql } from 'drizzle-orm';
import type { TestApp } from './test-app';

/** The actions of the audit entries about a record, oldest first. */
export async function auditActions(t: TestApp, recordId: string): Promise<string[]> {
  const rows = await t.rows<{ action: string }>(
    sql`select action from audit_log where record_id = ${recordId} order by id`,
  );
  return rows.map((row) => row.action);
}
