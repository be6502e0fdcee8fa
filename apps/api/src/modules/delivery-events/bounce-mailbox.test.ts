/**
 * The bounce mailbox (docs/decisions/104) over SMTP, as a mail server that bounced one of the
 * demo's reminders reaches it: a DSN sent to the message's return path suppresses the address and
 * lists the client, once; nothing else sent to it changes anything, and its log names no address.
 */
import { sql } from 'drizzle-orm';
import { createTransport } from 'nodemailer';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ACME_TENANT_ID } from '../../db/demo-data';
import { serverSecret, signer } from '../../lib/signing';
import { attentionRowsOf } from '../../test/attention';
import { auditActions } from '../../test/audit';
import { testDispatcher } from '../../test/dispatch';
import { dsnExamples } from '../../test/relay-reports';
import { describeEachDriver, signInBeforeAll, type TestApp } from '../../test/test-app';
import { startBounceMailbox, type BounceMailbox } from './bounce-mailbox';
import { returnPathOf } from './return-path';

const bounceAddress = 'bounces@bounces.portal.test';

interface SentReminder {
  outboxId: string;
  toAddress: string;
  clientId: string;
}

/** Two reminders of the demo's clients put in the outbox by the dispatcher, to different clients. */
async function sentReminders(t: TestApp): Promise<[SentReminder, SentReminder]> {
  t.clock.advance(5 * 60_000);
  await testDispatcher(t).dispatchDue();
  const rows = await t.rows<SentReminder>(sql`
    select distinct on (c.id) o.id::text as "outboxId", o.to_address as "toAddress", c.id::text as "clientId"
      from email_outbox o
      join client_users c on c.tenant_id = o.tenant_id and lower(c.email) = lower(o.to_address)
     where o.tenant_id = ${ACME_TENANT_ID} and o.kind = 'reminder'
     order by c.id, o.created_at limit 2`);
  expect(rows).toHaveLength(2);
  return rows as [SentReminder, SentReminder];
}

/**
 * RFC 3464's DSN for several recipients, its two failed ones given `failed` and `alsoFailed` and
 * its Message-ID `messageId`.
 */
const dsnFor = (failed: string, alsoFailed: string, messageId: string) =>
  `Message-ID: <${messageId}@mx.example.net>\n` +
  dsnExamples.multiRecipient
    .replace(/arathib@vnet\.ibm\.com/gi, failed)
    .replace(/wsnell@sdcc13\.ucsd\.edu/g, alsoFailed);

describeEachDriver('the bounce mailbox', (t) => {
  const token = signInBeforeAll(t, ['manager@acme.test']);
  const logged: Record<string, unknown>[] = [];
  const log = {
    info: (object: object, message: string) => void logged.push({ ...object, message }),
    warn: (object: object, message: string) => void logged.push({ ...object, message }),
    error: (object: object, message: string) => void logged.push({ ...object, message }),
  };
  let mailbox: BounceMailbox;
  let john: SentReminder;
  let jane: SentReminder;

  beforeAll(async () => {
    [john, jane] = await sentReminders(t);
    mailbox = await startBounceMailbox({
      db: t.database.db,
      signing: signer(serverSecret(t.database.db)),
      bounceAddress,
      port: 0,
      host: '127.0.0.1',
      now: t.clock.now,
      log,
    });
  });
  afterAll(() => mailbox?.close());

  const returnPath = (reminder: SentReminder) =>
    returnPathOf(signer(serverSecret(t.database.db)), bounceAddress, reminder.outboxId);
  /** Sends `raw` to `to` from the null sender, as a mail server sends a bounce. */
  const send = async (to: string, raw: string) => {
    const transport = createTransport({ host: '127.0.0.1', port: mailbox.port, secure: false });
    try {
      return await transport.sendMail({ envelope: { from: '', to }, raw });
    } finally {
      transport.close();
    }
  };
  /** What a bounce may change: the suppression lists and the events acted on. */
  const state = async () => ({
    suppressions: await t.rows<{ tenant_id: string; address: string; reason: string; provider: string }>(
      sql`select tenant_id::text, address, reason, provider from email_suppressions order by tenant_id, address`,
    ),
    events: await t.rows<{ event_id: string }>(
      sql`select event_id from delivery_events where provider = 'dsn' order by event_id`,
    ),
  });
  const reasonsOf = async (reminder: SentReminder) =>
    (await attentionRowsOf(t, token('manager@acme.test'), reminder.clientId)).map((item) => item.reason);

  it('takes a DSN to a reminder’s return path: its recipient is suppressed and listed, no one else', async () => {
    const dsn = dsnFor(john.toAddress, jane.toAddress, 'dsn-1');
    const sent = await send(await returnPath(john), dsn);
    expect(sent.accepted).toHaveLength(1);

    expect((await state()).suppressions).toEqual([
      { tenant_id: ACME_TENANT_ID, address: john.toAddress.toLowerCase(), reason: 'bounce', provider: 'dsn' },
    ]);
    expect(await reasonsOf(john)).toEqual(['bounced']);
    expect(await auditActions(t, john.clientId)).toContain('client.email-bounced');
    // The DSN also names Jane, but the message it names went to John.
    expect(await reasonsOf(jane)).toEqual([]);
  });

  it('changes nothing when the same DSN comes again', async () => {
    const before = await state();
    const audited = await auditActions(t, john.clientId);
    await send(await returnPath(john), dsnFor(john.toAddress, jane.toAddress, 'dsn-1'));
    expect(await state()).toEqual(before);
    expect(await auditActions(t, john.clientId)).toEqual(audited);
  });

  it('refuses at RCPT a return path whose tag does not verify, and changes nothing', async () => {
    const before = await state();
    const forged = (await returnPath(jane)).replace(/[0-9a-f](?=@)/, (c) => (c === '0' ? '1' : '0'));
    await expect(send(forged, dsnFor(jane.toAddress, jane.toAddress, 'dsn-2'))).rejects.toMatchObject({
      responseCode: 550,
      command: 'RCPT TO',
    });
    expect(
      await send(bounceAddress, 'Subject: hello\n\nhello').catch((error: unknown) => error),
    ).toMatchObject({
      responseCode: 550,
    });
    expect(await state()).toEqual(before);
    expect(await reasonsOf(jane)).toEqual([]);
  });

  it('ignores a DSN naming another recipient than the message’s', async () => {
    const before = await state();
    const sent = await send(await returnPath(john), dsnFor(jane.toAddress, jane.toAddress, 'dsn-3'));
    expect(sent.accepted).toHaveLength(1);
    expect(await state()).toEqual(before);
    expect(await reasonsOf(jane)).toEqual([]);
  });

  it('takes a message that is not a DSN and drops it', async () => {
    const before = await state();
    const autoReply = `From: ${jane.toAddress}\nSubject: Out of office\n\nI am away until Monday.\nAction: failed\n`;
    const sent = await send(await returnPath(jane), autoReply);
    expect(sent.accepted).toHaveLength(1);
    expect(await state()).toEqual(before);
    expect(logged.filter((entry) => entry.outboxId === jane.outboxId).map((entry) => entry.message)).toEqual([
      'the bounce mailbox dropped a message that reports no failure',
    ]);
  });

  it('refuses a message over the size limit', async () => {
    const before = await state();
    const large = dsnFor(jane.toAddress, jane.toAddress, 'dsn-4') + 'x'.repeat(300 * 1024);
    await expect(send(await returnPath(jane), large)).rejects.toMatchObject({ responseCode: 552 });
    expect(await state()).toEqual(before);
  });

  it('logs no address and no return path', async () => {
    const text = JSON.stringify(logged);
    expect(logged.length).toBeGreaterThan(0);
    expect(text).not.toContain('@');
    expect(text).not.toContain((await returnPath(john)).split('@')[0]!.slice(-16));
  });
});
