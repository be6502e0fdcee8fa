/**
 * A portal of its own for journeys that end in a mailbox: the real server on a fresh PostgreSQL
 * database, delivering to a real SMTP server started here. The usual end-to-end server keeps its
 * mail in the outbox; this one sends it, so a test reads what a mail provider would receive.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { simpleParser } from 'mailparser';
import pg from 'pg';
import { adminQuery, adminUrl } from '../apps/api/src/test/postgres-admin';
import { freePort, spawnServer, waitForHealth } from '../apps/api/src/test/server-process';
import { keepingSmtpServer, listenSmtp, type RawMail } from '../apps/api/src/test/smtp-server';

/** A message as the SMTP server took it: its envelope recipients and its raw text. */
export type ReceivedMail = RawMail;

export interface MailPortal {
  /** The portal's web address, e.g. http://127.0.0.1:PORT/ui/ */
  origin: string;
  received: ReceivedMail[];
  /** A statement on the portal's database, as its owner. */
  query<T>(text: string, values?: unknown[]): Promise<T[]>;
  /** Moves the server's clock on (a portal started with `movableClock` only). */
  moveClock(ms: number): Promise<void>;
  stop(): Promise<void>;
}

/** Debian's libfaketime (package libfaketime), which moves the clock of the process it is loaded in. */
export const faketimeLibrary = '/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1';

/**
 * A clock the test moves for the server process: libfaketime reads the offset from a file, at
 * most a second old. Only the wall clock moves; timers keep their pace.
 */
function movableClock() {
  if (!existsSync(faketimeLibrary))
    throw new Error(`${faketimeLibrary} is missing: apt-get install libfaketime`);
  const folder = mkdtempSync(path.join(tmpdir(), 'homeminder-clock-'));
  const file = path.join(folder, 'offset');
  let offsetSeconds = 0;
  writeFileSync(file, '+0');
  return {
    env: {
      LD_PRELOAD: faketimeLibrary,
      FAKETIME_TIMESTAMP_FILE: file,
      FAKETIME_CACHE_DURATION: '1',
      DONT_FAKE_MONOTONIC: '1',
    },
    async move(ms: number) {
      offsetSeconds += Math.round(ms / 1000);
      writeFileSync(file, `+${offsetSeconds}`);
      // The library reads the file again once its cached value is a second old.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
    },
    remove: () => rmSync(folder, { recursive: true, force: true }),
  };
}

/** An email as its reader sees it: the subject and the two parts. */
export interface ParsedMail {
  subject: string;
  text: string;
  html: string;
}

/**
 * The first email the SMTP server took for an address that `wanted` accepts, once it has landed:
 * the dispatcher and the outbox send in the background, so this waits for it.
 */
export async function mailTo(
  portal: MailPortal,
  address: string,
  wanted: (mail: ParsedMail) => boolean = () => true,
  timeout = 60_000,
): Promise<ParsedMail> {
  const matching = async () => {
    for (const mail of portal.received.filter((one) => one.to.includes(address))) {
      const parsed = await simpleParser(mail.raw);
      const read = { subject: parsed.subject ?? '', text: parsed.text ?? '', html: String(parsed.html) };
      if (wanted(read)) return read;
    }
    return undefined;
  };
  await expect.poll(async () => Boolean(await matching()), { timeout }).toBe(true);
  return (await matching())!;
}

/** True when PostgreSQL responds, so a journey can say why it is skipped on a machine without it. */
export async function postgresReachable(): Promise<boolean> {
  return adminQuery('select 1').then(
    () => true,
    () => false,
  );
}

async function startSmtp(received: ReceivedMail[]): Promise<{ url: string; close(): Promise<void> }> {
  const server = keepingSmtpServer((mail) => received.push(mail));
  const port = await listenSmtp(server, 0);
  return {
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * The portal of a spec file's mail journeys, started before them and stopped after; they are
 * skipped on a machine without PostgreSQL (never in CI, where they must run). Use it in the tests
 * and hooks only: it is there once the file's `beforeAll` has run.
 */
/** How a journey's portal differs: a clock the test moves, settings of its own. */
export interface MailPortalOptions {
  movableClock?: boolean;
  env?: Record<string, string>;
}

export function mailPortalForJourneys(options: MailPortalOptions = {}): MailPortal {
  let started: MailPortal | undefined;
  test.beforeAll(async () => {
    test.skip(!(await postgresReachable()) && !process.env['CI'], 'needs PostgreSQL at 127.0.0.1:5432');
    test.setTimeout(180_000);
    started = await startMailPortal(options);
  });
  test.afterAll(async () => started?.stop());
  const portal = () => {
    if (!started) throw new Error('the mail portal is not started yet');
    return started;
  };
  return {
    get origin() {
      return portal().origin;
    },
    get received() {
      return portal().received;
    },
    query: (text, values) => portal().query(text, values),
    moveClock: (ms) => portal().moveClock(ms),
    stop: () => portal().stop(),
  };
}

/** A page of its own (cookies, storage) on the portal; closing `page.context()` ends it. */
export async function pageOnPortal(portal: MailPortal, browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: portal.origin });
  return context.newPage();
}

/**
 * Starts the SMTP server, a fresh database with the demo data, and the portal on them; with
 * `movableClock`, a portal whose clock the test can move forward; with `env`, settings of its own.
 */
export async function startMailPortal(options: MailPortalOptions = {}): Promise<MailPortal> {
  const received: ReceivedMail[] = [];
  const clock = options.movableClock ? movableClock() : null;
  const smtp = await startSmtp(received);
  const name = `homeminder_e2e_${randomBytes(6).toString('hex')}`;
  await adminQuery(`CREATE DATABASE "${name}"`);
  const databaseUrl = new URL(adminUrl);
  databaseUrl.pathname = `/${name}`;
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}/ui/`;
  const { child, exited, stderr } = spawnServer(port, {
    DATABASE_URL: databaseUrl.toString(),
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Reminders <reminders@homeminder.test>',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    SEED_DEMO: 'true',
    ...clock?.env,
    ...options.env,
  });
  const pool = new pg.Pool({ connectionString: databaseUrl.toString(), max: 2 });
  try {
    await waitForHealth(`${origin}api/health`, child, stderr, 'the portal');
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return {
    origin,
    received,
    async query<T>(text: string, values: unknown[] = []) {
      return (await pool.query(text, values)).rows as T[];
    },
    async moveClock(ms: number) {
      if (!clock) throw new Error('This portal was started without a movable clock.');
      await clock.move(ms);
    },
    async stop() {
      child.kill('SIGTERM');
      await exited;
      // The pool is done once its clients are let go, before each has closed its connection; the
      // drop below ends any still open, and a client told so then must not fail the next test.
      pool.on('error', () => undefined);
      await pool.end();
      await smtp.close();
      await adminQuery(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      clock?.remove();
    },
  };
}

/** A header of a raw message, its folded lines joined. */
export function headerOf(raw: string, name: string): string | undefined {
  const head = raw.split(/\r?\n\r?\n/, 1)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  const line = head
    .split(/\r?\n/)
    .find((candidate) => candidate.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line?.slice(name.length + 1).trim();
}
