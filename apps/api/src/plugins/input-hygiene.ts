import type { FastifyInstance } from 'fastify';
import { messages } from '@homeminder/shared/validation/messages';
import { AppError } from '../lib/errors';

/**
 * PostgreSQL text cannot hold the NUL character: a string carrying one would fail deep in the
 * database with a 500. It is refused where it enters instead, with a 400: in the JSON body (the
 * parser) and in the address (query and path parameters, before any route hook runs).
 */
export function refuseNulCharacters(app: FastifyInstance) {
  // Fastify's own parser (prototype-poisoning checks, its error codes), then the NUL check.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string; // parseAs: 'string'
    void parseJson(request, text, (error, parsed) => {
      // A NUL can only arrive in JSON as the escape \u0000; look deeper only when the text has one.
      if (!error && text.includes('\\u0000') && containsNul(parsed)) {
        done(new AppError(400, [messages.nulCharacter]), undefined);
        return;
      }
      done(error, parsed);
    });
  });

  app.addHook('onRequest', async (request) => {
    if (request.url.includes('%00') && (containsNul(request.query) || containsNul(request.params))) {
      throw new AppError(400, [messages.nulCharacter]);
    }
  });
}

/** Whether a parsed value holds a NUL character in any string, key or nested value. */
export function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (value === null || typeof value !== 'object' || depth > 64) return false;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\u0000') || containsNul(item, depth + 1)) return true;
  }
  return false;
}
