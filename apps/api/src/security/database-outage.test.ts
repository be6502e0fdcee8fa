/**
 * A database outage: PostgreSQL goes out of reach (a proxy in front of it drops every connection
 * and refuses new ones), the API answers 503 with an Errors body and does not crash; when the
 * database is back, the same server answers normally again, without a restart.
 */
import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@homeminder/shared/validation/messages';
import { buildApp, type App } from '../app';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { prepareDatabase } from '../db/prepare';
import { API, createTestDatabase, expectErrors, skipDriver, type TestDatabase } from '../test/test-app';

/** A TCP proxy to PostgreSQL that can be cut and restored. */
async function databaseProxy(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  let up = true;
  const server = net.createServer((client) => {
    if (!up) {
      client.destroy();
      return;
    }
    const upstream = net.connect(target.port, target.host);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => undefined);
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    cut() {
      up = false;
      for (const socket of sockets) socket.destroy();
    },
    restore() {
      up = true;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const outageMs = Number(process.env['DATABASE_OUTAGE_MS'] ?? 30_000);

describe.skipIf(skipDriver('postgres'))('a database outage [postgres]', () => {
  let testDatabase: TestDatabase;
  let proxied: DatabaseHandle;
  let proxy: Awaited<ReturnType<typeof databaseProxy>>;
  let app: App;
  let token: string;

  const grid = () =>
    app.inject({
      method: 'POST',
      url: `${API}/clients/grid`,
      headers: { authorization: `Bearer ${token}` },
      payload: { page: 1, pageSize: 10 },
    });

  beforeAll(async () => {
    testDatabase = await createTestDatabase('postgres');
    await prepareDatabase(testDatabase.database, { seedDemo: true });
    const direct = new URL(testDatabase.url!);
    proxy = await databaseProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
    const viaProxy = new URL(direct);
    viaProxy.port = String(proxy.port);
    proxied = await openDatabase({ databaseUrl: viaProxy.toString(), dataDir: 'unused' });
    app = await buildApp({
      env: { BASE_PATH: '/ui/', NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent' },
      database: proxied,
      logger: false,
    });
    const login = await app.inject({
      method: 'POST',
      url: `${API}/auth/login/?who=realtor@acme.test`,
      payload: { username: 'realtor@acme.test', password: 'Demo-Passw0rd!' },
    });
    token = login.json<{ token: string }>().token;
  });

  afterAll(async () => {
    await app?.close();
    await proxied?.close();
    await proxy?.close();
    await testDatabase?.dispose();
  });

  it(
    'answers 503 while the database is away and recovers by itself when it returns',
    async () => {
      expect((await grid()).statusCode).toBe(200);

      // The database stays away for 30 seconds (DATABASE_OUTAGE_MS), asked once a second meanwhile.
      proxy.cut();
      const outageEnds = Date.now() + outageMs;
      let refusals = 0;
      while (Date.now() < outageEnds || refusals < 3) {
        const refused = await grid();
        expectErrors(refused, 503, messages.serviceUnavailable);
        expect(refused.headers['retry-after']).toBe('5');
        refusals += 1;
        await new Promise((resolve) => setTimeout(resolve, 1_000));
      }
      console.log(
        `database outage: ${Math.round(outageMs / 1000)} s, ${refusals} requests answered 503, 0 crashes`,
      );
      const health = await app.inject({ url: `${API}/health` });
      expect(health.statusCode).toBe(503);

      proxy.restore();
      let recovered = await grid();
      // The pool may hand out one connection that died with the outage before it notices.
      for (let attempt = 0; recovered.statusCode !== 200 && attempt < 5; attempt += 1)
        recovered = await grid();
      expect(recovered.statusCode).toBe(200);
      expect((await app.inject({ url: `${API}/health` })).statusCode).toBe(200);
    },
    outageMs + 60_000,
  );
});
