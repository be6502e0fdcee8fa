import { sql } from 'drizzle-orm';
import type { TestApp } from './test-app';

/** The id of the tenant user with `email`. */
export async function tenantUserId(t: TestApp, email: string): Promise<string> {
  const [row] = await t.rows<{ id: string }>(sql`select id from tenant_users where email = ${email}`);
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
}

/** The header of a call made while acting as another user, with the token impersonation gave. */
export const acting = (token: string) => ({ impersonation: `Impersonated ${token}` });
