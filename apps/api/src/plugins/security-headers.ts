import type { FastifyInstance } from 'fastify';

/** A year, with sub-domains: the usual setting once a site is served over HTTPS only. */
export const strictTransportSecurity = 'max-age=31536000; includeSubDomains';

/**
 * Strict-Transport-Security only on responses that went over HTTPS (directly, or through a trusted
 * proxy's X-Forwarded-Proto): browsers ignore it over plain HTTP, where it only misleads a reader
 * of the headers, and the portal may be served over plain HTTP inside an office network.
 */
export function strictTransportSecurityOverHttps(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.protocol === 'https') reply.header('strict-transport-security', strictTransportSecurity);
    return payload;
  });
}
