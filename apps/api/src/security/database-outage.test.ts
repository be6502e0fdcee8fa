/**
 * A database outage: PostgreSQL goes out of reach (a proxy in front of it drops every connection
 * and refuses new ones), the API responds 503 with an Errors body and does not crash; when the
 * database is back, the same server responds normally again, without a restart.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@homeminder/shared/validation/messages';
import { buildApp, type App } from '../app';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { prepareDatabase } from '../db/prepare';
import { databaseProxy, throughProxy, type DatabaseProxy } from '../test/database-proxy';
import { API, createTestDatabase, expectErrors, skipDriver, type TestDatabase } from '../test/test-app';

const outageMs = Number(process.env['DATABASE_OUTAGE_MS'] ?? 30_000);

describe.skipIf(skipDriver('postgres'))('a database outage [postgres]', () => {
  let testDatabase: TestDatabase;
  let proxied: DatabaseHandle;
  let proxy: DatabaseProxy;
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
    proxied = await openDatabase({ databaseUrl: throughProxy(testDatabase.url!, proxy), dataDir: 'unused' });
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
    'responds 503 while the database is away and recovers by itself when it returns',
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
