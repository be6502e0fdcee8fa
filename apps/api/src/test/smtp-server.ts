/** A real SMTP server (smtp-server) for tests: it keeps every message it takes, to be counted and read. */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface Received {
  /** The envelope sender (MAIL FROM), where bounces go; '' for the null sender. */
  from: string;
  to: string[];
  /** The whole message, quoted-printable soft breaks and escapes undone. */
  body: string;
  /** The message as it came, for its headers, which are never quoted-printable. */
  raw: string;
}

function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/(?:=[0-9A-F]{2})+/g, (run) => Buffer.from(run.replace(/=/g, ''), 'hex').toString('utf8'));
}

/** A header of a received message, its folded lines joined; undefined when it has none. */
export function headerOf(message: Received, name: string): string | undefined {
  const head = message.raw.slice(0, message.raw.search(/\r?\n\r?\n/));
  return new RegExp(`^${name}:[ \\t]*(.*(?:\\r?\\n[ \\t].*)*)`, 'mi')
    .exec(head)?.[1]
    ?.replace(/\r?\n(?=[ \t])/g, '')
    .trim();
}

/** A message as an SMTP server took it: its envelope and its raw text. */
export interface RawMail {
  from: string;
  to: string[];
  raw: string;
}

export interface SmtpServerOptions {
  /**
   * How long the server waits before it responds to each message it took (0 by default): a slow mail
   * server. The message is kept first, as a real server delivers a message whose sender went away
   * before hearing the response. Read at each message, so it may be changed while the server runs.
   */
  responseDelayMs?: number;
}

/** A real SMTP server on 127.0.0.1, not yet listening, that hands each message it takes to `keep`. */
export function keepingSmtpServer(
  keep: (mail: RawMail) => void,
  options: SmtpServerOptions = {},
): SMTPServer {
  return new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    // Closed, it drops the connections a sender keeps open between messages, as a server that goes
    // down does, rather than wait 30 s for them.
    closeTimeout: 200,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const { mailFrom } = session.envelope;
        keep({
          from: mailFrom ? mailFrom.address : '',
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        const delay = options.responseDelayMs ?? 0;
        if (delay > 0) setTimeout(() => callback(), delay);
        else callback();
      });
    },
  });
}

/** Starts `server` listening on 127.0.0.1 at `port` (0: any free one) and returns the port. */
export async function listenSmtp(server: SMTPServer, port: number): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return (server.server.address() as AddressInfo).port;
}

/**
 * A real SMTP server on a fixed port that can be stopped and started again; `responseDelayMs` (at
 * creation, or set on the returned server at any time) makes it a slow one.
 */
export function testSmtpServer(options: SmtpServerOptions = {}) {
  const received: Received[] = [];
  const settings: SmtpServerOptions = { ...options };
  let server: SMTPServer | undefined;
  let port = 0;
  const start = async () => {
    server = keepingSmtpServer(
      ({ from, to, raw }) => received.push({ from, to, body: decodeQuotedPrintable(raw), raw }),
      settings,
    );
    port = await listenSmtp(server, port);
  };
  const stop = () => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  return {
    received,
    start,
    stop,
    get url() {
      return `smtp://127.0.0.1:${port}`;
    },
    /** Milliseconds the server waits before responding to each message it took. */
    get responseDelayMs() {
      return settings.responseDelayMs ?? 0;
    },
    set responseDelayMs(ms: number) {
      settings.responseDelayMs = ms;
    },
  };
}
