/**
 * A portal of its own for journeys that end in a mailbox: the real server on a fresh PostgreSQL
 * database, delivering to a real SMTP server started here. The usual end-to-end server keeps its
 * mail in the outbox; this one sends it, so a test reads what a mail provider would receive.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import net, { type AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';

const apiDir = fileURLToPath(new URL('../apps/api', import.meta.url));
const adminUrl =
  process.env['TEST_POSTGRES_URL'] ??
  `postgres://${encodeURIComponent(process.env['PGUSER'] ?? 'postgres')}@127.0.0.1:5432/test`;

/** A message as the SMTP server took it: its envelope recipients and its raw text. */
export interface ReceivedMail {
  to: string[];
  raw: string;
}

export interface MailPortal {
  /** The portal's web address, e.g. http://127.0.0.1:PORT/ui/ */
  origin: string;
  received: ReceivedMail[];
  /** A statement on the portal's database, as its owner. */
  query<T>(text: string, values?: unknown[]): Promise<T[]>;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject).listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** True when PostgreSQL answers, so a journey can say why it is skipped on a machine without it. */
export async function postgresReachable(): Promise<boolean> {
  return adminQuery('select 1').then(
    () => true,
    () => false,
  );
}

async function startSmtp(received: ReceivedMail[]): Promise<{ url: string; close(): Promise<void> }> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function waitUntilUp(origin: string, child: ChildProcess, stderr: () => string): Promise<void> {
  for (let attempt = 0; ; attempt += 1) {
    const up = await fetch(`${origin}api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (up) return;
    if (child.exitCode !== null || attempt > 240) throw new Error(`the portal did not start: ${stderr()}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
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
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: apiDir,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl.toString(),
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Reminders <reminders@homeminder.test>',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const pool = new pg.Pool({ connectionString: databaseUrl.toString(), max: 2 });
  try {
    await waitUntilUp(origin, child, () => stderr);
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
