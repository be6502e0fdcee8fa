import { randomBytes } from 'node:crypto';
import Fastify from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { messages } from '@homeminder/shared/validation/messages';
import { testRedisReachable as redisReachable, testRedisUrl as redisUrl } from '../test/reachable';
import { useTestApp } from '../test/test-app';
import { registerErrorHandling } from './errors';
import { limitRequestsPerAddress, type RequestLimit } from './request-limit';

/** A server with the limit and one route, as the API registers them. */
async function server(limit: RequestLimit) {
  const app = Fastify({ logger: false });
  registerErrorHandling(app);
  await app.register(async (api) => {
    await limitRequestsPerAddress(api, limit);
    api.get('/api/ping', async () => ({ ok: true }));
  });
  await app.ready();
  return app;
}

const ping = (app: Awaited<ReturnType<typeof server>>, ip: string) =>
  app.inject({ method: 'GET', url: '/api/ping', remoteAddress: ip });

// Each run counts under addresses of its own, so a shared Redis keeps nothing between runs.
const address = () => `10.${randomBytes(3).join('.')}`;

describe('the per-address request limit', () => {
  it('responds 429 with an Errors body and the wait once an address has made its requests', async () => {
    const app = await server({ max: 5, windowMs: 60_000 });
    const ip = address();
    for (let request = 0; request < 5; request += 1) expect((await ping(app, ip)).statusCode).toBe(200);
    const refused = await ping(app, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ Errors: [messages.tooManyRequests(60)] });
    expect(refused.headers['retry-after']).toBe('60');
    // Another address is not slowed.
    expect((await ping(app, address())).statusCode).toBe(200);
    await app.close();
  });

  it('is off at 0', async () => {
    const app = await server({ max: 0, windowMs: 60_000 });
    const ip = address();
    for (let request = 0; request < 20; request += 1) expect((await ping(app, ip)).statusCode).toBe(200);
    await app.close();
  });

  describe.skipIf(!redisReachable && !process.env.CI)('in Redis', () => {
    const redis = new Redis(redisUrl, { maxRetriesPerRequest: 2 });
    afterAll(async () => {
      await redis.quit();
    });

    it('counts the requests of one address across every server process', async () => {
      const [first, second] = [
        await server({ max: 4, windowMs: 60_000, redis }),
        await server({ max: 4, windowMs: 60_000, redis }),
      ];
      const ip = address();
      for (const app of [first, second, first, second]) expect((await ping(app, ip)).statusCode).toBe(200);
      expect((await ping(first, ip)).statusCode).toBe(429);
      expect((await ping(second, ip)).statusCode).toBe(429);
      await first.close();
      await second.close();
    });
  });
});

describe('the API', () => {
  const t = useTestApp('pglite', { requestLimit: { max: 3, windowMs: 60_000 } });

  it('limits the requests of each address on every route, signed in or not', async () => {
    const ip = address();
    await t.api({ path: '/auth/who-am-i', ip });
    await t.api({ path: '/lookups/us-states', ip });
    await t.api({ method: 'POST', path: '/auth/login', body: { username: 'a@b.test', password: 'x' }, ip });
    const refused = await t.api({ path: '/auth/who-am-i', ip });
    expect(refused.statusCode).toBe(429);
    expect(refused.json<{ Errors: string[] }>().Errors).toHaveLength(1);
  });
});
