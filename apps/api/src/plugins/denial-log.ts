import type { FastifyInstance } from 'fastify';

/**
 * Every refusal of access (401 or 403) leaves one log line, "access denied", with who asked for
 * what and in which corporation, so a probe across tenants or privileges shows in the log. The
 * token never does (the logger redacts the headers that carry it).
 */
export function logDenials(app: FastifyInstance) {
  // onSend, not onResponse: the line is written before the caller has the response.
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode !== 401 && reply.statusCode !== 403) return payload;
    request.log.warn(
      {
        denial: {
          status: reply.statusCode,
          method: request.method,
          route: request.routeOptions.url ?? null,
          userId: request.auth?.userId ?? null,
          homeTenantId: request.auth?.homeTenantId ?? null,
          tenantHeader: request.headers['tenant-id'] ?? null,
          impersonatorId: request.auth?.impersonator?.userId ?? null,
          ip: request.ip,
        },
      },
      'access denied',
    );
    return payload;
  });
}
