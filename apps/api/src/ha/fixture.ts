/**
 * The portal on a database that fails over (docs/decisions/107): PostgreSQL with Patroni (a primary
 * and a synchronous standby, patroni.ts), three API nodes reaching it through HAProxy, the nodes
 * behind HAProxy of their own as in the cluster suite, Redis, and mail to a real SMTP server.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { ACME_TENANT_ID, DEMO_PASSWORD } from '../db/demo-data';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { prepareDatabase } from '../db/prepare';
import {
  freePort,
  killServer,
  signInAt,
  startServerProcess,
  type ServerProcess,
} from '../test/server-process';
import { testSmtpServer } from '../test/smtp-server';
import { startHaproxy, type Balancer } from '../cluster/haproxy';
import { startPostgresCluster, type PostgresCluster } from './patroni';

const redisUrl = process.env.HA_REDIS_URL ?? 'redis://127.0.0.1:6379/8';
const nodeNames = ['node1', 'node2', 'node3'] as const;

export interface HaCluster {
  postgres: PostgresCluster;
  /** The owner's handle through the database's balancer, as the nodes reach it. */
  database: DatabaseHandle;
  smtp: ReturnType<typeof testSmtpServer>;
  nodes: Record<(typeof nodeNames)[number], ServerProcess>;
  balancer: Balancer;
  /** The bearer token of Acme's CorporateAdmin. */
  admin: string;
  /** A JSON call through the balancer with the admin's token. */
  call: (method: string, route: string, body?: unknown) => ReturnType<Balancer['fetch']>;
  /** Commits one row on a new connection through the database's balancer; false when it cannot. */
  write: () => Promise<boolean>;
}

export function useHaCluster(): HaCluster {
  const ha = { smtp: testSmtpServer() } as HaCluster;
  let directory: string | undefined;

  beforeAll(async () => {
    directory = mkdtempSync(path.join(tmpdir(), 'homeminder-ha-'));
    ha.postgres = await startPostgresCluster(directory);
    const admin = new pg.Client({ connectionString: ha.postgres.url('postgres') });
    await admin.connect();
    await admin.query('create database homeminder');
    await admin.end();
    const databaseUrl = ha.postgres.url('homeminder');
    ha.database = await openDatabase({ databaseUrl, dataDir: 'unused' });
    await prepareDatabase(ha.database, { seedDemo: true });
    await ha.database.ownerDb.execute(sql`
      update corporations set licensed_properties = 100000 where id = ${ACME_TENANT_ID}`);
    await ha.database.ownerDb.execute(sql`create table ha_probe (id serial primary key, at timestamptz)`);
    const redis = new Redis(redisUrl);
    await redis.flushdb();
    redis.disconnect();
    await ha.smtp.start();
    const ports: Record<string, number> = {};
    for (const name of nodeNames) ports[name] = await freePort();
    const started = await Promise.all(
      nodeNames.map((name) =>
        startServerProcess(databaseUrl, {
          port: ports[name],
          env: { REDIS_URL: redisUrl, SMTP_URL: ha.smtp.url, TRUST_PROXY: '1', RATE_LIMIT_PER_MINUTE: '0' },
        }),
      ),
    );
    ha.nodes = Object.fromEntries(
      nodeNames.map((name, index) => [name, started[index]!]),
    ) as HaCluster['nodes'];
    ha.balancer = await startHaproxy(directory, ports);
    ha.admin = await signInAt(ha.balancer.base, 'admin@acme.test', DEMO_PASSWORD, ha.balancer.fetch);
    ha.call = (method, route, body) =>
      ha.balancer.fetch(`${ha.balancer.base}${route}`, {
        method,
        headers: {
          authorization: `Bearer ${ha.admin}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(120_000),
      });
    ha.write = async () => {
      const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 1_000 });
      client.on('error', () => undefined);
      try {
        await client.connect();
        await client.query('insert into ha_probe (at) values (now())');
        return true;
      } catch {
        return false;
      } finally {
        await client.end().catch(() => undefined);
      }
    };
  }, 300_000);

  afterAll(async () => {
    await ha.balancer?.stop();
    await Promise.all(Object.values(ha.nodes ?? {}).map(killServer));
    await ha.smtp.stop();
    await ha.database?.close().catch(() => undefined);
    await ha.postgres?.stop();
    if (directory) rmSync(directory, { recursive: true, force: true });
  });

  return ha;
}
