/**
 * Mail from the cluster: a due batch sent once by three dispatching nodes, a mail program's
 * one-click unsubscribe through the balancer, and a node killed in the middle of sending.
 */
import { sql } from 'drizzle-orm';
import { FormData } from 'undici';
import { expect, it } from 'vitest';
import { ACME_TENANT_ID } from '../db/demo-data';
import { headerOf, type Received } from '../test/smtp-server';
import { endStrandedClaims, outboxIdOf } from '../test/stranded-mail';
import { queryRows, type TestDatabase } from '../test/test-app';
import { names, seconds, sleep, waitFor, type Cluster } from './fixture';
import { readLoad } from './load';
import { bulkDomain } from './requests.proofs';

/** Makes up to `limit` reminders of the bulk run's subscribed clients due; returns each one's id and address. */
async function makeDue(testDatabase: TestDatabase, limit: number) {
  return queryRows<{ id: string; email: string }>(
    testDatabase.database,
    sql`with made_due as (
          update reminder_subscriptions set next_due_at = now() - interval '1 minute'
           where (tenant_id, id) in (
             select s.tenant_id, s.id from reminder_subscriptions s
               join properties p on p.tenant_id = s.tenant_id and p.id = s.property_id
               join client_users c on c.tenant_id = p.tenant_id and c.id = p.client_user_id
              where c.tenant_id = ${ACME_TENANT_ID} and c.email like ${`%@${bulkDomain}`}
                and c.unsubscribed_at is null
              limit ${limit})
          returning tenant_id, id, property_id)
        select m.id, c.email from made_due m
          join properties p on p.tenant_id = m.tenant_id and p.id = m.property_id
          join client_users c on c.tenant_id = p.tenant_id and c.id = p.client_user_id`,
  );
}

/** The pending outbox messages, none of the proofs' own: a proof starts once there are none. */
async function pendingMail(testDatabase: TestDatabase) {
  const [row] = await queryRows<{ pending: number }>(
    testDatabase.database,
    sql`select count(*)::int as pending from email_outbox where status = 'pending'`,
  );
  return row!.pending;
}

/** The outbox id a received message carries in its Message-ID (`<id@domain>`). */

export function mailProofs(cluster: Cluster) {
  /** Emails of the reminders-once proof, read again by the one-click proof. */
  const batch: Received[] = [];

  it('sends a due batch of reminders exactly once from three dispatching nodes', async () => {
    const { smtp, testDatabase, prometheus, ports } = cluster;
    // The demo data seeded at the start has reminders falling due in the first minute after
    // start-up (db/demo-data.ts); sent inside this check's window, one of them would be counted with
    // the batch. So the check starts once no subscription is due in the next five minutes, longer
    // than the check takes, and the outbox is empty: then every email it sees is one of the batch.
    const dueSoon = async () => {
      const [row] = await queryRows<{ due: number }>(
        testDatabase.database,
        sql`select count(*)::int as due from reminder_subscriptions
             where next_due_at <= now() + interval '5 minutes'`,
      );
      return row!.due;
    };
    await waitFor('no reminder due in the next five minutes', async () => (await dueSoon()) === 0, 120_000);
    await waitFor('an empty outbox', async () => (await pendingMail(testDatabase)) === 0, 120_000);
    /** A counter of each node, as Prometheus scraped it. */
    const byNode = (metric: string, labels = '') =>
      Promise.all(
        names.map((name) => prometheus.query(`${metric}{${labels}instance="127.0.0.1:${ports[name]}"}`)),
      );
    const queued = () => byNode('homeminder_reminders_queued_total');
    const sent = () => byNode('homeminder_emails_total', 'outcome="sent",');
    await sleep(2_000);
    const sentBefore = await prometheus.query('sum(homeminder_emails_total{outcome="sent"})');
    const [queuedBefore, sentByNodeBefore] = [await queued(), await sent()];
    smtp.received.length = 0;

    const due = await makeDue(testDatabase, 300);
    const dueCount = due.length;
    const madeDueAt = Date.now();
    const allAt = await waitFor('every reminder email', () => smtp.received.length >= dueCount, 120_000);
    // Longer than a dispatch and a delivery round of every node: a second sending would show.
    await sleep(8_000);
    expect(smtp.received.length).toBe(dueCount);
    // Each email went to a client of the batch, as many to each as it has due reminders.
    const sorted = (addresses: string[]) => [...addresses].sort();
    expect(sorted(smtp.received.flatMap((message) => message.to))).toEqual(
      sorted(due.map((row) => row.email)),
    );
    const [outbox] = await queryRows<{ messages: number; subscriptions: number; sent: number }>(
      testDatabase.database,
      sql`select count(*)::int as messages, count(distinct subscription_id)::int as subscriptions,
                 count(*) filter (where status = 'sent')::int as sent
            from email_outbox where subscription_id in ${sql.raw(`('${due.map((row) => row.id).join("','")}')`)}`,
    );
    expect(outbox).toEqual({ messages: dueCount, subscriptions: dueCount, sent: dueCount });
    batch.push(...smtp.received);

    const sentDelta = async () =>
      (await prometheus.query('sum(homeminder_emails_total{outcome="sent"})')) - sentBefore;
    await waitFor('Prometheus to count the emails', async () => (await sentDelta()) === dueCount, 20_000);
    const since = (after: number[], before: number[]) => after.map((value, index) => value - before[index]!);
    const queuedByNode = since(await queued(), queuedBefore);
    const sentByNode = since(await sent(), sentByNodeBefore);
    expect(queuedByNode.reduce((sum, value) => sum + value, 0)).toBe(dueCount);
    expect(sentByNode.reduce((sum, value) => sum + value, 0)).toBe(dueCount);
    console.log(
      `reminders: ${dueCount} due, ${smtp.received.length} emails received by SMTP in ${seconds(allAt - madeDueAt)} s (exactly ${dueCount}), ` +
        `queued by node1/node2/node3 ${queuedByNode.join('/')}, sent by them ${sentByNode.join('/')}, Prometheus counted ${await sentDelta()} sent`,
    );
  }, 180_000);

  it("unsubscribes a mail program's one-click POST sent as multipart/form-data through the balancer", async () => {
    const { balancer, testDatabase } = cluster;
    const message = batch[0];
    expect(message).toBeDefined();
    const oneClick = /<(https?:[^>]+)>/.exec(headerOf(message!, 'List-Unsubscribe') ?? '')?.[1];
    expect(headerOf(message!, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(oneClick).toBeDefined();
    const address = `${balancer.base}/mail/unsubscribe${new URL(oneClick!).search}`;
    const unsubscribedAt = async () => {
      const [row] = await queryRows<{ at: Date | null }>(
        testDatabase.database,
        sql`select unsubscribed_at as at from client_users
             where tenant_id = ${ACME_TENANT_ID} and lower(email) = lower(${message!.to[0]!})`,
      );
      return row?.at ?? null;
    };
    expect(await unsubscribedAt()).toBeNull();

    // What a mail program posts (RFC 8058): the one field as multipart/form-data, no cookie, no
    // session; some add fields of their own. Posted twice, as a program may retry. The form is
    // undici's FormData, as the balancer's fetch is undici's own.
    const post = () => {
      const form = new FormData();
      form.append('List-Unsubscribe', 'One-Click');
      form.append('mailer', 'cluster');
      return balancer.fetch(address, { method: 'POST', body: form, signal: AbortSignal.timeout(30_000) });
    };
    const first = await post();
    expect(first.headers.get('content-type')).toMatch(/^application\/json/);
    expect(first.status, await first.clone().text()).toBe(200);
    expect(first.headers.get('set-cookie')).toBeNull();
    const at = await unsubscribedAt();
    expect(at).not.toBeNull();
    const again = await post();
    expect(again.status).toBe(200);
    expect(await unsubscribedAt()).toEqual(at);
    console.log(
      `one-click unsubscribe: multipart/form-data through HAProxy answered ${first.status} (by ${first.headers.get('x-node')}), then ${again.status}; the client is unsubscribed`,
    );
  });

  it('repeats at most the message in flight on a node killed while sending to a slow mail server', async () => {
    const { smtp, testDatabase } = cluster;
    await waitFor('an empty outbox', async () => (await pendingMail(testDatabase)) === 0, 120_000);
    smtp.received.length = 0;
    // A mail server that takes a message, then thinks before it responds: a node killed then has a
    // message the server holds but the node never heard accepted.
    const responseDelayMs = 150;
    smtp.responseDelayMs = responseDelayMs;
    const due = await makeDue(testDatabase, 120);
    const batch = async () =>
      queryRows<{ id: string; status: string }>(
        testDatabase.database,
        sql`select id, status from email_outbox
             where subscription_id in ${sql.raw(`('${due.map((row) => row.id).join("','")}')`)}`,
      );
    await waitFor(
      'every reminder of the batch in the outbox',
      async () => (await batch()).length === due.length,
    );
    await waitFor('the first messages taken by the mail server', () => smtp.received.length >= 12, 60_000);

    const reads = readLoad(cluster, 15_000);
    await sleep(1_000);
    const killedAt = Date.now();
    await cluster.kill('node3');
    // Until the live nodes have sent every message they claimed: what stays pending was node3's,
    // and its claims' lease is ended so the live nodes send them.
    const { stranded, inFlight } = await endStrandedClaims(testDatabase.database, smtp.received, batch);
    await waitFor(
      'every message of the batch sent',
      async () => (await batch()).every((row) => row.status === 'sent'),
      120_000,
    );
    await cluster.restart('node3');
    await cluster.balancerSays('node3', 'UP');
    smtp.responseDelayMs = 0;
    const responses = await reads;

    const ids = new Set((await batch()).map((row) => row.id));
    const ofBatch = smtp.received.map(outboxIdOf).filter((id) => id !== undefined && ids.has(id));
    const repeated = ofBatch.length - new Set(ofBatch).size;
    expect(new Set(ofBatch).size).toBe(due.length);
    // The kill hit node3 in the middle of its batch, and only the message the server was responding
    // goes twice: the rest of the claim waited for its lease.
    expect(stranded).toBeGreaterThan(0);
    expect(repeated).toBe(inFlight);
    expect(repeated).toBeLessThanOrEqual(1);
    const failed = responses.filter((response) => response.status !== 200);
    expect(failed).toEqual([]);
    console.log(
      `node killed mid-send: ${due.length} reminders to a mail server answering each in ${responseDelayMs} ms; node3 killed with ${stranded} of its claims unsent, ` +
        `${inFlight} of them held by the server; ${ofBatch.length} emails received, ${repeated} twice (same Message-ID); ` +
        `${responses.length} GETs through HAProxy over the kill, ${failed.length} failed (${responses.filter((a) => a.startedAt <= killedAt && a.endedAt >= killedAt).length} in flight at it)`,
    );
  }, 240_000);
}
