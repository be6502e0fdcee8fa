import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messages } from '@homeminder/shared/validation/messages';
import { ACME_TENANT_ID } from '../db/demo-data';
import { describeEachDriver, expectErrors, useTestApp, type TestApp } from '../test/test-app';
import { queueBulkRows } from '../test/bulk-rows';

const token = 'metrics-token-for-tests-0123456789';

async function scrape(t: TestApp): Promise<string> {
  const response = await t.api({ path: '/metrics', headers: { authorization: `Bearer ${token}` } });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return response.body;
}

/** The value of the sample line `name{labels} value` of the text format; NaN when there is none. */
function valueOf(text: string, name: string, labels = ''): number {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${name}${labels} `));
  return Number(line?.slice(`${name}${labels} `.length) ?? Number.NaN);
}

/** Prometheus's own linter, when the machine has it (Debian's `prometheus` package brings it). */
const promtool = spawnSync('promtool', ['--version']).status === 0;

describeEachDriver(
  'metrics',
  (t) => {
    it('responds only to the bearer of METRICS_TOKEN', async () => {
      expectErrors(await t.api({ path: '/metrics' }), 401, messages.metricsTokenRequired);
      const wrong = await t.api({ path: '/metrics', headers: { authorization: `Bearer ${token}x` } });
      expectErrors(wrong, 401, messages.metricsTokenRequired);
      // A signed-in user's session token is not the metrics token.
      const session = await t.login('admin@acme.test');
      expectErrors(await t.api({ path: '/metrics', token: session }), 401, messages.metricsTokenRequired);
      await scrape(t);
    });

    it('times requests by route pattern and status, with no ids or addresses in the labels', async () => {
      const name = 'homeminder_http_request_duration_seconds';
      const bulkPage = '{method="GET",route="/ui/api/bulk/:tenantID/:page/:pageSize",status_code="200"}';
      const unmatched = '{method="GET",route="unmatched",status_code="404"}';
      const before = await scrape(t);
      const session = await t.login('admin@acme.test');
      expect((await t.api({ path: `/bulk/${ACME_TENANT_ID}/1/10`, token: session })).statusCode).toBe(200);
      await t.api({ path: `/no-such-route/${ACME_TENANT_ID}` });
      const after = await scrape(t);
      expect(after).not.toContain(ACME_TENANT_ID);
      expect(after).not.toContain('@');

      expect(after).toContain(`# TYPE ${name} histogram`);
      // The registry is the process's: count what these requests added.
      const added = (labels: string) =>
        valueOf(after, `${name}_count`, labels) - (valueOf(before, `${name}_count`, labels) || 0);
      expect(added(bulkPage)).toBe(1);
      expect(added(unmatched)).toBe(1);
      expect(
        valueOf(after, `${name}_count`, '{method="POST",route="/ui/api/auth/login",status_code="200"}'),
      ).toBeGreaterThanOrEqual(1);
    });

    it('counts queued bulk rows and reads the outbox at the scrape', async () => {
      const before = await scrape(t);
      const session = await t.login('admin@acme.test');
      const row = (n: number) => ({
        itemId: randomUUID(),
        data: {
          firstName: 'Metric',
          lastName: `Row${n}`,
          email: `metric.row${n}@example.test`,
          addressLine: `${n} Harbor Road`,
          city: 'Springfield',
          state: 'IL',
          zip: '62704',
          reminders: '',
        },
      });
      const queued = await queueBulkRows(t, session, ACME_TENANT_ID, [row(1), row(2)]);
      expect(queued.statusCode, queued.body).toBe(200);

      // A message that has waited ten minutes.
      await t.database.ownerDb.execute(sql`
        insert into email_outbox (tenant_id, kind, to_address, subject, html, text, created_at)
        values (${ACME_TENANT_ID}, 'account', 'waiting@example.test', 'Waiting', '<p>w</p>', 'w',
                ${new Date(t.clock.nowMs() - 600_000).toISOString()}::timestamptz)`);
      const [pending] = await t.rows<{ count: number }>(
        sql`select count(*)::int as count from email_outbox where status = 'pending'`,
      );

      const after = await scrape(t);
      const queuedTotal = 'homeminder_bulk_rows_queued_total';
      expect(valueOf(after, queuedTotal) - valueOf(before, queuedTotal)).toBe(2);
      expect(valueOf(after, 'homeminder_outbox_pending_messages')).toBe(pending!.count);
      expect(valueOf(after, 'homeminder_outbox_oldest_pending_age_seconds')).toBeGreaterThanOrEqual(600);
      expect(valueOf(after, 'homeminder_database_up')).toBe(1);
      // The process's own figures come along.
      expect(valueOf(after, 'homeminder_process_resident_memory_bytes')).toBeGreaterThan(0);
      // The pool is idle between requests (PGlite has none).
      expect(valueOf(after, 'homeminder_db_pool_connections_in_use')).toBe(0);
      expect(valueOf(after, 'homeminder_db_pool_requests_waiting')).toBe(0);
    });

    it('serves names Prometheus accepts: `_total` on counters only', async () => {
      const text = await scrape(t);
      const types = [...text.matchAll(/^# TYPE (\S+) (\S+)$/gm)].map(([, name, type]) => ({ name, type }));
      expect(types.length).toBeGreaterThan(10);
      expect(types.filter(({ name, type }) => (type === 'counter') !== name!.endsWith('_total'))).toEqual([]);
      if (promtool) {
        const lint = spawnSync('promtool', ['check', 'metrics'], { input: text, encoding: 'utf8' });
        expect({ status: lint.status, output: `${lint.stdout}${lint.stderr}`.trim() }).toEqual({
          status: 0,
          output: '',
        });
      }
    });

    // Runs last: it closes this suite's database.
    it("counts every route's responses from 0, so a route's first server error is seen", async () => {
      const name = 'homeminder_http_requests_total';
      const serverErrors = '{method="POST",route="/ui/api/auth/login",status_class="5xx"}';
      const before = await scrape(t);
      // Never responded with a 5xx so far, yet there at 0 for rate() and increase() to start from.
      expect(valueOf(before, name, serverErrors)).toBeGreaterThanOrEqual(0);
      expect(
        valueOf(before, name, '{method="DELETE",route="/ui/api/bulk/:tenant/:id",status_class="5xx"}'),
      ).toBe(0);
      expect(
        valueOf(before, name, '{method="HEAD",route="/ui/api/lookups/us-states",status_class="2xx"}'),
      ).toBe(0);

      await t.database.close();
      const login = await t.api({
        method: 'POST',
        path: '/auth/login',
        body: { username: 'admin@acme.test', password: 'whatever' },
      });
      expect(login.statusCode).toBeGreaterThanOrEqual(500);
      const after = await scrape(t);
      expect(valueOf(after, name, serverErrors) - valueOf(before, name, serverErrors)).toBe(1);
      expect(valueOf(after, 'homeminder_database_up')).toBe(0);
    });
  },
  { metricsToken: token },
);

describe('metrics without METRICS_TOKEN', () => {
  const t = useTestApp('pglite');
  it('has no route at all', async () => {
    const response = await t.api({ path: '/metrics', headers: { authorization: `Bearer ${token}` } });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('homeminder_');
  });
});
