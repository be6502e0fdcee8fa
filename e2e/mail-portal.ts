/**
 * A portal of its own for journeys that end in a mailbox: the real server on a fresh PostgreSQL
 * database, delivering to a real SMTP server started here. The usual end-to-end server keeps its
 * mail in the outbox; this one sends it, so a test reads what a mail provider would receive.
 */
import { randomBytes } from 'node:crypto';
import { expect } from '@playwright/test';
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
  stop(): Promise<void>;
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

/** True when PostgreSQL answers, so a journey can say why it is skipped on a machine without it. */
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

/** Starts the SMTP server, a fresh database with the demo data, and the portal on them. */
export async function startMailPortal(): Promise<MailPortal> {
  const received: ReceivedMail[] = [];
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
    async stop() {
      child.kill('SIGTERM');
      await exited;
      await pool.end();
      await smtp.close();
      await adminQuery(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
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
