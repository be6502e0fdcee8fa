import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyServerOptions } from 'fastify';
import fastifyCompress from '@fastify/compress';
import fastifyHelmet from '@fastify/helmet';
import fastifyMultipart from '@fastify/multipart';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { imageUpload } from '@homeminder/shared/contracts/admin';
import type { DatabaseHandle } from './db/client';
import { StatusCounter } from './db/property-status';
import { resolveTxt } from 'node:dns/promises';
import { mailFrom, publicBaseUrl, requestTimeouts, type Env } from './env';
import { afterResponse } from './lib/after-response';
import { memoryCounterStore, type CounterStore } from './lib/counter-store';
import { accountRepository } from './modules/account/account.repository';
import { accountRoutes } from './modules/account/account.routes';
import { accountService } from './modules/account/account.service';
import { authRoutes } from './modules/auth/auth.routes';
import { authService } from './modules/auth/auth.service';
import { impersonationRoutes, countImpersonatedRequests } from './modules/auth/impersonation.routes';
import { impersonationService } from './modules/auth/impersonation.service';
import { sessionRepository } from './modules/auth/session.repository';
import { userLookupRepository } from './modules/auth/user-lookup.repository';
import { auditRepository } from './modules/audit/audit.repository';
import { auditLogService } from './modules/audit/audit-log.service';
import { auditRoutes } from './modules/audit/audit.routes';
import { auditService } from './modules/audit/audit.service';
import { bulkRoutes } from './modules/bulk/bulk.routes';
import { bulkService } from './modules/bulk/bulk.service';
import { bulkBatchRows, embeddedBulkBatchRows } from './modules/bulk/bulk-processing';
import { clientsRepository } from './modules/clients/clients.repository';
import { clientRoutes } from './modules/clients/clients.routes';
import { clientSelectionRoutes } from './modules/clients/client-selection.routes';
import { clientSelectionService } from './modules/clients/client-selection.service';
import { clientsService } from './modules/clients/clients.service';
import { corporationsRepository } from './modules/corporations/corporations.repository';
import { corporationRoutes } from './modules/corporations/corporations.routes';
import { defaultRemindersRepository } from './modules/corporations/default-reminders.repository';
import { defaultReminderRoutes } from './modules/corporations/default-reminders.routes';
import { defaultRemindersService } from './modules/corporations/default-reminders.service';
import { sendingDomainRoutes } from './modules/corporations/sending-domain.routes';
import { sendingDomainService, type ResolveTxt } from './modules/corporations/sending-domain.service';
import { sendingDomainRepository } from './modules/corporations/sending-domain.repository';
import { corporationsService } from './modules/corporations/corporations.service';
import { attentionRepository } from './modules/home/attention.repository';
import { healthOverviewRepository } from './modules/home/health-overview.repository';
import { homeRepository } from './modules/home/home.repository';
import { homeownerRepository } from './modules/homeowner/homeowner.repository';
import { homeownerRoutes } from './modules/homeowner/homeowner.routes';
import { homeownerRepliesService } from './modules/homeowner/homeowner-replies.service';
import { homeownerService } from './modules/homeowner/homeowner.service';
import { homeRoutes } from './modules/home/home.routes';
import { homeService } from './modules/home/home.service';
import { identityRepository } from './modules/identity/identity.repository';
import { identityRoutes } from './modules/identity/identity.routes';
import { identityService } from './modules/identity/identity.service';
import { careRecordRepository, homeHealthRepository } from './modules/home-record';
import { registerHomeRoutes } from './home-routes';
import { repliesRepository } from './modules/replies/replies.repository';
import { timelineRepository } from './modules/replies/timeline.repository';
import { replyRoutes } from './modules/replies/replies.routes';
import { repliesService } from './modules/replies/replies.service';
import { helpHandlingService } from './modules/replies/help-handling.service';
import type { DeliveryWebhooks } from './modules/delivery-events/delivery-events.routes';
import type { FetchText } from './modules/delivery-events/delivery-events.service';
import type { TwilioSettings } from './modules/texts';
import { registerMessageRoutes } from './message-routes';
import { mailRepository } from './modules/mail/mail.repository';
import { mailRoutes } from './modules/mail/mail.routes';
import { mailService } from './modules/mail/mail.service';
import { lookupsRepository } from './modules/lookups/lookups.repository';
import { lookupRoutes } from './modules/lookups/lookups.routes';
import { lookupsService } from './modules/lookups/lookups.service';
import { notificationsRepository } from './modules/notifications/notifications.repository';
import { notificationRoutes } from './modules/notifications/notifications.routes';
import { ownTasksRepository } from './modules/reminders/own-tasks.repository';
import { ownTaskRoutes } from './modules/reminders/own-tasks.routes';
import { ownTasksService } from './modules/reminders/own-tasks.service';
import { notificationsService } from './modules/notifications/notifications.service';
import { permissionRoutes } from './modules/permissions/permissions.routes';
import { remindersRepository } from './modules/reminders/reminders.repository';
import { reminderRoutes } from './modules/reminders/reminders.routes';
import { remindersService } from './modules/reminders/reminders.service';
import { tenantUsersRepository } from './modules/tenant-users/tenant-users.repository';
import { tenantUserRoutes } from './modules/tenant-users/tenant-users.routes';
import { tenantUsersService } from './modules/tenant-users/tenant-users.service';
import { templatesRepository } from './modules/templates/templates.repository';
import { templateRoutes } from './modules/templates/templates.routes';
import { templatesService } from './modules/templates/templates.service';
import { authPlugin, nameRealActor } from './plugins/auth';
import { respondToClientError, frameworkErrors, registerErrorHandling } from './plugins/errors';
import { scopeRouteHandlers } from './plugins/data-scope';
import { logDenials } from './plugins/denial-log';
import { registerHealthChecks } from './plugins/health';
import { refuseNulCharacters } from './plugins/input-hygiene';
import { refusingUnknownFields } from './plugins/unknown-fields';
import { registerOpenApi } from './plugins/openapi';
import { withLogHygiene } from './plugins/log-hygiene';
import { registerMetrics } from './plugins/metrics';
import { limitRequestsPerAddress, type RequestLimit } from './plugins/request-limit';
import { strictTransportSecurityOverHttps } from './plugins/security-headers';
import { registerPages } from './plugins/pages';
import { sessionAuthenticator } from './plugins/session-auth';
import { documentSignIn, registerSessionCookies } from './plugins/session-cookies';
import { serverSecret, signer } from './lib/signing';

export interface AppOptions {
  env: Pick<Env, 'BASE_PATH' | 'NODE_ENV' | 'LOG_LEVEL'> &
    Partial<
      Pick<
        Env,
        | 'PORT'
        | 'PUBLIC_URL'
        | 'MAIL_FROM'
        | 'TRUST_PROXY'
        | 'REQUEST_TIMEOUT_MS'
        | 'HEADERS_TIMEOUT_MS'
        | 'METRICS_TOKEN'
      >
    > & {
      WEB_DIST?: string | undefined;
      /** Only whether it is set matters here: the Sent mail screen says if mail is delivered. */
      SMTP_URL?: string | undefined;
      /** The Sent mail screen says when delivery is held. */
      MAIL_HOLD?: boolean | undefined;
    };
  database: DatabaseHandle;
  counters?: CounterStore;
  /** The mail relays whose bounce and complaint reports are heard; none when not given. */
  deliveryWebhooks?: DeliveryWebhooks;
  /** The text provider; texts are not offered without it (docs/decisions/106). */
  twilio?: TwilioSettings | null;
  /** How SNS's certificates and confirmations are fetched; tests give their own. */
  fetchText?: FetchText;
  /** How a sending domain's DKIM record is looked up; tests give their own. */
  resolveTxt?: ResolveTxt;
  /** The general per-address limit on API requests; none when not given. */
  requestLimit?: RequestLimit;
  now?: () => Date;
  logger?: FastifyServerOptions['logger'];
}

const defaultWebDist = fileURLToPath(new URL('../../web/dist/client', import.meta.url));

/** Builds the whole server without listening, so tests drive it with `inject`. */
export async function buildApp(options: AppOptions) {
  const { env, database } = options;
  const now = options.now ?? (() => new Date());
  const counters = options.counters ?? memoryCounterStore();
  const basePath = env.BASE_PATH;
  const requestTimeout = env.REQUEST_TIMEOUT_MS ?? requestTimeouts.requestMs;
  const headersTimeout = Math.min(env.HEADERS_TIMEOUT_MS ?? requestTimeouts.headersMs, requestTimeout);

  const app = Fastify({
    // Tokens and passwords never reach the log.
    logger: withLogHygiene(options.logger ?? { level: env.LOG_LEVEL }),
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true, maxParamLength: 200 },
    bodyLimit: 1024 * 1024,
    frameworkErrors,
    // On shutdown, connections are not cut: a request already sent is responded to (a new one on a
    // kept-alive connection gets 503 and "Connection: close"), and idle connections end within
    // the keep-alive time, well inside the shutdown grace period.
    forceCloseConnections: false,
    keepAliveTimeout: 5_000,
    // A request that is still arriving after these times gets a 408 response and is cut off: a sender
    // who stalls holds a socket for a bounded time (docs/decisions/050).
    requestTimeout,
    http: {
      requestTimeout,
      headersTimeout,
      // Node checks the time-outs on this beat; a tenth of the shorter one keeps them close.
      connectionsCheckingInterval: Math.ceil(headersTimeout / 10),
    },
    clientErrorHandler: respondToClientError,
    // Trust only as many proxy hops as configured (see env.ts); none by default.
    trustProxy: (_address: string, hop: number) => hop < (env.TRUST_PROXY ?? 0),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(refusingUnknownFields(validatorCompiler));
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  refuseNulCharacters(app);
  logDenials(app);
  registerMetrics(app, { token: env.METRICS_TOKEN, url: `${basePath}api/metrics`, database, now });

  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine sets style attributes at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        // The portal may be served over plain HTTP inside an office network.
        upgradeInsecureRequests: null,
      },
    },
    // Saying the same as frame-ancestors 'none', for browsers that only read this header.
    xFrameOptions: { action: 'deny' },
    // No address (an emailed link's token) leaves the site; a page's own form posts name their
    // origin, which the page's action checks (with `no-referrer` a browser sends `Origin: null`).
    referrerPolicy: { policy: 'same-origin' },
    strictTransportSecurity: false,
  });
  strictTransportSecurityOverHttps(app);
  await app.register(fastifyCompress, { threshold: 1024 });
  await registerOpenApi(app, basePath);

  const db = database.db;
  const audit = auditService(db);
  // The session lookup is one statement outside any data scope (docs/decisions/037).
  const sessions = sessionRepository(db, database.ownerDb);
  const authenticator = sessionAuthenticator({ db, sessions, now });
  // The API's responses that start a session set a cookie for the pages too (plugins/session-cookies.ts).
  await registerSessionCookies(app, { path: basePath, authenticator, now });
  const auth = authService({ users: userLookupRepository(db), sessions, counters, audit, now });
  const portalUrl = publicBaseUrl({
    PUBLIC_URL: env.PUBLIC_URL,
    PORT: env.PORT ?? 8080,
    BASE_PATH: basePath,
  });
  // Each repository is built once and handed to whichever services use it: the clients' one holds
  // the process's one cache of grid totals and shares its counts by status with Home's
  // (docs/decisions/036). So is the signer, which loads the server's signing key once.
  const signing = signer(serverSecret(db));
  const statusCounts = new StatusCounter();
  const clientsData = clientsRepository(db, { statusCounts });
  const mailData = mailRepository(db);
  const repliesData = repliesRepository(db);
  const later = afterResponse((error) => app.log.error({ err: error }, 'work after an answer failed'));
  // Work started by a request is finished before the server stops, and `settled` lets tests wait.
  app.decorate('settled', later.settled);
  app.addHook('onClose', later.settled);
  const accounts = accountService({
    accounts: accountRepository(db),
    counters,
    audit,
    portalUrl,
    signing,
    later,
    startClientSession: auth.startClientSession,
    now,
  });
  const corporations = corporationsService({ corporations: corporationsRepository(db), audit, now });
  const users = tenantUsersService({
    users: tenantUsersRepository(db),
    sessions,
    accounts,
    audit,
    counters,
    now,
  });

  await app.register(
    async (api) => {
      if (options.requestLimit) await limitRequestsPerAddress(api, options.requestLimit);
      await api.register(authPlugin, { authenticator });
      scopeRouteHandlers(api, db);
      nameRealActor(api);
      api.addHook('onSend', countImpersonatedRequests(audit));
      // Uploads (profile and branding images, template files); each route reads and checks its
      // one file before its transaction opens (lib/upload.ts).
      await api.register(fastifyMultipart, {
        limits: { fileSize: imageUpload.maxBytes, files: 3, fields: 5, parts: 8 },
      });
      await api.register(authRoutes, { auth });
      await api.register(accountRoutes, { accounts });
      await api.register(impersonationRoutes, {
        impersonation: impersonationService({ db, sessions, audit, now }),
      });
      await api.register(identityRoutes, { identity: identityService(identityRepository(db)) });
      await api.register(lookupRoutes, { lookups: lookupsService(lookupsRepository(db)) });
      await api.register(permissionRoutes);
      await api.register(auditRoutes, { auditLog: auditLogService(auditRepository(db)) });
      await api.register(homeRoutes, {
        home: homeService({
          home: homeRepository(db, statusCounts),
          attention: attentionRepository(db),
          health: healthOverviewRepository(db),
          now,
        }),
      });
      await api.register(notificationRoutes, {
        notifications: notificationsService({ notifications: notificationsRepository(db), audit, now }),
      });
      await api.register(clientRoutes, {
        clients: clientsService({ clients: clientsData, audit, now }),
      });
      await api.register(clientSelectionRoutes, {
        selection: clientSelectionService({
          clients: clientsData,
          audit,
          inviteSelected: accounts.inviteSelected,
          now,
        }),
      });
      await api.register(reminderRoutes, {
        reminders: remindersService({ reminders: remindersRepository(db), now }),
      });
      await api.register(ownTaskRoutes, { tasks: ownTasksService({ tasks: ownTasksRepository(db), audit }) });
      const mail = mailService({
        mail: mailData,
        signing,
        audit,
        delivering: Boolean(env.SMTP_URL),
        held: Boolean(env.MAIL_HOLD),
        now,
      });
      await api.register(mailRoutes, { mail });
      const careRecord = careRecordRepository(db);
      const replies = repliesService({
        replies: repliesData,
        careRecord,
        health: homeHealthRepository(db),
        timeline: timelineRepository(db),
        signing,
        portalUrl,
        now,
      });
      const homeowners = homeownerRepository(db);
      await api.register(homeownerRoutes, {
        homeowner: homeownerService({
          homeowners,
          clients: clientsData,
          mail: mailData,
          audit,
          counters,
          portalUrl,
          now,
        }),
        replies: homeownerRepliesService({ homeowners, replies }),
      });
      const textsOffered = Boolean(options.twilio);
      await registerHomeRoutes(api, { db, audit, careRecord, schedules: clientsData, textsOffered, now });
      await registerMessageRoutes(api, { ...options, db, audit, mail, portalUrl, now });
      await api.register(replyRoutes, {
        replies,
        help: helpHandlingService({ replies: repliesData, audit, now }),
      });
      await api.register(corporationRoutes, { corporations });
      const corporationDefaults = defaultRemindersRepository(db);
      await api.register(defaultReminderRoutes, {
        defaults: defaultRemindersService({ defaults: corporationDefaults, audit, now }),
      });
      await api.register(sendingDomainRoutes, {
        domains: sendingDomainService({
          domains: sendingDomainRepository(db),
          corporationExists: corporationDefaults.corporationExists,
          audit,
          mailFrom: mailFrom({ MAIL_FROM: env.MAIL_FROM, PUBLIC_URL: env.PUBLIC_URL }),
          resolveTxt: options.resolveTxt ?? resolveTxt,
          now,
        }),
      });
      await api.register(tenantUserRoutes, { users });
      await api.register(templateRoutes, {
        templates: templatesService({ templates: templatesRepository(db), audit, now }),
      });
      await api.register(bulkRoutes, {
        bulk: bulkService({
          db,
          clients: clientsData,
          audit,
          now,
          logError: (error, context) => app.log.error({ err: error, ...context }, 'a bulk upload row failed'),
          batchRows: database.driver === 'pglite' ? embeddedBulkBatchRows : bulkBatchRows,
        }),
      });
      registerHealthChecks(api, database);
    },
    { prefix: `${basePath}api` },
  );

  await registerPages(app, {
    basePath,
    webDist: path.resolve(env.WEB_DIST ?? defaultWebDist),
    signIn: documentSignIn,
  });
  return app;
}
export type App = Awaited<ReturnType<typeof buildApp>>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Waits for the work requests have started after their responses (lib/after-response.ts). */
    settled: () => Promise<void>;
  }
}
