/**
 * Test harness for the API: the real Fastify app (`buildApp`) over a fresh, migrated and
 * demo-seeded database, on PGlite always and on PostgreSQL when one is reachable (docs/requirements.md
 * §15.3). One app per test file and driver: seeding hashes seven argon2 passwords.
 *
 * PostgreSQL: TEST_POSTGRES_URL, else postgres://$PGUSER@127.0.0.1:5432/test (PGUSER defaults to
 * postgres). Each suite creates its own randomly named database there and drops it afterwards.
 * Unreachable PostgreSQL skips those suites with a warning, except in CI, where they must run.
 */
import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import type { SQL } from 'drizzle-orm';
import { errorBodySchema } from '@homeminder/shared/contracts/errors';
import { buildApp, type App, type AppOptions } from '../app';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { DEMO_PASSWORD, demoUsers } from '../db/demo-data';
import { prepareDatabase } from '../db/prepare';
import { memoryCounterStore, redisCounterStore, type CounterStore } from '../lib/counter-store';
import type { RequestLimit } from '../plugins/request-limit';
import { reachable, testRedisUrl } from './reachable';
import { adminQuery, adminUrl } from './postgres-admin';

export type Driver = 'pglite' | 'postgres';
export const drivers: readonly Driver[] = ['pglite', 'postgres'];

/** Where the API responds in tests: the default base path plus `api`. */
export const API = '/ui/api';

const inCi = Boolean(process.env.CI);
export const postgresReachable = await reachable(adminUrl, 5432);
if (!postgresReachable && !inCi) {
  console.warn(
    `\n!!! PostgreSQL is not reachable at ${new URL(adminUrl).host}: the PostgreSQL variants of the API ` +
      'tests are SKIPPED. Only PGlite was tested. (In CI they run, and fail when unreachable.)\n',
  );
}

/** Skip a driver only when it cannot run here and we are not in CI. */
export function skipDriver(driver: Driver): boolean {
  return driver === 'postgres' && !postgresReachable && !inCi;
}

// ─── Databases ──────────────────────────────────────────────────────────────────────────────────

/** A clock the tests move by hand; only ever forwards, so tokens and counters stay consistent. */
export class TestClock {
  private ms = Date.now();
  readonly now = (): Date => new Date(this.ms);
  readonly nowMs = (): number => this.ms;
  advance(ms: number): void {
    this.ms += ms;
  }
}

export interface TestDatabase {
  driver: Driver;
  /** The first handle, opened on the fresh (empty, unmigrated) database. */
  database: DatabaseHandle;
  /** The connection string of a PostgreSQL test database. */
  url?: string;
  /** Opens another handle on the same database, as a second process or a restart would. */
  reopen(): Promise<DatabaseHandle>;
  /** Closes every handle and removes the database. */
  dispose(): Promise<void>;
}

/**
 * A new empty database. PGlite: `memory://`, or a directory when `dataDir` is given (so it can be
 * reopened). PostgreSQL: a randomly named database, dropped WITH (FORCE) by `dispose`.
 */
export async function createTestDatabase(
  driver: Driver,
  options: { dataDir?: string } = {},
): Promise<TestDatabase> {
  const handles: DatabaseHandle[] = [];
  const track = (handle: DatabaseHandle) => {
    handles.push(handle);
    return handle;
  };
  const closeAll = async () => {
    for (const handle of handles.splice(0)) await handle.close().catch(() => undefined);
  };

  if (driver === 'pglite') {
    const dataDir = options.dataDir ?? 'memory://';
    const database = track(await openDatabase({ dataDir }));
    return {
      driver,
      database,
      async reopen() {
        if (dataDir.startsWith('memory://')) throw new Error('an in-memory PGlite cannot be reopened');
        return track(await openDatabase({ dataDir }));
      },
      dispose: closeAll,
    };
  }

  const name = `homeminder_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(`CREATE DATABASE "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  // Every suite on PostgreSQL also checks that no transaction's queries overlap.
  const open = () => openDatabase({ databaseUrl, dataDir: 'unused', refuseOverlappingQueries: true });
  const database = track(await open());
  return {
    driver,
    database,
    url: databaseUrl,
    reopen: async () => track(await open()),
    async dispose() {
      await closeAll();
      await adminQuery(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    },
  };
}

/** Rows of a raw query, on either driver. */
export async function queryRows<T>(database: DatabaseHandle, query: SQL): Promise<T[]> {
  // Both drivers return an object with `rows`; Drizzle's shared type does not say so.
  // What is stored, as the tables' owner sees it: around row-level security.
  const result = await database.ownerDb.execute(query);
  return (result as { rows: T[] }).rows;
}

// ─── The app ────────────────────────────────────────────────────────────────────────────────────

export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH' | 'HEAD' | 'OPTIONS';
  /** Under /ui/api, e.g. '/auth/who-am-i'; a path starting with '//' is taken as is, minus one '/'. */
  path: string;
  token?: string;
  tenantId?: string;
  body?: unknown;
  /** The client's address, to keep per-address sign-in counters of tests apart. */
  ip?: string;
  headers?: Record<string, string>;
}

export interface TestApp {
  readonly driver: Driver;
  readonly app: App;
  readonly database: DatabaseHandle;
  readonly clock: TestClock;
  api(request: ApiRequest): Promise<LightMyRequestResponse>;
  /** Signs in (the demo password unless given) and returns the bearer token. */
  login(email: string, password?: string): Promise<string>;
  rows<T>(query: SQL): Promise<T[]>;
}

export interface TestAppOptions {
  /** The built web app to serve; by default a directory that does not exist. */
  webDist?: string;
  /**
   * `SMTP_URL` as the app sees it: mail "really leaves" (the app only reads it; no sender runs in
   * tests unless one is started).
   */
  smtpUrl?: string;
  /** `MAIL_HOLD`: the Sent mail screen says delivery is held (no sender runs in tests unless started). */
  mailHold?: boolean;
  /** Receives each log entry of the app (parsed JSON); by default the app does not log. */
  onLog?: (entry: Record<string, unknown>) => void;
  /** The general per-address request limit; none by default, as tests all come from one address. */
  requestLimit?: RequestLimit;
  /** How long a request and its headers may take to arrive; by default the production times. */
  timeouts?: { requestMs: number; headersMs: number };
  /** `METRICS_TOKEN`: the metrics route and request timing are on only with one. */
  metricsToken?: string;
  /**
   * Where the throttles count: in memory (the default), or in the tests' Redis under a prefix of
   * the suite's own, as with `REDIS_URL`.
   */
  counters?: 'memory' | 'redis';
  /** `TRUST_PROXY`: how many proxy hops' X-Forwarded-* headers count; none by default. */
  trustProxy?: number;
  /** The mail relays whose reports the app hears, and how it fetches SNS's certificates. */
  deliveryWebhooks?: AppOptions['deliveryWebhooks'];
  fetchText?: AppOptions['fetchText'];
  /** The text provider (a stand-in server in tests); texts are not offered without it. */
  twilio?: AppOptions['twilio'];
  /** How a sending domain's DKIM record is looked up (no DNS in tests). */
  resolveTxt?: AppOptions['resolveTxt'];
  /** Adds what a test needs (a route of its own) to the app before it starts. */
  extend?: (app: App) => void | Promise<void>;
}

/** Builds the app over a fresh seeded database before the suite's tests, and removes both after. */
export function useTestApp(driver: Driver, options: TestAppOptions = {}): TestApp {
  let testDatabase: TestDatabase | undefined;
  let app: App | undefined;
  let counters: CounterStore | undefined;
  const clock = new TestClock();

  beforeAll(async () => {
    counters =
      options.counters === 'redis'
        ? redisCounterStore(new Redis(testRedisUrl), `homeminder-test-${randomBytes(6).toString('hex')}`)
        : memoryCounterStore();
    testDatabase = await createTestDatabase(driver);
    const { seeded } = await prepareDatabase(testDatabase.database, { seedDemo: true, now: clock.now() });
    if (!seeded) throw new Error('the demo data was not seeded');
    app = await buildApp({
      env: {
        BASE_PATH: '/ui/',
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        WEB_DIST: options.webDist ?? '/nonexistent/homeminder-web-dist',
        SMTP_URL: options.smtpUrl,
        MAIL_HOLD: options.mailHold,
        REQUEST_TIMEOUT_MS: options.timeouts?.requestMs,
        HEADERS_TIMEOUT_MS: options.timeouts?.headersMs,
        METRICS_TOKEN: options.metricsToken,
        TRUST_PROXY: options.trustProxy,
      },
      database: testDatabase.database,
      ...(options.requestLimit ? { requestLimit: options.requestLimit } : {}),
      ...(options.deliveryWebhooks ? { deliveryWebhooks: options.deliveryWebhooks } : {}),
      ...(options.fetchText ? { fetchText: options.fetchText } : {}),
      ...(options.twilio ? { twilio: options.twilio } : {}),
      ...(options.resolveTxt ? { resolveTxt: options.resolveTxt } : {}),
      // The throttles count in real time (a test moves it with fake Dates), not on `clock`.
      counters,
      now: clock.now,
      logger: options.onLog
        ? {
            level: 'info',
            stream: { write: (line: string) => options.onLog!(JSON.parse(line) as Record<string, unknown>) },
          }
        : false,
    });
    await options.extend?.(app);
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    await counters?.close();
    await testDatabase?.dispose();
  });

  const ready = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`${what} is not ready: did beforeAll fail?`);
    return value;
  };

  const harness: TestApp = {
    driver,
    clock,
    get app() {
      return ready(app, 'the app');
    },
    get database() {
      return ready(testDatabase, 'the database').database;
    },
    api({ method = 'GET', path, token, tenantId, body, ip, headers = {} }) {
      const allHeaders: Record<string, string> = { ...headers };
      if (token !== undefined) allHeaders.authorization = `Bearer ${token}`;
      if (tenantId !== undefined) allHeaders['tenant-id'] = tenantId;
      const response = harness.app.inject({
        method,
        url: path.startsWith('//') ? path.slice(1) : `${API}${path}`,
        headers: allHeaders,
        ...(ip ? { remoteAddress: ip } : {}),
        ...(body === undefined
          ? {}
          : typeof body === 'string'
            ? { payload: body }
            : { payload: body as object }),
      });
      // A test reads what a request did once the work it started after responding is done too.
      return response.then(async (response) => {
        await harness.app.settled();
        return response;
      });
    },
    async login(email, password = DEMO_PASSWORD) {
      const response = await harness.api({
        method: 'POST',
        path: `/auth/login/?who=${encodeURIComponent(email)}`,
        body: { username: email, password },
      });
      if (response.statusCode !== 200) {
        throw new Error(`login of ${email} answered ${response.statusCode}: ${response.body}`);
      }
      return response.json<{ token: string }>().token;
    },
    rows: (query) => queryRows(harness.database, query),
  };
  return harness;
}

/** The email of every demo account. */
export const demoEmails: readonly string[] = demoUsers.map((user) => user.email);

/**
 * Signs each of `emails` (by default every demo account) in once, before the suite's tests, and
 * returns how to find the bearer token of one of them:
 * `const token = signInBeforeAll(t); token('realtor@acme.test')`.
 */
export function signInBeforeAll(
  t: TestApp,
  emails: readonly string[] = demoEmails,
): (email: string) => string {
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    for (const email of emails) tokens[email] = await t.login(email);
  });
  return (email) => tokens[email]!;
}

/** Signs in at once the demo users whose rights the access checks compare, by their part. */
export async function signInRoles(t: TestApp) {
  const [sysadmin, acmeAdmin, acmeManager, acmeRealtor, birchAdmin] = await Promise.all([
    t.login('sysadmin@demo.test'),
    t.login('admin@acme.test'),
    t.login('manager@acme.test'),
    t.login('realtor@acme.test'),
    t.login('admin@birch.test'),
  ]);
  return { sysadmin, acmeAdmin, acmeManager, acmeRealtor, birchAdmin };
}

/**
 * Declares the suite once per driver, each with its own app and database:
 * `describeEachDriver('login', (t) => { it(...) })`.
 */
export function describeEachDriver(title: string, body: (t: TestApp) => void, options?: TestAppOptions) {
  for (const driver of drivers) {
    describe.skipIf(skipDriver(driver))(`${title} [${driver}]`, () => body(useTestApp(driver, options)));
  }
}

// ─── Assertions ─────────────────────────────────────────────────────────────────────────────────

/** The response is a refusal with `status` and the `{ "Errors": [...] }` body of docs/requirements.md §9. */
export function expectErrors(
  response: LightMyRequestResponse,
  status: number,
  firstMessage?: string,
): string[] {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  const parsed = errorBodySchema.strict().safeParse(response.json());
  expect(parsed.success, `not an Errors body: ${response.body}`).toBe(true);
  const errors = parsed.data!.Errors;
  if (firstMessage !== undefined) expect(errors[0]).toBe(firstMessage);
  return errors;
}
