import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { messages } from '@homeminder/shared/validation/messages';
import type { DatabaseHandle } from '../db/client';
import { withAllTenants } from '../db/data-scope';
import { UnauthorizedError } from '../lib/errors';
import { metrics, metricsRegistry } from '../lib/metrics';

export interface MetricsOptions {
  /** The bearer token a scraper sends; without one there is no metrics route and no timing. */
  token: string | undefined;
  /** Where the route responds: `<BASE_PATH>api/metrics`. */
  url: string;
  database: DatabaseHandle;
  now: () => Date;
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** The `status_class` label of a response's status. */
export const statusClasses = ['2xx', '3xx', '4xx', '5xx'] as const;
const statusClassOf = (status: number) => `${Math.floor(status / 100)}xx`;

/**
 * Times and counts every response by its route pattern (never the path asked for, which may hold
 * ids) and serves the registry to a scraper holding METRICS_TOKEN. The outbox and pool figures are
 * read at the scrape, so they are as fresh as the scrape. Registered before the routes.
 */
export function registerMetrics(app: FastifyInstance, { token, url, database, now }: MetricsOptions) {
  if (!token) return;
  const expected = digest(`Bearer ${token}`);

  // A counter's label set appears at its first increment, and rate() and increase() need a sample
  // before it: a route's first server error would count as none. So every route's counts start at 0.
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      for (const statusClass of statusClasses) {
        metrics.requests.inc({ method, route: route.url, status_class: statusClass }, 0);
      }
    }
  });

  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    const status = reply.statusCode;
    metrics.requestDuration.observe(
      { method: request.method, route, status_code: String(status) },
      reply.elapsedTime / 1000,
    );
    metrics.requests.inc({ method: request.method, route, status_class: statusClassOf(status) });
  });

  app.get(url, { schema: { hide: true } }, async (request, reply) => {
    if (!timingSafeEqual(digest(request.headers.authorization ?? ''), expected)) {
      throw new UnauthorizedError(messages.metricsTokenRequired);
    }
    await readOutbox(database, now());
    const pool = database.connections();
    if (pool) {
      metrics.poolInUse.set(pool.inUse);
      metrics.poolWaiting.set(pool.waiting);
    }
    return reply.type(metricsRegistry.contentType).send(await metricsRegistry.metrics());
  });
}

/** The outbox's depth and the age of its oldest waiting message; a database that fails says so. */
async function readOutbox(database: DatabaseHandle, at: Date) {
  const { db } = database;
  try {
    const result = await withAllTenants(db, () =>
      db.execute(sql`
        select count(*)::int as pending,
               coalesce(extract(epoch from ${at.toISOString()}::timestamptz - min(created_at)), 0)::float8 as oldest
          from email_outbox where status = 'pending'`),
    );
    const [row] = (result as { rows: Array<{ pending: number; oldest: number }> }).rows;
    metrics.outboxPending.set(row?.pending ?? 0);
    metrics.outboxOldestAge.set(Math.max(0, row?.oldest ?? 0));
    metrics.databaseUp.set(1);
  } catch {
    metrics.databaseUp.set(0);
  }
}
