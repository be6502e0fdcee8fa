/**
 * While one corporation's largest allowed bulk run is processed, another corporation's requests
 * are still responded to within a second, on either database (docs/decisions/075). The embedded
 * database runs one statement at a time for the whole process, so this is where a run that held
 * it would show. `BULK_AVAILABILITY_ROWS` runs a smaller queue when set.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import {
  bulkChunkMaxRows,
  bulkQueueMaxRows,
  type BulkProcessResult,
} from '@homeminder/shared/contracts/bulk';
import { ACME_TENANT_ID, BIRCH_TENANT_ID } from '../db/demo-data';
import { bulkOutcome, bulkRows, lostAndDoubled, queueBulkRows } from '../test/bulk-rows';
import { describeEachDriver, signInBeforeAll, type ApiRequest } from '../test/test-app';

const rowsPerRun = Number(process.env.BULK_AVAILABILITY_ROWS ?? bulkQueueMaxRows);
const respondWithinMs = 1000;
const domain = 'availability.bulk.test';

describeEachDriver('another corporation during a bulk run', (t) => {
  const token = signInBeforeAll(t, ['admin@acme.test', 'admin@birch.test']);

  it(
    `responds within ${respondWithinMs} ms while ${rowsPerRun} rows are processed`,
    { timeout: 300_000 },
    async () => {
      await t.rows(sql`update corporations set licensed_properties = 100000 where id = ${ACME_TENANT_ID}`);
      const rows = bulkRows(domain, rowsPerRun);
      for (let start = 0; start < rows.length; start += bulkChunkMaxRows) {
        const chunk = rows.slice(start, start + bulkChunkMaxRows);
        const queued = await queueBulkRows(t, token('admin@acme.test'), ACME_TENANT_ID, chunk);
        expect(queued.statusCode, queued.body).toBe(200);
      }
      const processedRows = async () => {
        const [row] = await t.rows<{ n: number }>(
          sql`select count(*)::int as n from bulk_items where tenant_id = ${ACME_TENANT_ID} and status = 'processed'`,
        );
        return row!.n;
      };

      // Birch's everyday requests: who is signed in, the client grid, its own bulk preview.
      const birch: ApiRequest[] = [
        { path: '/auth/who-am-i' },
        { method: 'POST', path: '/clients/grid', body: { page: 1, pageSize: 25 } },
        { path: `/bulk/${BIRCH_TENANT_ID}/preview` },
      ].map((request) => ({ ...request, token: token('admin@birch.test') }) as ApiRequest);

      let running = true;
      const processing = t
        .api({ method: 'POST', path: `/bulk/process/${ACME_TENANT_ID}`, token: token('admin@acme.test') })
        .finally(() => (running = false));

      const waits: number[] = [];
      const progress: number[] = [];
      const deadline = Date.now() + 280_000;
      for (let turn = 0; running && Date.now() < deadline; turn += 1) {
        const asked = performance.now();
        const response = await t.api(birch[turn % birch.length]!);
        const waited = performance.now() - asked;
        expect(response.statusCode, response.body).toBe(200);
        // Every request sent while the run went on counts.
        waits.push(waited);
        if (turn % 10 === 0 && running) progress.push(await processedRows());
        await new Promise((resolve) => setTimeout(resolve, 20));
      }

      const finished = await processing;
      expect(finished.statusCode, finished.body).toBe(200);
      expect(finished.json<BulkProcessResult>()).toMatchObject({
        created: rowsPerRun,
        errors: {},
        needsLicenses: 0,
      });
      const { lost, doubled } = lostAndDoubled(
        await bulkOutcome(t.database, ACME_TENANT_ID, domain),
        rowsPerRun,
      );
      expect({ lost, doubled }).toEqual({ lost: 0, doubled: 0 });

      const longest = Math.max(...waits);
      console.log(
        `bulk availability [${t.driver}]: ${rowsPerRun} rows, ${waits.length} requests of another corporation, longest wait ${Math.round(longest)} ms`,
      );
      expect(longest).toBeLessThan(respondWithinMs);
      // The requests really were responded to during the run: many of them, some while rows were
      // part done.
      expect(waits.length).toBeGreaterThanOrEqual(20);
      expect(progress.some((done) => done > 0 && done < rowsPerRun)).toBe(true);
    },
  );
});
