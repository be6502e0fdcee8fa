/**
 * A bulk run killed with SIGKILL at a random moment, then run again, loses and duplicates nothing:
 * every good row becomes exactly one client with one property, and every row ends processed.
 * Each run holds three batches (ADR 032) and is killed after none, one or two of them committed,
 * a random moment later: before the first batch, inside a batch's transaction, or between two.
 * `npm test` kills 3 runs; `npm run test:soak` kills 20 (BULK_KILL_RUNS).
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bulkChunkMaxRows } from '@homeminder/shared/contracts/bulk';
import { ACME_TENANT_ID, DEMO_PASSWORD } from '../db/demo-data';
import { prepareDatabase } from '../db/prepare';
import { bulkBatchRows } from '../modules/bulk/bulk-processing';
import { signInAt, startServerProcess, type ServerProcess } from '../test/server-process';
import { createTestDatabase, queryRows, skipDriver, type TestDatabase } from '../test/test-app';

const runs = Number(process.env.BULK_KILL_RUNS ?? 3);
const batchesPerRun = 3;
const rowsPerRun = batchesPerRun * bulkBatchRows;

function rowsOf(domain: string) {
  return Array.from({ length: rowsPerRun }, (_, index) => ({
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

async function api(server: ServerProcess, token: string, method: string, path: string, body?: unknown) {
  return fetch(`${server.base}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

describe.skipIf(skipDriver('postgres'))('bulk processing killed with SIGKILL [postgres]', () => {
  let testDatabase: TestDatabase;

  beforeAll(async () => {
    testDatabase = await createTestDatabase('postgres');
    await prepareDatabase(testDatabase.database, { seedDemo: true });
    // Room for every run's clients under the license.
    await testDatabase.database.ownerDb.execute(
      sql`update corporations set licensed_properties = 100000 where id = ${ACME_TENANT_ID}`,
    );
  });
  afterAll(async () => {
    await testDatabase?.dispose();
  });

  async function processedRows(): Promise<number> {
    const [row] = await queryRows<{ processed: number }>(
      testDatabase.database,
      sql`select count(*)::int as processed from bulk_items
          where tenant_id = ${ACME_TENANT_ID} and status = 'processed'`,
    );
    return row!.processed;
  }

  it(`loses and duplicates nothing over ${runs} killed runs`, { timeout: runs * 60_000 }, async () => {
    let killedMidRun = 0;
    let lost = 0;
    let duplicated = 0;
    for (let run = 1; run <= runs; run += 1) {
      const domain = `run${run}.crash.test`;
      let server = await startServerProcess(testDatabase.url!);
      let token = await signInAt(server.base, 'admin@acme.test', DEMO_PASSWORD);
      const rows = rowsOf(domain);
      for (let start = 0; start < rows.length; start += bulkChunkMaxRows) {
        const chunk = rows.slice(start, start + bulkChunkMaxRows);
        const queued = await api(server, token, 'POST', `/bulk/${ACME_TENANT_ID}`, { items: chunk });
        expect(queued.status, await queued.clone().text()).toBe(200);
      }

      // Start processing, and kill the server once some batches committed, a random moment later.
      let settled = false;
      const processing = api(server, token, 'POST', `/bulk/process/${ACME_TENANT_ID}`)
        .catch(() => undefined)
        .finally(() => (settled = true));
      const committedBatches = Math.floor(Math.random() * batchesPerRun);
      const deadline = Date.now() + 60_000;
      while (
        !settled &&
        Date.now() < deadline &&
        (await processedRows()) < committedBatches * bulkBatchRows
      ) {
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 300));
      server.child.kill('SIGKILL');
      await server.exited;
      await processing;

      const processed = await processedRows();
      if (processed > 0 && processed < rowsPerRun) killedMidRun += 1;

      // Start again and finish the run.
      server = await startServerProcess(testDatabase.url!);
      token = await signInAt(server.base, 'admin@acme.test', DEMO_PASSWORD);
      const finished = await api(server, token, 'POST', `/bulk/process/${ACME_TENANT_ID}`);
      expect(finished.status, await finished.clone().text()).toBe(200);
      const result = (await finished.json()) as { created: number; errors: object; needsLicenses: number };
      expect(result.created).toBe(rowsPerRun - processed);
      expect(result.errors).toEqual({});
      server.child.kill('SIGTERM');
      await server.exited;

      const [counts] = await queryRows<{
        clients: number;
        distinctEmails: number;
        properties: number;
        subscriptions: number;
        unprocessed: number;
        orphans: number;
      }>(
        testDatabase.database,
        sql`select
          (select count(*)::int from client_users where tenant_id = ${ACME_TENANT_ID} and email like ${`%@${domain}`}) as "clients",
          (select count(distinct lower(email))::int from client_users where tenant_id = ${ACME_TENANT_ID} and email like ${`%@${domain}`}) as "distinctEmails",
          (select count(*)::int from properties p join client_users c on c.tenant_id = p.tenant_id and c.id = p.client_user_id
             where c.tenant_id = ${ACME_TENANT_ID} and c.email like ${`%@${domain}`}) as "properties",
          (select count(*)::int from reminder_subscriptions s
             join properties p on p.tenant_id = s.tenant_id and p.id = s.property_id
             join client_users c on c.tenant_id = p.tenant_id and c.id = p.client_user_id
             where c.tenant_id = ${ACME_TENANT_ID} and c.email like ${`%@${domain}`}) as "subscriptions",
          (select count(*)::int from bulk_items where tenant_id = ${ACME_TENANT_ID} and status <> 'processed') as "unprocessed",
          (select count(*)::int from bulk_items b where b.tenant_id = ${ACME_TENANT_ID} and b.status = 'processed'
             and not exists (select 1 from client_users c where c.tenant_id = b.tenant_id and c.id = b.created_client_user_id)) as "orphans"`,
      );
      lost += Math.max(0, rowsPerRun - counts!.clients) + counts!.unprocessed + counts!.orphans;
      duplicated += Math.max(0, counts!.clients - rowsPerRun) + (counts!.properties - counts!.clients);
      expect(counts).toEqual({
        clients: rowsPerRun,
        distinctEmails: rowsPerRun,
        properties: rowsPerRun,
        subscriptions: rowsPerRun / 2,
        unprocessed: 0,
        orphans: 0,
      });

      // The next run starts from an empty queue.
      await testDatabase.database.ownerDb.execute(
        sql`delete from bulk_items where tenant_id = ${ACME_TENANT_ID}`,
      );
    }
    console.log(
      `bulk kills: ${runs} runs killed with SIGKILL (${killedMidRun} in the middle of the rows), rows lost ${lost}, duplicated ${duplicated}`,
    );
  });
});
