import type { FastifyInstance } from 'fastify';
import fastifyRateLimit from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import { messages } from '@homeminder/shared/validation/messages';
import { TooManyRequestsError } from '../lib/errors';

export interface RequestLimit {
  /** Requests one network address may make in the window; 0 turns the limit off. */
  max: number;
  windowMs: number;
  /** Shared by every server process when given; in memory otherwise. */
  redis?: Redis | undefined;
}

/**
 * A general brake on scripted use: every API route counts the requests of each network address,
 * before the request is read, and responds 429 with the wait beyond the limit. The routes that guess
 * at secrets (sign-in, passwords, account links) keep tighter limits of their own.
 */
export async function limitRequestsPerAddress(api: FastifyInstance, limit: RequestLimit) {
  if (limit.max <= 0) return;
  await api.register(fastifyRateLimit, {
    max: limit.max,
    timeWindow: limit.windowMs,
    hook: 'onRequest',
    keyGenerator: (request) => request.ip,
    ...(limit.redis ? { redis: limit.redis, nameSpace: 'homeminder:requests:' } : {}),
    // A store that cannot be reached lets requests through rather than stopping the service.
    skipOnError: true,
    errorResponseBuilder: (_request, context) => {
      const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
      return new TooManyRequestsError(messages.tooManyRequests(seconds), seconds);
    },
  });
}
