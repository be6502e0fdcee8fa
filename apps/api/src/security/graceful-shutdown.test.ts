/**
 * SIGTERM under load: the server process stops taking new connections, responds to every request
 * already sent, and exits with code 0.
 */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareDatabase } from '../db/prepare';
import { DEMO_PASSWORD } from '../db/demo-data';
import { signInAt, startServerProcess } from '../test/server-process';
import { createTestDatabase, skipDriver, type TestDatabase } from '../test/test-app';

/** One request on a kept-alive connection of `agent`; returns the status, or rejects on a cut. */
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
    const server = await startServerProcess(testDatabase.url!);
    const { port } = server;
    const token = await signInAt(server.base, 'manager@acme.test', DEMO_PASSWORD);

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
    server.child.kill('SIGTERM');

    // Every request gets a response, never a cut connection: those the server had before the signal
    // are served; one arriving on a kept-alive connection after it is refused cleanly with 503.
    const statuses = await Promise.all(inFlight);
    expect(statuses.filter((status) => status !== 200 && status !== 503)).toEqual([]);
    expect(statuses.filter((status) => status === 200).length).toBeGreaterThan(0);
    expect(await server.exited).toBe(0);
    agent.destroy();
  });
});
