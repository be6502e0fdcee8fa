import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

/** A strong entity tag of a body: the same bytes, the same tag. */
export function entityTag(body: string): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;
}

/**
 * Whether a GET may get a 304 Not Modified response (RFC 9110, section 13.2.2): If-None-Match, when
 * sent, decides alone (any listed tag matching, weakly, or `*`); otherwise If-Modified-Since, when
 * it is a date no earlier than the last change (HTTP dates are to the second).
 */
export function notModified(request: FastifyRequest, current: { etag: string; lastModified: Date }): boolean {
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch !== undefined) {
    const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
    return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(current.etag));
  }
  const since = Date.parse(request.headers['if-modified-since'] ?? '');
  return !Number.isNaN(since) && Math.floor(current.lastModified.getTime() / 1000) * 1000 <= since;
}
