import type { FastifyRequest, FastifyServerOptions } from 'fastify';

/** Query parameters whose values are secrets: the links of account emails and unsubscribe links. */
const secretParameter = /token|code|secret|password|key|sig/i;

/** A request's address as the log keeps it: secret values replaced, everything else kept. */
export function loggedUrl(address: string): string {
  // A text's short link (docs/decisions/106) carries its secret in the path.
  const url = address.replace(/(\/api\/t\/)[^/?]+/i, '$1[redacted]');
  const start = url.indexOf('?');
  if (start < 0) return url;
  const query = url
    .slice(start + 1)
    .split('&')
    .map((pair) => {
      const name = pair.split('=', 1)[0]!;
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        // A malformed name is kept as sent; only its value might be secret.
      }
      return secretParameter.test(decoded) && pair.includes('=') ? `${name}=[redacted]` : pair;
    })
    .join('&');
  return `${url.slice(0, start)}?${query}`;
}

/**
 * The logger's settings that keep secrets out of every line: the headers that carry tokens, sent
 * or responded to, are redacted, and the request's address loses the values of secret query parameters
 * (the reset, invitation and unsubscribe links of emails open pages with their token in the query).
 */
export function withLogHygiene(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (!logger) return logger;
  const base = logger === true ? {} : logger;
  return {
    ...base,
    redact: [
      'req.headers.authorization',
      'req.headers.impersonation',
      'req.headers.cookie',
      // The responses that start a session set their token as a cookie.
      'res.headers["set-cookie"]',
    ],
    serializers: {
      ...('serializers' in base ? base.serializers : {}),
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: loggedUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
    },
  };
}
