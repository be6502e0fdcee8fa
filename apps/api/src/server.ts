import closeWithGrace from 'close-with-grace';
import type { Redis } from 'ioredis';
import { buildApp } from './app';
import { openDatabase } from './db/client';
import { keepPartitions } from './db/partitions';
import { prepareDatabase } from './db/prepare';
import { loadEnv, mailFrom, publicBaseUrl } from './env';
import { startMailJobs } from './modules/mail/jobs';
import { returnPathOf, startBounceMailbox, type BounceMailbox } from './modules/delivery-events';
import { deliveryWebhooksOf, deliveryWebhooksText } from './modules/delivery-events/delivery-events.routes';
import { homeHealthRepository, homeHealthService, homeSaleClosingsFor } from './modules/home-record';
import { homeProfilesRepository } from './modules/home-profiles';
import { twilioSettingsFromEnv } from './modules/texts';
import { memoryCounterStore, redisCounterStore, type CounterStore } from './lib/counter-store';
import { serverSecret, signer } from './lib/signing';

/** Starts the portal: database, migrations, demo data when asked for, then the HTTP server. */
async function main() {
  const env = loadEnv();
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  // The embedded database is the demo set-up; a real PostgreSQL gets demo data only on request.
  const seedDemo = env.DATABASE_URL ? env.SEED_DEMO : true;
  const { seeded } = await prepareDatabase(database, { seedDemo });

  let counters: CounterStore = memoryCounterStore();
  let redis: Redis | undefined;
  if (env.REDIS_URL) {
    const { Redis } = await import('ioredis');
    redis = new Redis(env.REDIS_URL, { lazyConnect: false, maxRetriesPerRequest: 2 });
    counters = redisCounterStore(redis);
  }

  const deliveryWebhooks = deliveryWebhooksOf(env);
  const twilio = twilioSettingsFromEnv(env);
  const app = await buildApp({
    env,
    database,
    counters,
    deliveryWebhooks,
    twilio,
    requestLimit: { max: env.RATE_LIMIT_PER_MINUTE, windowMs: 60_000, redis },
  });
  app.log.info(deliveryWebhooksText(deliveryWebhooks));
  app.log.info(
    twilio
      ? 'reminder texts go out through Twilio'
      : 'TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM are not set: texts are not offered',
  );
  if (seeded) app.log.info('demo data added: sign in as admin@acme.test with the password Demo-Passw0rd!');

  // The reminder service: due reminders into the outbox, the outbox to SMTP_URL (or kept), unless
  // held; beside it, homes whose sale closes today pass to their buyers, homes are scored each day,
  // and the outbox's and audit log's months are made ahead and dropped past keeping.
  const portalUrl = publicBaseUrl(env);
  const closings = homeSaleClosingsFor(database.db, { portalUrl });
  const health = homeHealthService({
    homes: homeProfilesRepository(database.db),
    health: homeHealthRepository(database.db),
  });
  const signing = signer(serverSecret(database.db));
  const bounceAddress = env.BOUNCE_ADDRESS;
  const retention = { email_outbox: env.MAIL_RETENTION_MONTHS, audit_log: env.AUDIT_RETENTION_MONTHS };
  const mailJobs = await startMailJobs({
    db: database.db,
    portalUrl,
    also: [
      { name: 'sale closing', everyMs: 60_000, run: () => closings.closeDue(), done: 'home sales closed' },
      { name: 'health scoring', everyMs: 60_000, run: () => health.scoreDue(), done: "homes' health scored" },
      {
        name: 'partition upkeep',
        everyMs: 3_600_000,
        run: () => keepPartitions(database, retention, new Date()),
        done: 'months of the outbox and audit log made or dropped',
      },
    ],
    smtpUrl: env.SMTP_URL,
    mailFrom: mailFrom(env),
    returnPathOf: bounceAddress
      ? (outboxId: string) => returnPathOf(signing, bounceAddress, outboxId)
      : undefined,
    hold: env.MAIL_HOLD,
    quietHours: env.QUIET_HOURS,
    twilio,
    log: app.log,
  });

  // Bounces sent back over plain SMTP (docs/decisions/104), to the BOUNCE_ADDRESS domain's MX.
  let bounceMailbox: BounceMailbox | undefined;
  if (env.BOUNCE_SMTP_PORT !== undefined && bounceAddress) {
    bounceMailbox = await startBounceMailbox({
      db: database.db,
      signing,
      bounceAddress,
      port: env.BOUNCE_SMTP_PORT,
      host: env.HOST,
      log: app.log,
    });
    app.log.info(`the bounce mailbox takes bounces over SMTP on port ${bounceMailbox.port}`);
  }

  closeWithGrace({ delay: 10_000 }, async ({ err, signal }) => {
    if (err) app.log.error({ err }, 'closing after an error');
    else app.log.info({ signal }, 'closing');
    await bounceMailbox?.close();
    await mailJobs.stop();
    await app.close();
    await counters.close();
    await database.close();
  });

  await app.listen({ port: env.PORT, host: env.HOST });
  app.log.info(`HomeMinder is ready at http://localhost:${env.PORT}${env.BASE_PATH} (${database.driver})`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
