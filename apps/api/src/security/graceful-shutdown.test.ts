/**
 * SIGTERM under load: the server process stops taking new connections, answers every request
 * already sent, and exits with code 0.
 */
import { spawn } from 'node:child_process';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareDatabase } from '../db/prepare';
import { createTestDatabase, skipDriver, type TestDatabase } from '../test/test-app';

const apiDir = fileURLToPath(new URL('../..', import.meta.url));

/** One request on a kept-alive connection of `agent`; answers the status, or rejects on a cut. */
function send(
  agent: http.Agent,
  port: number,
  path: string,
  options: { method?: string; token?: string; body?: unknown } = {},
): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        agent,
        host: '127.0.0.1',
        port,
        path,
        method: options.method ?? 'GET',
        headers: {
          ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.on('error', reject);
    request.end(options.body === undefined ? undefined : JSON.stringify(options.body));
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

describe.skipIf(skipDriver('postgres'))('SIGTERM under load [postgres]', () => {
  let testDatabase: TestDatabase;

  beforeAll(async () => {
    testDatabase = await createTestDatabase('postgres');
    await prepareDatabase(testDatabase.database, { seedDemo: true });
  });
  afterAll(async () => {
    await testDatabase?.dispose();
  });

  it('finishes the requests in flight and exits cleanly', { timeout: 120_000 }, async () => {
    const port = await freePort();
    const server = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: apiDir,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: testDatabase.url!,
        LOG_LEVEL: 'warn',
        WEB_DIST: '/nonexistent',
        NODE_ENV: 'production',
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    server.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => server.on('exit', (code) => resolve(code)));
    const base = `http://127.0.0.1:${port}/ui/api`;

    // Wait until it answers.
    for (let attempt = 0; ; attempt += 1) {
      const up = await fetch(`${base}/health`).then(
        (response) => response.ok,
        () => false,
      );
      if (up) break;
      if (attempt > 120) throw new Error(`the server did not start: ${stderr}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const login = await fetch(`${base}/auth/login/?who=manager@acme.test`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'manager@acme.test', password: 'Demo-Passw0rd!' }),
    });
    const { token } = (await login.json()) as { token: string };

    // Forty connections the server has accepted (a connection still waiting in the kernel's queue
    // is reset by any server that stops listening), then forty grid requests on them, then SIGTERM.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 40 });
    await Promise.all(Array.from({ length: 40 }, () => send(agent, port, '/ui/api/lookups/us-states')));
    const inFlight = Array.from({ length: 40 }, () =>
      send(agent, port, '/ui/api/clients/grid', {
        method: 'POST',
        token,
        body: { page: 1, pageSize: 'all' },
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    server.kill('SIGTERM');

    // Every request gets an answer, never a cut connection: those the server had before the signal
    // are served; one arriving on a kept-alive connection after it is refused cleanly with 503.
    const statuses = await Promise.all(inFlight);
    expect(statuses.filter((status) => status !== 200 && status !== 503)).toEqual([]);
    expect(statuses.filter((status) => status === 200).length).toBeGreaterThan(0);
    expect(await exited).toBe(0);
    agent.destroy();
  });
});
