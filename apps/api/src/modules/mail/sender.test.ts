/**
 * The outbox sender on the real database and a real SMTP server: it sends one message at a time
 * and records each as soon as the mail server took it, so a node that dies mid-batch leaves at most
 * the message in flight to go twice (docs/decisions/065).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ACME_TENANT_ID } from '../../db/demo-data';
import { serverSecret, signer } from '../../lib/signing';
import { queueTestEmails } from '../../test/outbox';
import { headerOf, testSmtpServer } from '../../test/smtp-server';
import { describeEachDriver, type TestApp } from '../../test/test-app';
import { outboxIdOfReturnPath, returnPathOf } from '../delivery-events';
import {
  outboxSender,
  retryPolicy,
  smtpTransport,
  suppressedMailErrors,
  type MailTransport,
  type SmtpTransport,
} from './sender';

const from = 'HomeMinder <no-reply@portal.example>';

/** Resolves once `promise` does, or fails the test after `ms`. */
function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`not within ${ms} ms: ${what}`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/**
 * A node that dies once the mail server has taken `killAt` of its messages: it hears no response
 * after that, so it records nothing more. Messages it had already handed over still arrive, as
 * they do at a real mail server.
 */
function dyingNode(real: MailTransport, killAt: number) {
  let taken = 0;
  const handedOver: Promise<unknown>[] = [];
  let die = () => {};
  const dead = new Promise<void>((resolve) => (die = resolve));
  const transport: MailTransport = (mail) => {
    const sending = real(mail);
    handedOver.push(sending.catch(() => undefined));
    return sending.then(() => {
      taken += 1;
      if (taken < killAt) return;
      die();
      return new Promise<never>(() => {});
    });
  };
  return { transport, dead, handedOver: () => Promise.all(handedOver) };
}

/** The outbox rows of `addresses`, by address. */
async function statusOf(t: TestApp, addresses: string[]) {
  const rows = await t.rows<{ to_address: string; status: string; attempts: number; due: boolean }>(sql`
    select to_address, status, attempts, next_attempt_at <= ${t.clock.now().toISOString()}::timestamptz as due
      from email_outbox where to_address in ${sql.raw(`('${addresses.join("','")}')`)}`);
  return new Map(rows.map((row) => [row.to_address, row]));
}

describeEachDriver('the outbox sender', (t) => {
  const smtp = testSmtpServer();
  const transports: SmtpTransport[] = [];
  const transport = async (returnPath?: (outboxId: string) => Promise<string>) => {
    const made = await smtpTransport(smtp.url, from, returnPath);
    transports.push(made);
    return made;
  };
  const sender = (over: MailTransport) =>
    outboxSender({ db: t.database.db, transport: over, quietHours: false, now: t.clock.now });
  const arrivedFor = (addresses: string[]) =>
    smtp.received.flatMap((message) => message.to).filter((to) => addresses.includes(to));
  /** Each of `addresses` arrived once, in whatever order. */
  const expectEachOnce = (addresses: string[]) =>
    expect([...arrivedFor(addresses)].sort()).toEqual([...addresses].sort());

  beforeAll(() => smtp.start());
  afterAll(async () => {
    for (const made of transports) made.close();
    await smtp.stop();
  });

  it('a node killed mid-batch leaves only the message in flight to go twice', async () => {
    const addresses = await queueTestEmails(t, 'killed', 6);
    const node = dyingNode(await transport(), 3);
    // A slow mail server, as when the defect was seen: the node is killed while it waits for a response.
    smtp.responseDelayMs = 100;
    try {
      void sender(node.transport).sendBatch();
      await within(node.dead, 10_000, 'the mail server taking three messages');
      await within(node.handedOver(), 10_000, 'the messages handed over arriving');
    } finally {
      smtp.responseDelayMs = 0;
    }

    // The server took three; the node recorded the two it heard accepted.
    const taken = arrivedFor(addresses);
    expect(taken).toEqual(addresses.slice(0, 3));
    const afterKill = await statusOf(t, addresses);
    expect(addresses.filter((to) => afterKill.get(to)!.status === 'sent')).toEqual(addresses.slice(0, 2));

    // Another node: the killed node's batch is leased, so nothing goes until the lease ends ...
    const other = sender(await transport());
    expect(await other.sendDue()).toMatchObject({ sent: 0, retrying: 0 });
    expect(arrivedFor(addresses)).toHaveLength(3);
    // ... then the rest goes once, and only the message in flight a second time.
    t.clock.advance(retryPolicy.leaseMs + 1_000);
    expect(await other.sendDue()).toMatchObject({ sent: 4, retrying: 0, failed: 0 });
    const arrived = arrivedFor(addresses);
    expect([...arrived].sort()).toEqual([...addresses, addresses[2]!].sort());
    const settled = await statusOf(t, addresses);
    expect(addresses.every((to) => settled.get(to)!.status === 'sent')).toBe(true);
  });

  it('cancels due mail to a suppressed address, saying why, and sends the rest', async () => {
    const addresses = await queueTestEmails(t, 'suppressed', 4);
    await t.rows(sql`insert into email_suppressions (tenant_id, address, reason, provider)
      values (${ACME_TENANT_ID}, ${addresses[1]!}, 'bounce', 'postmark'),
             (${ACME_TENANT_ID}, ${addresses[2]!}, 'complaint', 'sendgrid')`);
    expect(await sender(await transport()).sendDue()).toMatchObject({ sent: 2, suppressed: 2, failed: 0 });
    expectEachOnce([addresses[0]!, addresses[3]!]);
    expect(arrivedFor(addresses.slice(1, 3))).toEqual([]);
    const errors = await t.rows<{ to_address: string; status: string; last_error: string | null }>(
      sql`select to_address, status, last_error from email_outbox
           where to_address in (${addresses[1]!}, ${addresses[2]!}) order by to_address`,
    );
    expect(errors).toEqual([
      { to_address: addresses[1], status: 'cancelled', last_error: suppressedMailErrors.bounce },
      { to_address: addresses[2], status: 'cancelled', last_error: suppressedMailErrors.complaint },
    ]);
  });

  it('a message the mail server refuses does not hold up the rest of the batch', async () => {
    const addresses = await queueTestEmails(t, 'refused', 4);
    const real = await transport();
    const calls: string[] = [];
    const refusing: MailTransport = async (mail) => {
      calls.push(mail.to);
      if (mail.to === addresses[1])
        throw Object.assign(new Error('550 no such mailbox'), { responseCode: 550 });
      // Refused before the server is asked, with no response code: still this message's alone.
      if (mail.to === addresses[2])
        throw Object.assign(new Error('No recipients defined'), { code: 'EENVELOPE' });
      await real(mail);
    };
    expect(await sender(refusing).sendDue()).toMatchObject({ sent: 2, retrying: 2, failed: 0 });
    expect(calls).toEqual(addresses);
    expect(arrivedFor(addresses)).toEqual([addresses[0], addresses[3]]);
    const rows = await statusOf(t, addresses);
    for (const to of addresses.slice(1, 3)) {
      expect(rows.get(to)).toMatchObject({ status: 'pending', attempts: 1, due: false });
    }

    // Taken at their next try.
    t.clock.advance(retryPolicy.firstDelayMs + 1_000);
    expect(await sender(real).sendDue()).toMatchObject({ sent: 2, retrying: 0 });
    expectEachOnce(addresses);
  });

  it('a mail server that cannot be reached is tried once for the whole batch, all kept for later', async () => {
    const addresses = await queueTestEmails(t, 'unreachable', 4);
    let calls = 0;
    const down: MailTransport = async () => {
      calls += 1;
      throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ESOCKET' });
    };
    expect(await sender(down).sendDue()).toMatchObject({ sent: 0, retrying: 4, failed: 0 });
    expect(calls).toBe(1);
    const rows = await statusOf(t, addresses);
    for (const to of addresses)
      expect(rows.get(to)).toMatchObject({ status: 'pending', attempts: 1, due: false });

    t.clock.advance(retryPolicy.firstDelayMs + 1_000);
    expect(await sender(await transport()).sendDue()).toMatchObject({ sent: 4, retrying: 0 });
    expectEachOnce(addresses);
  });

  it('stopped mid-batch, it ends after the message in flight and gives the rest back at once', async () => {
    const addresses = await queueTestEmails(t, 'stopped', 4);
    const real = await transport();
    const stopping = sender(async (mail) => {
      stopping.stop(); // SIGTERM arrives while the first message is being sent
      await real(mail);
    });
    expect(await stopping.sendDue()).toMatchObject({ sent: 1, retrying: 0 });
    const rows = await statusOf(t, addresses);
    expect(rows.get(addresses[0]!)!.status).toBe('sent');
    for (const to of addresses.slice(1))
      expect(rows.get(to)).toMatchObject({ status: 'pending', attempts: 0, due: true });

    // Another node sends them now, not after the lease, and each once.
    expect(await sender(real).sendDue()).toMatchObject({ sent: 3 });
    expectEachOnce(addresses);
  });

  it('a batch that outlives the safe part of its lease leaves the rest to be claimed again', async () => {
    const addresses = await queueTestEmails(t, 'slow', 3);
    const real = await transport();
    let first = true;
    const slow: MailTransport = async (mail) => {
      await real(mail);
      // The first message takes so long that another node could soon claim the rest.
      if (first) t.clock.advance(retryPolicy.startWithinMs + 1_000);
      first = false;
    };
    expect(await sender(slow).sendBatch()).toMatchObject({ sent: 1, retrying: 0 });
    const rows = await statusOf(t, addresses);
    for (const to of addresses.slice(1))
      expect(rows.get(to)).toMatchObject({ status: 'pending', attempts: 0, due: true });
    expect(await sender(real).sendDue()).toMatchObject({ sent: 2 });
    expectEachOnce(addresses);
  });

  it('sends each message from a signed return path naming it with BOUNCE_ADDRESS, from MAIL_FROM without', async () => {
    const signing = signer(serverSecret(t.database.db));
    const bounceAddress = 'bounces@bounces.portal.example';
    const [bounced] = await queueTestEmails(t, 'return-path', 1);
    await sender(await transport((id) => returnPathOf(signing, bounceAddress, id))).sendDue();
    const [plain] = await queueTestEmails(t, 'no-return-path', 1);
    await sender(await transport()).sendDue();

    const arrived = (to: string) => smtp.received.find((message) => message.to.includes(to))!;
    const [row] = await t.rows<{ id: string }>(
      sql`select id::text as id from email_outbox where to_address = ${bounced!}`,
    );
    const returnPath = arrived(bounced!).from;
    expect(returnPath).toBe(await returnPathOf(signing, bounceAddress, row!.id));
    expect(await outboxIdOfReturnPath(signing, bounceAddress, returnPath)).toBe(row!.id);
    expect(arrived(plain!).from).toBe('no-reply@portal.example');
    // The From line is the same either way: only the envelope changes.
    expect(headerOf(arrived(bounced!), 'From')).toBe(headerOf(arrived(plain!), 'From'));
  });
});
