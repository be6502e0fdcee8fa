/**
 * The portal run as a cluster, as docs/operations.md describes it: three API nodes behind HAProxy
 * polling readiness, one PostgreSQL (a database of its own, reached through a TCP proxy that can
 * cut it), one Redis (a keyspace of its own), mail to a real SMTP server that counts, and a real
 * Prometheus scraping every node. Started once for the whole suite (cluster.test.ts); the proofs
 * share it and leave it with three nodes serving.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll } from 'vitest';
import { ACME_TENANT_ID, DEMO_PASSWORD } from '../db/demo-data';
import { prepareDatabase } from '../db/prepare';
import { databaseProxy, throughProxy, type DatabaseProxy } from '../test/database-proxy';
import {
  freePort,
  killServer,
  signInAt,
  startServerProcess,
  type ServerProcess,
} from '../test/server-process';
import { testSmtpServer } from '../test/smtp-server';
import { createTestDatabase, type TestDatabase } from '../test/test-app';
import { startHaproxy, type Balancer, type BalancerFetch } from './haproxy';
import { startPrometheus, type Prometheus } from './prometheus';

export const names = ['node1', 'node2', 'node3'] as const;
export type NodeName = (typeof names)[number];
/** A Redis database of the suite's own, emptied first, so no other test's counters mix in. */
const redisUrl = process.env.CLUSTER_REDIS_URL ?? 'redis://127.0.0.1:6379/7';

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
export const seconds = (ms: number) => (ms / 1000).toFixed(1);

/** Resolves with the time `check` first held; fails after `timeoutMs`. */
export async function waitFor(what: string, check: () => Promise<boolean> | boolean, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return Date.now();
    if (Date.now() > deadline) throw new Error(`timed out waiting: ${what}`);
    await sleep(50);
  }
}

export interface Cluster {
  smtp: ReturnType<typeof testSmtpServer>;
  nodes: Record<NodeName, ServerProcess>;
  ports: Record<NodeName, number>;
  testDatabase: TestDatabase;
  proxy: DatabaseProxy;
  balancer: Balancer;
  prometheus: Prometheus;
  metricsToken: string;
  /** The bearer token of Acme's CorporateAdmin, signed in through the balancer. */
  admin: string;
  /** Kills a node with SIGKILL and resolves once it is gone. */
  kill: (name: NodeName) => Promise<void>;
  /** Starts a node (again) on its port, the one HAProxy and Prometheus know. */
  restart: (name: NodeName) => Promise<void>;
  /** Resolves once HAProxy gives `name` the state `state` (UP, DOWN); returns the time. */
  balancerSays: (name: NodeName, state: 'UP' | 'DOWN', timeoutMs?: number) => Promise<number>;
  /**
   * A JSON call with the admin's (or no) token, to a node's address or the balancer's: the
   * balancer's fetch, which speaks plain HTTP to a node and TLS to the balancer.
   */
  call: (
    base: string,
    method: string,
    route: string,
    token?: string,
    body?: unknown,
  ) => ReturnType<BalancerFetch>;
  /** The client grid's query: a POST that only reads; plain, for either fetch. */
  gridRequest: () => { method: string; headers: Record<string, string>; body: string };
}

/** Starts the cluster before the suite's proofs and stops all of it after. */
export function useCluster(): Cluster {
  const cluster = { smtp: testSmtpServer(), metricsToken: randomBytes(24).toString('hex') } as Cluster;
  let directory: string | undefined;

  const startNode = (name: NodeName) =>
    startServerProcess(throughProxy(cluster.testDatabase.url!, cluster.proxy), {
      port: cluster.ports[name],
      env: {
        REDIS_URL: redisUrl,
        SMTP_URL: cluster.smtp.url,
        METRICS_TOKEN: cluster.metricsToken,
        // HAProxy is the one hop in front: the client's address comes from its X-Forwarded-For.
        TRUST_PROXY: '1',
        // The load below comes from one address; the per-address limit is not what is tested.
        RATE_LIMIT_PER_MINUTE: '0',
      },
    });

  Object.assign(cluster, {
    kill: (name: NodeName) => killServer(cluster.nodes[name]),
    async restart(name: NodeName) {
      cluster.nodes[name] = await startNode(name);
    },
    balancerSays: (name: NodeName, state: 'UP' | 'DOWN', timeoutMs?: number) =>
      waitFor(
        `HAProxy to say ${name} is ${state}`,
        async () => (await cluster.balancer.states())[name]!.startsWith(state),
        timeoutMs,
      ),
    call: (base: string, method: string, route: string, token?: string, body?: unknown) =>
      cluster.balancer.fetch(`${base}${route}`, {
        method,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(120_000),
      }),
    gridRequest: () => ({
      method: 'POST',
      headers: { authorization: `Bearer ${cluster.admin}`, 'content-type': 'application/json' },
      body: JSON.stringify({ page: 1, pageSize: 25 }),
    }),
  } satisfies Partial<Cluster>);

  beforeAll(async () => {
    directory = mkdtempSync(path.join(tmpdir(), 'homeminder-cluster-'));
    cluster.testDatabase = await createTestDatabase('postgres');
    const { database } = cluster.testDatabase;
    await prepareDatabase(database, { seedDemo: true });
    await database.ownerDb.execute(
      sql`update corporations set licensed_properties = 100000 where id = ${ACME_TENANT_ID}`,
    );
    const redis = new Redis(redisUrl);
    await redis.flushdb();
    redis.disconnect();
    await cluster.smtp.start();
    const direct = new URL(cluster.testDatabase.url!);
    cluster.proxy = await databaseProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
    cluster.ports = {} as Cluster['ports'];
    for (const name of names) cluster.ports[name] = await freePort();
    const started = await Promise.all(names.map((name) => startNode(name)));
    cluster.nodes = Object.fromEntries(
      names.map((name, index) => [name, started[index]!]),
    ) as Cluster['nodes'];
    cluster.balancer = await startHaproxy(directory, cluster.ports);
    cluster.prometheus = await startPrometheus(
      directory,
      names.map((name) => `127.0.0.1:${cluster.ports[name]}`),
      cluster.metricsToken,
    );
    cluster.admin = await signInAt(
      cluster.balancer.base,
      'admin@acme.test',
      DEMO_PASSWORD,
      cluster.balancer.fetch,
    );
  }, 240_000);

  afterAll(async () => {
    await cluster.prometheus?.stop();
    await cluster.balancer?.stop();
    await Promise.all(Object.values(cluster.nodes ?? {}).map(killServer));
    await cluster.smtp.stop();
    await cluster.proxy?.close();
    await cluster.testDatabase?.dispose();
    if (directory) rmSync(directory, { recursive: true, force: true });
  });

  return cluster;
}
