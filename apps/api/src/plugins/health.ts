import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../db/client';

/**
 * What a load balancer and an orchestrator poll: `health` is the cheap liveness response, `ready`
 * is 200 only when the database responds and holds this code's migrations, 503 otherwise, so a
 * node that lost its database or runs ahead of the schema gets no traffic (docs/operations.md).
 */
export function registerHealthChecks(api: FastifyInstance, database: DatabaseHandle) {
  const schema = { hide: true };
  api.get('/health', { schema }, async (_request, reply) => {
    const ok = await database.ping();
    return reply.status(ok ? 200 : 503).send({ status: ok ? 'ok' : 'database unreachable' });
  });
  api.get('/ready', { schema }, async (_request, reply) => {
    const ready = await database.migrated();
    return reply.status(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not ready' });
  });
}
