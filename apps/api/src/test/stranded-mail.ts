/**
 * Mail a lost process left claimed: once the mail server has heard nothing for a few seconds, the
 * batch's messages still pending were claimed by a node (or on a database) that is gone. Their
 * claims' lease is ended so that a live node sends them, as it would five minutes later.
 */
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../db/client';
import { headerOf, type Received } from './smtp-server';

/** The outbox id a received message carries in its Message-ID (`<id@domain>`). */
export const outboxIdOf = (message: Received) =>
  /^<([^@>]+)@/.exec(headerOf(message, 'Message-ID') ?? '')?.[1];

/**
 * Waits until `received` has not grown for 3 s, then ends the lease of the batch's pending
 * messages; returns how many were pending and how many of those the server had taken (in flight:
 * these arrive twice).
 */
export async function endStrandedClaims(
  database: DatabaseHandle,
  received: Received[],
  batch: () => Promise<{ id: string; status: string }[]>,
): Promise<{ stranded: number; inFlight: number }> {
  const deadline = Date.now() + 120_000;
  let count = received.length;
  let quietSince = Date.now();
  while (Date.now() - quietSince <= 3_000) {
    if (Date.now() > deadline) throw new Error('timed out waiting: the mail server to hear nothing more');
    await new Promise((resolve) => setTimeout(resolve, 50));
    if (received.length !== count) [count, quietSince] = [received.length, Date.now()];
  }
  const stranded = (await batch()).filter((row) => row.status === 'pending');
  const heldByServer = new Set(received.map(outboxIdOf));
  if (stranded.length > 0)
    await database.ownerDb.execute(
      sql`update email_outbox set next_attempt_at = now()
           where status = 'pending' and id in ${sql.raw(`('${stranded.map((row) => row.id).join("','")}')`)}`,
    );
  return { stranded: stranded.length, inFlight: stranded.filter((row) => heldByServer.has(row.id)).length };
}
