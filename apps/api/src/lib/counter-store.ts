import type { Redis } from 'ioredis';
import {
  RateLimiterMemory,
  RateLimiterRedis,
  type RateLimiterAbstract,
  type RateLimiterRes,
} from 'rate-limiter-flexible';

/**
 * Counters that expire, for throttling (sign-in, password changes, account emails). Kept by
 * rate-limiter-flexible: in memory for one process, in Redis when REDIS_URL is set, so every API
 * process behind a load balancer sees the same counts. Each change is one atomic step, so a
 * caller that counts an attempt before doing it cannot be raced past its limit.
 */
export interface CounterStore {
  /** Adds one to the key and returns the new count and the milliseconds until it resets. */
  increment(key: string, windowMs: number): Promise<Count>;
  /** Takes one back, for an attempt counted beforehand that turned out not to count. */
  decrement(key: string, windowMs: number): Promise<void>;
  get(key: string, windowMs: number): Promise<Count>;
  reset(key: string, windowMs: number): Promise<void>;
  close(): Promise<void>;
}

export interface Count {
  count: number;
  resetInMs: number;
}

const none: Count = { count: 0, resetInMs: 0 };

/** One limiter per window length; the keys themselves say what is counted. */
function limiterStore(
  make: (windowMs: number) => RateLimiterAbstract,
  close: () => Promise<void>,
): CounterStore {
  const limiters = new Map<number, RateLimiterAbstract>();
  const limiter = (windowMs: number) => {
    let found = limiters.get(windowMs);
    if (!found) {
      found = make(windowMs);
      limiters.set(windowMs, found);
    }
    return found;
  };
  const countOf = (res: RateLimiterRes | null): Count =>
    res && res.msBeforeNext > 0 && res.consumedPoints > 0
      ? { count: res.consumedPoints, resetInMs: res.msBeforeNext }
      : none;
  return {
    // `penalty` adds without refusing: the callers compare the count with their own limits.
    increment: async (key, windowMs) => countOf(await limiter(windowMs).penalty(key, 1)),
    decrement: async (key, windowMs) => {
      const { count } = countOf(await limiter(windowMs).get(key));
      if (count > 0) await limiter(windowMs).reward(key, 1);
    },
    get: async (key, windowMs) => countOf(await limiter(windowMs).get(key)),
    reset: async (key, windowMs) => void (await limiter(windowMs).delete(key)),
    close,
  };
}

const durationOf = (windowMs: number) => Math.max(1, Math.ceil(windowMs / 1000));

export function memoryCounterStore(): CounterStore {
  return limiterStore(
    (windowMs) => new RateLimiterMemory({ points: 1, duration: durationOf(windowMs) }),
    async () => {},
  );
}

export function redisCounterStore(redis: Redis, prefix = 'homeminder'): CounterStore {
  return limiterStore(
    (windowMs) =>
      new RateLimiterRedis({
        storeClient: redis,
        keyPrefix: `${prefix}:${windowMs}`,
        points: 1,
        duration: durationOf(windowMs),
      }),
    async () => void (await redis.quit()),
  );
}
