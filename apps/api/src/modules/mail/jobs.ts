import type { Database } from '../../db/client';
import { countOutboxRun, metrics } from '../../lib/metrics';
import { mailLinks } from '../../lib/mail/links';
import { serverSecret, signer } from '../../lib/signing';
import { digestRepository, digestService } from '../digest';
import { attentionRepository } from '../home';
import { homeNoticesRepository, homeNoticesService } from '../home-profiles';
import { reminderDispatcher, type ReminderDispatcher } from './dispatcher';
import { outboxSender, smtpTransport, type OutboxSender } from './sender';
import { monthlyDispatcher } from './monthly-dispatch';
import { textSender, twilioTransport, twilioWebhookPaths, type TwilioSettings } from '../texts';

export interface MailJobsOptions {
  db: Database;
  portalUrl: string;
  smtpUrl?: string | undefined;
  mailFrom: string;
  /** Each message's envelope sender over SMTP_URL, when BOUNCE_ADDRESS is set (docs/decisions/104). */
  returnPathOf?: ((outboxId: string) => Promise<string>) | undefined;
  /** MAIL_HOLD: the outbox fills as usual but nothing is sent or marked kept (docs/decisions/066). */
  hold?: boolean;
  /** QUIET_HOURS: reminders wait out the night of the home's time zone (docs/decisions/102). */
  quietHours: boolean;
  /** The text provider: reminders are texted to clients who agreed (docs/decisions/106); null, none. */
  twilio?: TwilioSettings | null;
  now?: () => Date;
  log: {
    info(object: object, message: string): void;
    warn(object: object, message: string): void;
    error(object: object, message: string): void;
  };
  dispatchEveryMs?: number;
  sendEveryMs?: number;
  /** How often the morning digests are looked at (each goes once a day). */
  digestEveryMs?: number;
  /** How often the homeowners' notices of their systems are looked at (each goes once). */
  homeNoticesEveryMs?: number;
  /** How often the monthly emails due are looked at (each client gets one a month). */
  monthlyEveryMs?: number;
  /** Other work on the same timers, such as the closing of homes' sales: its run answers how many it did. */
  also?: readonly { name: string; everyMs: number; run: () => Promise<number>; done: string }[];
}

export interface MailJobs {
  dispatcher: ReminderDispatcher;
  sender: OutboxSender;
  /** Stops the timers and waits for a run in progress to end. */
  stop(): Promise<void>;
}

/**
 * The reminder service inside the server: every few seconds the dispatcher turns due
 * subscriptions into outbox emails and the sender delivers (or keeps) them; every minute the
 * realtors' morning digests due are queued (docs/decisions/063), the homeowners' notices of their
 * systems' wear and warranties (docs/decisions/093) and the monthly emails (docs/decisions/103). With `hold` nothing is
 * delivered: the outbox only fills, until a start without it. Started by server.ts
 * only; tests drive the dispatcher and the sender by hand. Each loop waits for its run to end
 * before the next is timed, so runs of one process never overlap; other processes may run at
 * the same time (the claims keep them apart).
 */
export async function startMailJobs(options: MailJobsOptions): Promise<MailJobs> {
  const { db, log } = options;
  const now = options.now ?? (() => new Date());
  const signing = signer(serverSecret(db));
  // The single reminders and the monthly email are written alike: same links, sender and hours.
  const reminderMail = {
    db,
    signing,
    portalUrl: options.portalUrl,
    mailFrom: options.mailFrom,
    quietHours: options.quietHours,
    now,
  };
  const twilio = options.twilio ?? null;
  const dispatcher = reminderDispatcher({ ...reminderMail, texts: twilio !== null });
  const monthly = monthlyDispatcher(reminderMail);
  const transport = options.smtpUrl
    ? await smtpTransport(options.smtpUrl, options.mailFrom, options.returnPathOf)
    : null;
  const sender = outboxSender({ db, transport, quietHours: options.quietHours, now });
  const links = mailLinks(signing, options.portalUrl);
  const attention = attentionRepository(db);
  const digests = digestService({
    digests: digestRepository(db),
    attentionOf: (tenantId, realtorId, at) => attention.digestItems(tenantId, realtorId, at),
    links,
    portalUrl: options.portalUrl,
    now,
  });
  const homeNotices = homeNoticesService({
    notices: homeNoticesRepository(db),
    signing,
    links,
    portalUrl: options.portalUrl,
    mailFrom: options.mailFrom,
    now,
  });

  let stopped = false;
  const running = new Set<Promise<void>>();
  const timers = new Map<string, NodeJS.Timeout>();

  const loop = (name: string, everyMs: number, work: () => Promise<void>) => {
    const tick = () => {
      timers.delete(name);
      if (stopped) return;
      const run = work()
        .catch((error: unknown) => log.error({ err: error }, `the ${name} run failed; it runs again shortly`))
        .finally(() => {
          running.delete(run);
          if (!stopped) timers.set(name, setTimeout(tick, everyMs));
        });
      running.add(run);
    };
    timers.set(name, setTimeout(tick, Math.min(everyMs, 1_000)));
  };

  loop('reminder dispatch', options.dispatchEveryMs ?? 5_000, async () => {
    const queued = await dispatcher.dispatchDue();
    if (queued > 0) log.info({ queued }, 'reminders queued');
  });
  loop('monthly email', options.monthlyEveryMs ?? 60_000, async () => {
    const queued = await monthly.dispatchDue();
    if (queued > 0) log.info({ queued }, 'monthly reminder emails queued');
  });
  const hold = options.hold ?? false;
  metrics.mailDeliveryHeld.set(hold ? 1 : 0);
  if (!hold && twilio) {
    const texts = textSender({
      db,
      transport: twilioTransport(twilio),
      statusCallback: `${options.portalUrl}api/${twilioWebhookPaths.status}`,
      quietHours: options.quietHours,
      now,
    });
    loop('text delivery', options.sendEveryMs ?? 2_000, async () => {
      const result = await texts.sendDue();
      if (result.sent + result.retrying + result.failed + result.cancelled > 0)
        log.info(result, 'texts processed');
    });
  }
  if (!hold) {
    loop('mail delivery', options.sendEveryMs ?? 2_000, async () => {
      const result = await sender.sendDue();
      countOutboxRun(result);
      if (result.sent + result.retrying + result.failed + result.kept > 0)
        log.info(result, 'outbox processed');
    });
  }
  loop('attention digest', options.digestEveryMs ?? 60_000, async () => {
    const queued = await digests.sendDue();
    if (queued > 0) log.info({ queued }, 'morning digests queued');
  });
  loop('home notices', options.homeNoticesEveryMs ?? 60_000, async () => {
    const queued = await homeNotices.sendDue();
    if (queued > 0) log.info({ queued }, "homeowners' notices of their systems queued");
  });
  for (const job of options.also ?? []) {
    loop(job.name, job.everyMs, async () => {
      const done = await job.run();
      if (done > 0) log.info({ done }, job.done);
    });
  }
  if (hold) {
    log.warn(
      { delivering: false, held: true },
      'MAIL_HOLD is set: mail delivery is held. Reminders, digests and account emails wait in the outbox and none is sent until the server starts without MAIL_HOLD',
    );
  } else {
    log.info(
      { delivering: Boolean(transport) },
      transport
        ? 'mail goes out over SMTP_URL'
        : 'SMTP_URL is not set: mail is kept in the outbox (Sent mail)',
    );
  }

  return {
    dispatcher,
    sender,
    async stop() {
      stopped = true;
      sender.stop();
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
      await Promise.allSettled([...running]);
      transport?.close();
    },
  };
}
