// Mail delivery: one node's outbox sender hands due reminder emails to a local SMTP server
// (smtp-server on 127.0.0.1, which counts what it takes), as the server does it: claim a batch,
// send, record each message as sent. Measured twice: with a server that responds at once, and with
// one that takes 20 ms to respond to each message, as a distant or busy mail server does.
//
// Baseline: the same emails handed by nodemailer straight to the same SMTP server over one kept
// connection, one after another, with no database: what one connection carries.
//
// Size: 10 000 emails to the prompt server and 1 000 to the slow one; 2 000 and 300 with --quick.
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { createTransport } from 'nodemailer';
import { serverSecret, signer } from '../apps/api/src/lib/signing';
import { reminderDispatcher } from '../apps/api/src/modules/mail/dispatcher';
import { outboxSender, smtpTransport } from '../apps/api/src/modules/mail/sender';
import { keepingSmtpServer, listenSmtp } from '../apps/api/src/test/smtp-server';
import { generateWorld } from './generate';
import type { Benchmark } from './harness';

const from = 'HomeMinder <no-reply@portal.example>';
const slowResponseMs = 20;

interface Mail {
  to_address: string;
  from_name: string | null;
  subject: string;
  html: string;
  text: string;
  headers: Record<string, string> | null;
}

const benchmark: Benchmark = {
  name: 'delivery',
  async run(context) {
    const sizes = context.quick ? { prompt: 2_000, slow: 300 } : { prompt: 10_000, slow: 1_000 };
    const { handle } = await context.createDatabase('delivery');
    const db = handle.ownerDb;
    const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

    // Real reminder emails in the outbox: a world whose subscriptions all fall due, dispatched.
    const wanted = sizes.prompt + sizes.slow;
    const clients = Math.ceil((wanted * 1.5) / 4);
    await generateWorld(db, {
      corporations: 5,
      clients,
      bigCorporationClients: Math.ceil(clients / 5),
      subscriptionsPerProperty: 4,
      realtorsPerCorporation: 3,
    });
    await db.execute(sql`update reminder_subscriptions set next_due_at = now() - interval '1 hour'`);
    const signing = signer(serverSecret(handle.db));
    await reminderDispatcher({
      // Delivery is measured whatever the hour of the run.
      quietHours: false,
      db: handle.db,
      signing,
      portalUrl: 'https://portal.example/ui/',
    }).dispatchDue();
    await db.execute(sql`update email_outbox set status = 'bench-waiting'`);
    const [{ queued }] = rowsOf<{ queued: number }>(
      await db.execute(sql`select count(*)::int as queued from email_outbox`),
    ) as [{ queued: number }];
    if (queued < wanted) throw new Error(`only ${queued} emails dispatched, ${wanted} wanted`);

    for (const [label, count, responseDelayMs] of [
      ['a local SMTP server', sizes.prompt, 0],
      [
        `a local SMTP server that answers each message after ${slowResponseMs} ms`,
        sizes.slow,
        slowResponseMs,
      ],
    ] as const) {
      // The next `count` emails fall due now.
      const mails = rowsOf<Mail>(
        await db.execute(sql`
          update email_outbox set status = 'pending', next_attempt_at = now() - interval '1 minute'
           where (tenant_id, id) in (
             select tenant_id, id from email_outbox where status = 'bench-waiting' order by id limit ${count})
          returning to_address, from_name, subject, html, text, headers`),
      );
      let taken = 0;
      const smtp = keepingSmtpServer(() => (taken += 1), { responseDelayMs });
      const url = `smtp://127.0.0.1:${await listenSmtp(smtp, 0)}`;

      // ── the baseline: nodemailer alone over one kept connection ──
      const direct = createTransport({ url, pool: true, maxConnections: 1 });
      const baselineStart = performance.now();
      for (const mail of mails) {
        await direct.sendMail({
          from: mail.from_name ? { name: mail.from_name, address: 'no-reply@portal.example' } : from,
          to: mail.to_address,
          subject: mail.subject,
          html: mail.html,
          text: mail.text,
          headers: mail.headers ?? {},
        });
      }
      const baselineSeconds = (performance.now() - baselineStart) / 1000;
      direct.close();
      if (taken !== count) throw new Error(`the baseline handed over ${taken} of ${count}`);

      // ── the product: one node's sender ──
      taken = 0;
      const transport = await smtpTransport(url, from);
      const sender = outboxSender({ db: handle.db, transport, quietHours: false });
      const sendStart = performance.now();
      const result = await sender.sendDue();
      const sendSeconds = (performance.now() - sendStart) / 1000;
      (transport as { close?: () => void }).close?.();
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
      const [{ sent }] = rowsOf<{ sent: number }>(
        await db.execute(sql`select count(*)::int as sent from email_outbox where status = 'sent'`),
      ) as [{ sent: number }];
      if (result.sent !== count || taken !== count || sent !== count)
        throw new Error(`delivery went wrong: ${JSON.stringify({ count, taken, recorded: sent, result })}`);
      await db.execute(sql`update email_outbox set status = 'bench-done' where status = 'sent'`);
      context.log(
        `${count} emails to ${label}: sent by one node in ${sendSeconds.toFixed(1)} s; ` +
          `by nodemailer alone in ${baselineSeconds.toFixed(1)} s`,
      );

      context.record({
        metric: `mail delivery to ${label}, ${count} reminder emails, one node: emails handed over per second`,
        unit: 'emails/s',
        value: count / sendSeconds,
        baseline: {
          name: 'nodemailer handing the same emails over one kept connection, one after another, no database',
          value: count / baselineSeconds,
        },
        higherIsBetter: true,
      });
    }
  },
};
export default benchmark;
