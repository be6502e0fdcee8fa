import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import type { Database } from '../../db/client';
import type { Signer } from '../../lib/signing';
import { auditService } from '../audit';
import { deliveryEventsRepository } from './delivery-events.repository';
import { deliveryEventsService } from './delivery-events.service';
import { outboxIdOfReturnPath } from './return-path';

/** The largest message taken: a DSN is a few kB, with the returned message's headers. */
export const bounceMessageMaxBytes = 256 * 1024;

export interface BounceMailboxOptions {
  db: Database;
  signing: Signer;
  /** BOUNCE_ADDRESS: only the return paths made on it are taken as recipients. */
  bounceAddress: string;
  /** BOUNCE_SMTP_PORT (0: any free port) and the address to listen on. */
  port: number;
  host: string;
  now?: () => Date;
  log: {
    info(object: object, message: string): void;
    warn(object: object, message: string): void;
    error(object: object, message: string): void;
  };
}

export interface BounceMailbox {
  /** The port it listens on. */
  port: number;
  close(): Promise<void>;
}

const refusal = (responseCode: number, message: string) =>
  Object.assign(new Error(message), { responseCode });

/**
 * An error as logged here: its kind and code, not its message, since a failed query's message
 * quotes its parameters, the addresses among them.
 */
const failure = (error: unknown) => ({
  error: error instanceof Error ? error.name : typeof error,
  code: (error as { code?: unknown } | null)?.code,
});

/**
 * The bounce mailbox (docs/decisions/104): an SMTP server the bounce domain's MX points at. It
 * takes mail only for the signed return paths of messages sent (`return-path.ts`), reads each as
 * a delivery status notification and hands its failures to the same service as the relays'
 * webhooks. What is not a DSN is taken and dropped, so its sender does not retry it.
 */
export async function startBounceMailbox(options: BounceMailboxOptions): Promise<BounceMailbox> {
  const { db, signing, bounceAddress, log } = options;
  const deliveryEvents = deliveryEventsService({
    events: deliveryEventsRepository(db),
    audit: auditService(db),
    now: options.now,
  });
  const outboxIdOf = (address: string) => outboxIdOfReturnPath(signing, bounceAddress, address);

  async function take(recipients: string[], rawMessage: string) {
    const outboxIds = new Set<string>();
    for (const recipient of recipients) {
      const outboxId = await outboxIdOf(recipient);
      if (outboxId) outboxIds.add(outboxId);
    }
    // Only the outbox id is logged: the message and its addresses may carry links and tokens.
    for (const outboxId of outboxIds) {
      const acted = await deliveryEvents.receiveDsn(outboxId, rawMessage);
      if (acted === null)
        log.info({ outboxId }, 'the bounce mailbox dropped a message that reports no failure');
      else log.info({ outboxId, acted }, 'the bounce mailbox took a delivery status notification');
    }
  }

  const server = new SMTPServer({
    name: bounceAddress.split('@')[1]!,
    // Bounces come from any mail server, which never signs in.
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    size: bounceMessageMaxBytes,
    rejectOversized: true,
    maxRecipients: 10,
    maxClients: 50,
    disableReverseLookup: true,
    // smtp-server's own log names senders and recipients, and so each return path's tag.
    logger: false,
    closeTimeout: 5_000,
    onRcptTo(address, _session, callback) {
      outboxIdOf(address.address).then(
        (outboxId) => callback(outboxId ? null : refusal(550, 'No such mailbox here.')),
        (error: unknown) => {
          log.error(failure(error), 'the bounce mailbox could not check a recipient');
          callback(refusal(451, 'Try again later.'));
        },
      );
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => {
        if (!stream.sizeExceeded) chunks.push(chunk);
      });
      stream.on('end', () => {
        // Too large: smtp-server answers 552 itself.
        if (stream.sizeExceeded) return callback();
        const recipients = session.envelope.rcptTo.map((recipient) => recipient.address);
        take(recipients, Buffer.concat(chunks).toString('utf8')).then(
          () => callback(),
          (error: unknown) => {
            // A temporary failure: the sending server tries again later, and nothing is lost.
            log.error(failure(error), 'the bounce mailbox could not take a message; its sender retries');
            callback(refusal(451, 'Try again later.'));
          },
        );
      });
    },
  });
  // A connection's failure (a sender going away mid-message) is the sender's to retry.
  const warn = (error: Error) => log.warn(failure(error), 'a bounce mailbox connection failed');
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      server.on('error', warn);
      resolve();
    });
  });
  return {
    port: (server.server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
