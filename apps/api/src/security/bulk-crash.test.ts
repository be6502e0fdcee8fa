/**
 * A bulk run killed with SIGKILL at a random moment, then run again, loses and duplicates nothing:
 * every good row becomes exactly one client with one property, and every row ends processed.
 * Each run holds three batches (ADR 032) and is killed after none, one or two of them committed,
 * a random moment later: before the first batch, inside a batch's transaction, or between two.
 * `npm test` kills 3 runs; `npm run test:soak` kills 20 (BULK_KILL_RUNS).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bulkChunkMaxRows } from '@homeminder/shared/contracts/bulk';
import { ACME_TENANT_ID, DEMO_PASSWORD } from '../db/demo-data';
import { prepareDatabase } from '../db/prepare';
import { bulkBatchRows } from '../modules/bulk/bulk-processing';
import { bulkOutcome, bulkRows, lostAndDoubled } from '../test/bulk-rows';
import { killServer, signInAt, startServerProcess, type ServerProcess } from '../test/server-process';
import { createTestDatabase, queryRows, skipDriver, type TestDatabase } from '../test/test-app';

const runs = Number(process.env.BULK_KILL_RUNS ?? 3);
const batchesPerRun = 3;
const rowsPerRun = batchesPerRun * bulkBatchRows;

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
    const [acmeSet] = await queryRows<{ size: number }>(
      testDatabase.database,
      sql`select count(*)::int as size from default_reminders where tenant_id = ${ACME_TENANT_ID}`,
    );
    let killedMidRun = 0;
    let lost = 0;
    let duplicated = 0;
    for (let run = 1; run <= runs; run += 1) {
      const domain = `run${run}.crash.test`;
      let server = await startServerProcess(testDatabase.url!);
      let token = await signInAt(server.base, 'admin@acme.test', DEMO_PASSWORD);
      const rows = bulkRows(domain, rowsPerRun);
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
      await killServer(server);
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

      const counts = await bulkOutcome(testDatabase.database, ACME_TENANT_ID, domain);
      const { lost: lostNow, doubled: doubledNow } = lostAndDoubled(counts, rowsPerRun);
      lost += lostNow;
      duplicated += doubledNow;
      expect(counts).toEqual({
        clients: rowsPerRun,
        distinctEmails: rowsPerRun,
        properties: rowsPerRun,
        // Rows with a reminder keep their one; the others get Acme's default set.
        subscriptions: (rowsPerRun / 2) * (1 + acmeSet!.size),
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
