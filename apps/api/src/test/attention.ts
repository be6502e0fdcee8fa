import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { AttentionList } from '@homeminder/shared/contracts/attention';
import { ACME_TENANT_ID } from '../db/demo-data';
import type { TestApp } from './test-app';

const dayMs = 86_400_000;

/** A client of the fixtures with one of their subscriptions, what a help request points to. */
export interface AttentionClient {
  id: string;
  email: string;
  subscription: string;
  reminder: string;
  property: string;
}

/** The realtor's clients with a subscription each, by email: the fixtures' people. */
export async function attentionClientsOf(
  t: TestApp,
  tenantId: string,
  realtorEmail: string,
): Promise<AttentionClient[]> {
  return t.rows<AttentionClient>(sql`
    select distinct on (c.email) c.id::text as id, c.email, s.id::text as subscription,
           s.reminder_id::text as reminder, p.id::text as property
      from client_users c
      join tenant_users r on r.tenant_id = c.tenant_id and r.id = c.realtor_id
      join properties p on p.tenant_id = c.tenant_id and p.client_user_id = c.id
      join reminder_subscriptions s on s.tenant_id = p.tenant_id and s.property_id = p.id
     where c.tenant_id = ${tenantId} and r.email = ${realtorEmail}
     order by c.email, s.id`);
}

/** The rows of Home's Needs attention, as `token` reads it, of one client; the call must respond 200. */
export async function attentionRowsOf(
  t: TestApp,
  token: string,
  clientId: string,
): Promise<AttentionList['items']> {
  const response = await t.api({ path: '/home/attention', token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AttentionList>().items.filter((item) => item.clientId === clientId);
}

/** A help request the client sent `daysAgo` days ago (by the test clock), not yet handled; its id. */
export async function askedHelp(
  t: TestApp,
  client: AttentionClient,
  daysAgo: number,
  note: string,
  tenantId = ACME_TENANT_ID,
): Promise<string> {
  const ago = (days: number) => new Date(t.clock.nowMs() - days * dayMs).toISOString();
  const [row] = await t.rows<{ id: string }>(sql`insert into reminder_answers
      (tenant_id, kind, client_user_id, property_id, subscription_id, reminder_id, due_at, note, source, created_at)
    values (${tenantId}, 'help', ${client.id}, ${client.property}, ${client.subscription}, ${client.reminder},
      ${ago(daysAgo + 1)}::timestamptz, ${note}, 'email', ${ago(daysAgo)}::timestamptz)
    returning id::text as id`);
  return row!.id;
}
