/** Bulk upload rows made up for tests that kill processing, and what processing made of them. */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { BulkRowData } from '@homeminder/shared/contracts/bulk';
import type { DatabaseHandle } from '../db/client';
import { queryRows, type TestApp } from './test-app';

/** Makes rows for `email`s from the fields a test file starts from; `overrides` changes a few. */
export function bulkRowOf(defaults: Omit<BulkRowData, 'email'>) {
  return (email: string, overrides: Partial<BulkRowData> = {}): BulkRowData => ({
    ...defaults,
    email,
    ...overrides,
  });
}

/** `count` valid rows with emails at `domain`; every second row has a reminder. */
export function bulkRows(domain: string, count: number) {
  return Array.from({ length: count }, (_, index) => ({
    itemId: randomUUID(),
    data: {
      firstName: 'Crash',
      lastName: `Row${index + 1}`,
      email: `row.${index + 1}@${domain}`,
      addressLine: `${index + 1} Harbor Road`,
      city: 'Springfield',
      state: 'IL',
      zip: '62704',
      reminders: index % 2 === 0 ? 'Replace HVAC filter: Monthly' : '',
    },
  }));
}

export interface BulkOutcome {
  clients: number;
  distinctEmails: number;
  properties: number;
  subscriptions: number;
  /** Queue rows of the corporation not processed. */
  unprocessed: number;
  /** Rows marked processed whose client does not exist. */
  orphans: number;
}

/** What is stored for the clients at `domain` of the corporation, and its queue's leftovers. */
export async function bulkOutcome(
  database: DatabaseHandle,
  tenantId: string,
  domain: string,
): Promise<BulkOutcome> {
  const emails = `%@${domain}`;
  const [counts] = await queryRows<BulkOutcome>(
    database,
    sql`select
      (select count(*)::int from client_users where tenant_id = ${tenantId} and email like ${emails}) as "clients",
      (select count(distinct lower(email))::int from client_users where tenant_id = ${tenantId} and email like ${emails}) as "distinctEmails",
      (select count(*)::int from properties p join client_users c on c.tenant_id = p.tenant_id and c.id = p.client_user_id
         where c.tenant_id = ${tenantId} and c.email like ${emails}) as "properties",
      (select count(*)::int from reminder_subscriptions s
         join properties p on p.tenant_id = s.tenant_id and p.id = s.property_id
         join client_users c on c.tenant_id = p.tenant_id and c.id = p.client_user_id
         where c.tenant_id = ${tenantId} and c.email like ${emails}) as "subscriptions",
      (select count(*)::int from bulk_items where tenant_id = ${tenantId} and status <> 'processed') as "unprocessed",
      (select count(*)::int from bulk_items b where b.tenant_id = ${tenantId} and b.status = 'processed'
         and not exists (select 1 from client_users c where c.tenant_id = b.tenant_id and c.id = b.created_client_user_id)) as "orphans"`,
  );
  return counts!;
}

/** Rows lost and rows made twice, of `expected` rows, by what is stored. */
export function lostAndDoubled(counts: BulkOutcome, expected: number) {
  return {
    lost: Math.max(0, expected - counts.clients) + counts.unprocessed + counts.orphans,
    doubled: Math.max(0, counts.clients - expected) + (counts.properties - counts.clients),
  };
}

/**
 * Queues rows for a corporation's bulk upload as the user of `token`; a row without an item id
 * gets a new one.
 */
export function queueBulkRows(
  t: TestApp,
  token: string,
  tenantId: string,
  rows: ReadonlyArray<BulkRowData | { itemId: string; data: BulkRowData }>,
) {
  const items = rows.map((row) => ('itemId' in row ? row : { itemId: randomUUID(), data: row }));
  return t.api({ method: 'POST', path: `/bulk/${tenantId}`, token, body: { items } });
}

/**
 * Queues the rows of an uploaded file as the user of `token`, each on its line of the file: the
 * first on line 2, under the header.
 */
export function queueBulkFile(
  t: TestApp,
  token: string,
  tenantId: string,
  file: { fileName: string; uploadId?: string },
  rows: readonly BulkRowData[],
) {
  const items = rows.map((data, index) => ({ itemId: randomUUID(), line: index + 2, data }));
  return t.api({ method: 'POST', path: `/bulk/${tenantId}`, token, body: { ...file, items } });
}
