import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The figures an operator watches, in Prometheus's text format (docs/operations.md says what each
 * means). One registry per process: a scrape responds for the process it reaches. Labels name
 * routes, statuses and outcomes only, never a tenant, a person or an address.
 */
export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry, prefix: 'homeminder_' });
// prom-client also serves the sum of each of these by-type gauges under a `_total` name, which
// Prometheus keeps for counters (`promtool check metrics` warns); the sum is `sum without (type)`.
for (const gauge of ['handles', 'requests', 'resources']) {
  metricsRegistry.removeSingleMetric(`homeminder_nodejs_active_${gauge}_total`);
}

const registers = [metricsRegistry];

export const metrics = {
  requestDuration: new Histogram({
    name: 'homeminder_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  }),
  /** Every label set a route can take is made at start (plugins/metrics.ts), so its first 5xx shows. */
  requests: new Counter({
    name: 'homeminder_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status class (2xx, 3xx, 4xx, 5xx)',
    labelNames: ['method', 'route', 'status_class'] as const,
    registers,
  }),
  remindersClaimed: new Counter({
    name: 'homeminder_reminders_claimed_total',
    help: 'Due reminder subscriptions claimed by this process',
    registers,
  }),
  remindersQueued: new Counter({
    name: 'homeminder_reminders_queued_total',
    help: 'Reminder emails this process put in the outbox',
    registers,
  }),
  emails: new Counter({
    name: 'homeminder_emails_total',
    help: 'Outbox messages settled by this process, by outcome: sent, retried, failed or kept',
    labelNames: ['outcome'] as const,
    registers,
  }),
  mailDeliveryHeld: new Gauge({
    name: 'homeminder_mail_delivery_held',
    help: '1 when this process was started with MAIL_HOLD: the outbox fills but nothing is sent',
    registers,
  }),
  outboxPending: new Gauge({
    name: 'homeminder_outbox_pending_messages',
    help: 'Messages waiting in the outbox, at the scrape',
    registers,
  }),
  outboxOldestAge: new Gauge({
    name: 'homeminder_outbox_oldest_pending_age_seconds',
    help: 'Age of the oldest message waiting in the outbox (0 when none waits), at the scrape',
    registers,
  }),
  bulkRowsQueued: new Counter({
    name: 'homeminder_bulk_rows_queued_total',
    help: 'Bulk upload rows queued through this process',
    registers,
  }),
  bulkRowsProcessed: new Counter({
    name: 'homeminder_bulk_rows_processed_total',
    help: 'Bulk upload rows this process turned into clients',
    registers,
  }),
  databaseUp: new Gauge({
    name: 'homeminder_database_up',
    help: '1 when the database answered the scrape, 0 when it did not',
    registers,
  }),
  poolInUse: new Gauge({
    name: 'homeminder_db_pool_connections_in_use',
    help: 'Database connections checked out of the pool',
    registers,
  }),
  poolWaiting: new Gauge({
    name: 'homeminder_db_pool_requests_waiting',
    help: 'Requests for a database connection waiting for the pool',
    registers,
  }),
};

/** The outcome of one outbox run, counted (see modules/mail/sender.ts). */
export function countOutboxRun(result: { sent: number; retrying: number; failed: number; kept: number }) {
  metrics.emails.inc({ outcome: 'sent' }, result.sent);
  metrics.emails.inc({ outcome: 'retried' }, result.retrying);
  metrics.emails.inc({ outcome: 'failed' }, result.failed);
  metrics.emails.inc({ outcome: 'kept' }, result.kept);
}
