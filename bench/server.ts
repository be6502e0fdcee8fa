// The real API server over a benchmark database, listening on a free port, plus the tools to load
// it: sign-in, autocannon runs, and a raw-driver replay of the SQL one request issues.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import pg from 'pg';
import { buildApp } from '../apps/api/src/app';
import type { DatabaseHandle } from '../apps/api/src/db/client';
import { freePort, signInAt, spawnServer, waitForHealth } from '../apps/api/src/test/server-process';
import type { BenchDatabase } from './harness';

export interface RunningServer {
  url: string;
  close(): Promise<void>;
}

/**
 * The real server as production runs it: a process of its own (`src/server.ts`) over the benchmark
 * database. In the benchmark's own process it would share one event loop with autocannon, and
 * the load generator's work would be counted against the server.
 */
export async function startServer(
  database: BenchDatabase,
  options: { seedDemo?: boolean } = {},
): Promise<RunningServer> {
  const port = await freePort();
  const { child, exited, stderr } = spawnServer(port, {
    DATABASE_URL: database.url,
    SEED_DEMO: options.seedDemo ? 'true' : 'false',
    // The load comes from one address, far beyond any person's; the per-address limit is off.
    RATE_LIMIT_PER_MINUTE: '0',
  });
  // What the server warns of shows with the benchmark's own output.
  child.stderr?.pipe(process.stderr);
  const url = `http://127.0.0.1:${port}/ui/api`;
  await waitForHealth(`${url}/health`, child, stderr, 'the server');
  return {
    url,
    async close() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** The web app's server build, which renders the pages; without it the server has none to serve. */
const webServerBuild = new URL('../apps/web/dist/server/index.js', import.meta.url);

/** Builds the web app (`npm run build`) when it has not been built. */
export function ensureWebBuild(log: (message: string) => void): void {
  if (existsSync(webServerBuild)) return;
  log('building the web app (npm run build)');
  const build = spawnSync('npm', ['run', 'build'], { stdio: 'ignore' });
  if (build.status !== 0) throw new Error('npm run build failed');
}

/** The server in this process: only to see, at the driver, which SQL one request runs. */
async function startInProcessServer(database: DatabaseHandle): Promise<RunningServer> {
  const app = await buildApp({
    env: { BASE_PATH: '/ui/', NODE_ENV: 'production', LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent' },
    database,
    logger: false,
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/ui/api`, close: () => app.close() };
}

export const signIn = (server: RunningServer, email: string, password: string): Promise<string> =>
  signInAt(server.url, email, password);

/** One read of the API, its path under the API's address (`home/summary`). */
export interface JsonRead {
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
}

export interface LoadResult {
  requestsPerSecond: number;
  /** autocannon reports p97.5, not p95: the stricter figure stands in for p95. */
  p97_5Ms: number;
  errors: number;
  /** Of `errors`, the requests with no response in time (`timeoutSeconds`, else 10 s). */
  timeouts: number;
  /** Of `errors`, the responses by status class, to tell a refusal (4xx) from a failure (5xx). */
  statuses: { '3xx': number; '4xx': number; '5xx': number };
}

export async function load(options: {
  url: string;
  method?: 'GET' | 'POST';
  token?: string;
  /** More request headers, e.g. a page's session cookie. */
  headers?: Record<string, string>;
  body?: unknown;
  /** Requests each connection sends in turn instead of one (their paths absolute, `/ui/api/...`). */
  requests?: JsonRead[];
  connections: number;
  seconds: number;
  /** Seconds a request may take before autocannon gives up on it (its default is 10). */
  timeoutSeconds?: number;
}): Promise<LoadResult> {
  const result = await autocannon({
    url: options.url,
    method: options.method ?? 'GET',
    connections: options.connections,
    duration: options.seconds,
    ...(options.timeoutSeconds === undefined ? {} : { timeout: options.timeoutSeconds }),
    headers: {
      'content-type': 'application/json',
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...options.headers,
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
    ...(options.requests
      ? {
          requests: options.requests.map((read) => ({
            method: read.method,
            path: read.path,
            ...(read.body === undefined ? {} : { body: JSON.stringify(read.body) }),
          })),
        }
      : {}),
  });
  return {
    requestsPerSecond: result.requests.average,
    p97_5Ms: result.latency.p97_5,
    errors: result.errors + result.non2xx,
    timeouts: result.timeouts,
    statuses: { '3xx': result['3xx'], '4xx': result['4xx'], '5xx': result['5xx'] },
  };
}

interface CapturedQuery {
  text: string;
  values: unknown[];
}

/**
 * The SQL statements the server runs for one request, in order, captured at the driver. Replaying
 * them with the raw driver is the baseline: the same work without the server around it.
 */
export async function captureQueries(
  database: DatabaseHandle,
  send: (server: RunningServer) => Promise<unknown>,
): Promise<CapturedQuery[]> {
  const server = await startInProcessServer(database);
  const captured: CapturedQuery[] = [];
  const prototype = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = prototype.query;
  try {
    await send(server); // warm the caches and the plan
    prototype.query = function (this: unknown, ...args: unknown[]) {
      const [first, second] = args;
      if (typeof first === 'string') captured.push({ text: first, values: (second as unknown[]) ?? [] });
      else if (first && typeof first === 'object' && 'text' in first) {
        // Drizzle passes the statement as a config object and its parameters beside it.
        const config = first as { text: string; values?: unknown[] };
        captured.push({ text: config.text, values: config.values ?? (second as unknown[]) ?? [] });
      }
      return original.apply(this, args);
    };
    await send(server);
  } finally {
    prototype.query = original;
    await server.close();
  }
  return captured;
}

/** Replays the captured statements on `connections` raw connections for `seconds`. */
export async function replay(
  databaseUrl: string,
  queries: CapturedQuery[],
  connections: number,
  seconds: number,
): Promise<LoadResult> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: connections });
  const latencies: number[] = [];
  const until = Date.now() + seconds * 1000;
  let errors = 0;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      const client = await pool.connect();
      try {
        while (Date.now() < until) {
          const started = performance.now();
          try {
            for (const query of queries) await client.query(query.text, query.values);
          } catch {
            errors += 1;
          }
          latencies.push(performance.now() - started);
        }
      } finally {
        client.release();
      }
    }),
  );
  await pool.end();
  if (errors > 0) throw new Error(`${errors} replayed statements failed`);
  latencies.sort((a, b) => a - b);
  return {
    requestsPerSecond: latencies.length / seconds,
    p97_5Ms: latencies[Math.floor(latencies.length * 0.975)] ?? 0,
    errors,
    timeouts: 0,
    statuses: { '3xx': 0, '4xx': 0, '5xx': 0 },
  };
}
