/**
 * MAIL_HOLD, for a node started on a restored backup (docs/operations.md): the reminder service
 * fills the outbox as usual, and nothing reaches the mail server until a start without it.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SentMailPage } from '@homeminder/shared/contracts/mail';
import { demoRemindersDueAtStart } from '../../db/demo-data';
import { loadEnv } from '../../env';
import { metricsRegistry } from '../../lib/metrics';
import { testSmtpServer } from '../../test/smtp-server';
import { describeEachDriver } from '../../test/test-app';
import { startMailJobs, type MailJobs } from './jobs';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `check` every 50 ms until it holds; fails after `ms`. */
async function waitFor(what: string, check: () => Promise<boolean>, ms = 20_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting: ${what}`);
    await sleep(50);
  }
}

describe('MAIL_HOLD', () => {
  it('is read as on with 1 or true, and off when unset', () => {
    expect(loadEnv({ MAIL_HOLD: '1' }).MAIL_HOLD).toBe(true);
    expect(loadEnv({ MAIL_HOLD: 'true' }).MAIL_HOLD).toBe(true);
    expect(loadEnv({ MAIL_HOLD: '0' }).MAIL_HOLD).toBe(false);
    expect(loadEnv({}).MAIL_HOLD).toBe(false);
    expect(() => loadEnv({ MAIL_HOLD: 'yes' })).toThrow(/MAIL_HOLD/);
  });
});

describeEachDriver(
  'mail delivery held',
  (t) => {
    const smtp = testSmtpServer();
    const warnings: string[] = [];
    let jobs: MailJobs | undefined;
    const start = async (hold: boolean) => {
      jobs = await startMailJobs({
        db: t.database.db,
        quietHours: false,
        portalUrl: 'http://portal.example/ui/',
        smtpUrl: smtp.url,
        mailFrom: 'HomeMinder <no-reply@portal.example>',
        hold,
        now: t.clock.now,
        log: { info() {}, warn: (_, message) => warnings.push(message), error() {} },
        dispatchEveryMs: 50,
        sendEveryMs: 50,
      });
    };
    const outbox = () =>
      t.rows<{ status: string; n: number }>(
        sql`select status, count(*)::int as n from email_outbox group by status order by status`,
      );

    beforeAll(() => smtp.start());
    afterAll(async () => {
      await jobs?.stop();
      await smtp.stop();
    });

    it('fills the outbox and sends nothing, says so at start, in the metrics and on Sent mail', async () => {
      await start(true);
      expect(warnings.join('\n')).toMatch(/MAIL_HOLD is set: mail delivery is held/);
      expect(await metricsRegistry.getSingleMetricAsString('homeminder_mail_delivery_held')).toMatch(
        /^homeminder_mail_delivery_held 1$/m,
      );

      // The demo reminders of the first minute fall due, and a user asks for a password reset.
      t.clock.advance(60_000);
      await t.api({ method: 'POST', path: '/auth/forgot-password', body: { email: 'realtor@acme.test' } });
      const queued = demoRemindersDueAtStart + 1;
      const total = async () => (await outbox()).reduce((sum, row) => sum + row.n, 0);
      await waitFor('the reminders in the outbox', async () => (await total()) >= queued);
      // Many rounds of the delivery loop, had it run.
      await sleep(1_000);
      expect(await outbox()).toEqual([{ status: 'pending', n: await total() }]);
      expect(smtp.received).toHaveLength(0);

      const admin = await t.login('admin@acme.test');
      const page = await t.api({
        method: 'POST',
        path: '/admin/mail/query',
        token: admin,
        body: { page: 1, pageSize: 10 },
      });
      expect(page.json<SentMailPage>()).toMatchObject({ held: true, delivering: true });
      await jobs!.stop();
    });

    it('started again without it, the held mail goes, each once', async () => {
      await start(false);
      expect(await metricsRegistry.getSingleMetricAsString('homeminder_mail_delivery_held')).toMatch(
        /^homeminder_mail_delivery_held 0$/m,
      );
      await waitFor('the held mail delivered', async () =>
        (await outbox()).every((row) => row.status === 'sent'),
      );
      const [sent] = (await outbox()) as [{ status: string; n: number }];
      expect(sent.n).toBeGreaterThan(demoRemindersDueAtStart);
      expect(smtp.received).toHaveLength(sent.n);
      const messageIds = smtp.received.map((message) => /^Message-ID: (.*)$/im.exec(message.body)?.[1]);
      expect(new Set(messageIds).size).toBe(sent.n);
    });
  },
  { smtpUrl: 'smtp://127.0.0.1:2525', mailHold: true },
);
