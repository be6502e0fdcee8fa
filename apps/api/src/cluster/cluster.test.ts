/**
 * The portal run as a cluster, as docs/operations.md describes it: three API nodes behind HAProxy
 * polling readiness, one PostgreSQL (a database of its own, reached through a TCP proxy that can
 * cut it), one Redis (a keyspace of its own), mail to a real SMTP server that counts, and a real
 * Prometheus scraping every node. `npm run test:cluster`; each proof prints one line of figures.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bulkChunkMaxRows } from '@homeminder/shared/contracts/bulk';
import { ACME_TENANT_ID, DEMO_PASSWORD } from '../db/demo-data';
import { prepareDatabase } from '../db/prepare';
import { loginThrottle } from '../modules/auth/auth.service';
import { bulkBatchRows } from '../modules/bulk/bulk-processing';
import { bulkOutcome, bulkRows, lostAndDoubled } from '../test/bulk-rows';
import { databaseProxy, throughProxy, type DatabaseProxy } from '../test/database-proxy';
import { freePort, signInAt, startServerProcess, type ServerProcess } from '../test/server-process';
import { testSmtpServer } from '../test/smtp-server';
import { createTestDatabase, queryRows, type TestDatabase } from '../test/test-app';
import { startHaproxy, type Balancer } from './haproxy';
import { runLoad, summarize, type Answer } from './load';
import { startPrometheus, type Prometheus } from './prometheus';

const names = ['node1', 'node2', 'node3'] as const;
type NodeName = (typeof names)[number];
/** A Redis database of the suite's own, emptied first, so no other test's counters mix in. */
const redisUrl = process.env.CLUSTER_REDIS_URL ?? 'redis://127.0.0.1:6379/7';
const metricsToken = randomBytes(24).toString('hex');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const seconds = (ms: number) => (ms / 1000).toFixed(1);

/** Resolves with the time `check` first held; fails after `timeoutMs`. */
async function waitFor(what: string, check: () => Promise<boolean> | boolean, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return Date.now();
    if (Date.now() > deadline) throw new Error(`timed out waiting: ${what}`);
    await sleep(50);
  }
}

describe('the cluster: three API nodes behind HAProxy', () => {
  const smtp = testSmtpServer();
  const nodes = {} as Record<NodeName, ServerProcess>;
  const ports = {} as Record<NodeName, number>;
  let directory: string;
  let testDatabase: TestDatabase;
  let proxy: DatabaseProxy;
  let balancer: Balancer;
  let prometheus: Prometheus;
  let admin: string;

  const startNode = (name: NodeName) =>
    startServerProcess(throughProxy(testDatabase.url!, proxy), {
      port: ports[name],
      env: {
        REDIS_URL: redisUrl,
        SMTP_URL: smtp.url,
        METRICS_TOKEN: metricsToken,
        // HAProxy is the one hop in front: the client's address comes from its X-Forwarded-For.
        TRUST_PROXY: '1',
        // The load below comes from one address; the per-address limit is not what is tested.
        RATE_LIMIT_PER_MINUTE: '0',
      },
    });

  const call = (base: string, method: string, route: string, token?: string, body?: unknown) =>
    fetch(`${base}${route}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(120_000),
    });

  const gridRequest = (): RequestInit => ({
    method: 'POST',
    headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
    body: JSON.stringify({ page: 1, pageSize: 25 }),
  });

  beforeAll(async () => {
    directory = mkdtempSync(path.join(tmpdir(), 'homeminder-cluster-'));
    testDatabase = await createTestDatabase('postgres');
    await prepareDatabase(testDatabase.database, { seedDemo: true });
    await testDatabase.database.ownerDb.execute(
      sql`update corporations set licensed_properties = 100000 where id = ${ACME_TENANT_ID}`,
    );
    const redis = new Redis(redisUrl);
    await redis.flushdb();
    redis.disconnect();
    await smtp.start();
    const direct = new URL(testDatabase.url!);
    proxy = await databaseProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
    for (const name of names) ports[name] = await freePort();
    const started = await Promise.all(names.map((name) => startNode(name)));
    names.forEach((name, index) => (nodes[name] = started[index]!));
    balancer = await startHaproxy(directory, ports);
    prometheus = await startPrometheus(
      directory,
      names.map((name) => `127.0.0.1:${ports[name]}`),
      metricsToken,
    );
    admin = await signInAt(balancer.base, 'admin@acme.test', DEMO_PASSWORD);
  }, 240_000);

  afterAll(async () => {
    await prometheus?.stop();
    await balancer?.stop();
    await Promise.all(
      Object.values(nodes).map((node) => {
        node.child.kill('SIGKILL');
        return node.exited;
      }),
    );
    await smtp.stop();
    await proxy?.close();
    await testDatabase?.dispose();
    if (directory) rmSync(directory, { recursive: true, force: true });
  });

  it('locks an account after as many failed sign-ins over three nodes as on one', async () => {
    const failuresUntilLocked = async (base: string) => {
      const email = `guess-${randomBytes(4).toString('hex')}@cluster.test`;
      const servedBy: string[] = [];
      for (let attempt = 1; attempt <= 3 * loginThrottle.perAccount; attempt += 1) {
        const answer = await call(base, 'POST', `/auth/login/?who=${email}`, undefined, {
          username: email,
          password: 'Wrong-Passw0rd!',
        });
        if (answer.status === 429) return { failures: attempt - 1, servedBy };
        expect(answer.status).toBe(401);
        servedBy.push(answer.headers.get('x-node') ?? 'direct');
      }
      throw new Error('the account was never locked');
    };
    const one = await failuresUntilLocked(nodes.node1.base);
    const three = await failuresUntilLocked(balancer.base);
    const perNode = names.map((name) => three.servedBy.filter((node) => node === name).length);
    expect(one.failures).toBe(loginThrottle.perAccount);
    expect(three.failures).toBe(one.failures);
    expect(perNode.every((count) => count > 0)).toBe(true);
    console.log(
      `throttling: locked after ${three.failures} failed sign-ins over 3 nodes (${perNode.join('/')} per node), after ${one.failures} on one node`,
    );
  });

  it('loses only the bulk run in flight on a node killed under load: no grid request, no bulk row', async () => {
    const domain = 'kill.cluster.test';
    const rowCount = 4 * bulkBatchRows;
    const rows = bulkRows(domain, rowCount);
    for (let start = 0; start < rows.length; start += bulkChunkMaxRows) {
      const items = rows.slice(start, start + bulkChunkMaxRows);
      const queued = await call(balancer.base, 'POST', `/bulk/${ACME_TENANT_ID}`, admin, { items });
      expect(queued.status).toBe(200);
    }
    const processedRows = async () => {
      const [row] = await queryRows<{ processed: number }>(
        testDatabase.database,
        sql`select count(*)::int as processed from bulk_items
            where tenant_id = ${ACME_TENANT_ID} and status = 'processed'`,
      );
      return row!.processed;
    };

    const load = runLoad({
      url: `${balancer.base}/clients/grid`,
      init: gridRequest,
      callers: 4,
      durationMs: 30_000,
    });
    await sleep(3_000);
    // The run goes to node2 itself, so it is the node killed in its middle.
    const run = call(nodes.node2.base, 'POST', `/bulk/process/${ACME_TENANT_ID}`, admin).then(
      (answer) => answer.status,
      () => 0,
    );
    await waitFor('a first bulk batch to commit', async () => (await processedRows()) > 0);
    const killedAt = Date.now();
    nodes.node2.child.kill('SIGKILL');
    await nodes.node2.exited;
    expect(await run).toBe(0);
    const doneAtKill = await processedRows();
    const downAt = await waitFor('node2 marked down', async () =>
      (await balancer.states()).node2!.startsWith('DOWN'),
    );
    await sleep(Math.max(0, killedAt + 8_000 - Date.now()));
    const restartedAt = Date.now();
    nodes.node2 = await startNode('node2');
    const upAt = await waitFor('node2 up again', async () => (await balancer.states()).node2 === 'UP');
    const answers = await load;

    const inFlightAtKill = (answer: Answer) => answer.startedAt <= killedAt && answer.endedAt >= killedAt;
    // The grid's POST only reads, so HAProxy sends one that the dying node took and never answered
    // to another node (docs/operations.md): no grid request is lost, only the bulk run above, which
    // was in flight on node2 and is not sent again.
    const failed = answers.filter((answer) => answer.status !== 200);
    expect(failed).toEqual([]);
    const { retried, redispatched } = await balancer.retries();
    const servedAfterRejoin = answers.filter((answer) => answer.node === 'node2' && answer.startedAt > upAt);
    expect(servedAfterRejoin.length).toBeGreaterThan(0);

    const finished = await call(balancer.base, 'POST', `/bulk/process/${ACME_TENANT_ID}`, admin);
    expect(finished.status).toBe(200);
    expect(((await finished.json()) as { created: number }).created).toBe(rowCount - doneAtKill);
    const counts = await bulkOutcome(testDatabase.database, ACME_TENANT_ID, domain);
    const { lost, doubled } = lostAndDoubled(counts, rowCount);
    expect({ lost, doubled, clients: counts.clients }).toEqual({ lost: 0, doubled: 0, clients: rowCount });
    console.log(
      `node killed: ${answers.length} grid requests in 30 s, ${failed.length} lost (${answers.filter(inFlightAtKill).length} were in flight at the kill; HAProxy counted ${retried} retries, ${redispatched} redispatches), the bulk run in flight on it lost; ` +
        `node2 down ${seconds(downAt - killedAt)} s after SIGKILL, serving again ${seconds(upAt - restartedAt)} s after restart (${servedAfterRejoin.length} answers since); ` +
        `bulk ${rowCount} rows, ${doneAtKill} done at the kill: lost ${lost}, doubled ${doubled}`,
    );
  }, 180_000);

  it('sends a due batch of reminders exactly once from three dispatching nodes', async () => {
    const pendingMail = async () => {
      const [row] = await queryRows<{ pending: number }>(
        testDatabase.database,
        sql`select count(*)::int as pending from email_outbox where status = 'pending'`,
      );
      return row!.pending;
    };
    // The demo data seeded above has reminders falling due in the first minute after start-up
    // (db/demo-data.ts); sent inside this check's window, one of them would be counted with the
    // batch. So the check starts once no subscription is due in the next five minutes, longer than
    // the check takes, and the outbox is empty: then every email it sees is one of the batch.
    const dueSoon = async () => {
      const [row] = await queryRows<{ due: number }>(
        testDatabase.database,
        sql`select count(*)::int as due from reminder_subscriptions
             where next_due_at <= now() + interval '5 minutes'`,
      );
      return row!.due;
    };
    await waitFor('no reminder due in the next five minutes', async () => (await dueSoon()) === 0, 120_000);
    await waitFor('an empty outbox', async () => (await pendingMail()) === 0, 120_000);
    /** A counter of each node, as Prometheus scraped it. */
    const byNode = (metric: string, labels = '') =>
      Promise.all(
        names.map((name) => prometheus.query(`${metric}{${labels}instance="127.0.0.1:${ports[name]}"}`)),
      );
    const queued = () => byNode('homeminder_reminders_queued_total');
    const sent = () => byNode('homeminder_emails_total', 'outcome="sent",');
    await sleep(2_000);
    const sentBefore = await prometheus.query('sum(homeminder_emails_total{outcome="sent"})');
    const [queuedBefore, sentByNodeBefore] = [await queued(), await sent()];
    smtp.received.length = 0;

    const due = await queryRows<{ id: string; email: string }>(
      testDatabase.database,
      sql`with made_due as (
            update reminder_subscriptions set next_due_at = now() - interval '1 minute'
             where (tenant_id, id) in (
               select s.tenant_id, s.id from reminder_subscriptions s
                 join properties p on p.tenant_id = s.tenant_id and p.id = s.property_id
                 join client_users c on c.tenant_id = p.tenant_id and c.id = p.client_user_id
                where c.tenant_id = ${ACME_TENANT_ID} and c.email like '%@kill.cluster.test'
                limit 300)
            returning tenant_id, id, property_id)
          select m.id, c.email from made_due m
            join properties p on p.tenant_id = m.tenant_id and p.id = m.property_id
            join client_users c on c.tenant_id = p.tenant_id and c.id = p.client_user_id`,
    );
    const dueCount = due.length;
    const madeDueAt = Date.now();
    const allAt = await waitFor('every reminder email', () => smtp.received.length >= dueCount, 120_000);
    // Longer than a dispatch and a delivery round of every node: a second sending would show.
    await sleep(8_000);
    expect(smtp.received.length).toBe(dueCount);
    // Each email went to a client of the batch, as many to each as it has due reminders.
    const sorted = (addresses: string[]) => [...addresses].sort();
    expect(sorted(smtp.received.flatMap((message) => message.to))).toEqual(
      sorted(due.map((row) => row.email)),
    );
    const [outbox] = await queryRows<{ messages: number; subscriptions: number; sent: number }>(
      testDatabase.database,
      sql`select count(*)::int as messages, count(distinct subscription_id)::int as subscriptions,
                 count(*) filter (where status = 'sent')::int as sent
            from email_outbox where subscription_id in ${sql.raw(`('${due.map((row) => row.id).join("','")}')`)}`,
    );
    expect(outbox).toEqual({ messages: dueCount, subscriptions: dueCount, sent: dueCount });

    const sentDelta = async () =>
      (await prometheus.query('sum(homeminder_emails_total{outcome="sent"})')) - sentBefore;
    await waitFor('Prometheus to count the emails', async () => (await sentDelta()) === dueCount, 20_000);
    const since = (after: number[], before: number[]) => after.map((value, index) => value - before[index]!);
    const queuedByNode = since(await queued(), queuedBefore);
    const sentByNode = since(await sent(), sentByNodeBefore);
    expect(queuedByNode.reduce((sum, value) => sum + value, 0)).toBe(dueCount);
    expect(sentByNode.reduce((sum, value) => sum + value, 0)).toBe(dueCount);
    console.log(
      `reminders: ${dueCount} due, ${smtp.received.length} emails received by SMTP in ${seconds(allAt - madeDueAt)} s (exactly ${dueCount}), ` +
        `queued by node1/node2/node3 ${queuedByNode.join('/')}, sent by them ${sentByNode.join('/')}, Prometheus counted ${await sentDelta()} sent`,
    );
  }, 180_000);

  it('answers 503 fast on every node while the database is cut, and serves again when it returns', async () => {
    const cutMs = 20_000;
    const load = runLoad({
      url: `${balancer.base}/clients/grid`,
      init: gridRequest,
      callers: 4,
      durationMs: 3_000 + cutMs + 15_000,
    });
    await sleep(3_000);
    proxy.cut();
    const cutAt = Date.now();
    const probes: Answer[] = [];
    while (Date.now() < cutAt + cutMs) {
      for (const name of names) {
        const startedAt = Date.now();
        const status = await fetch(`${nodes[name].base}/clients/grid`, gridRequest()).then(
          (answer) => answer.status,
          () => 0,
        );
        probes.push({ startedAt, endedAt: Date.now(), status, node: name });
      }
      await sleep(500);
    }
    proxy.restore();
    const restoredAt = Date.now();
    const readyAt = await waitFor('every node ready and serving', async () => {
      const ready = await Promise.all(
        names.map((name) => fetch(`${nodes[name].base}/ready`).then((answer) => answer.status === 200)),
      );
      const states = await balancer.states();
      return ready.every(Boolean) && names.every((name) => states[name] === 'UP');
    });
    const answers = await load;

    const duringCut = summarize(answers.filter((a) => a.startedAt >= cutAt && a.endedAt <= restoredAt));
    const direct = summarize(probes);
    const otherServerErrors = answers.filter((a) => a.status >= 500 && a.status !== 503).length;
    const crashed = names.filter((name) => nodes[name].child.exitCode !== null).length;
    expect(Object.keys(duringCut.byStatus)).toEqual(['503']);
    expect(Object.keys(direct.byStatus)).toEqual(['503']);
    // Fast means no node waits on the database: one that did would take the pool's 5-second connect
    // time-out (db/client.ts). On a loaded two-core machine a probe now and then waits for the CPU
    // instead (one took 1.6 s), so 95 in 100 probes must take under a second, and none half the
    // time-out.
    const durations = probes.map((a) => a.endedAt - a.startedAt).sort((a, b) => a - b);
    const p95 = durations[Math.ceil(0.95 * durations.length) - 1]!;
    expect(p95).toBeLessThan(1_000);
    expect(direct.slowest[503]).toBeLessThan(2_500);
    expect(otherServerErrors).toBe(0);
    expect(crashed).toBe(0);
    const afterRecovery = answers.filter((a) => a.startedAt > readyAt);
    expect(afterRecovery.length).toBeGreaterThan(0);
    expect(afterRecovery.every((a) => a.status === 200)).toBe(true);
    console.log(
      `database cut ${seconds(cutMs)} s: ${duringCut.total} requests through HAProxy all 503 (slowest ${duringCut.slowest[503]} ms), ` +
        `${direct.total} straight to the nodes all 503 (95% within ${p95} ms, slowest ${direct.slowest[503]} ms), other 5xx ${otherServerErrors}, nodes crashed ${crashed}; ` +
        `every node ready and serving ${seconds(readyAt - restoredAt)} s after the database returned`,
    );
  }, 120_000);
});
