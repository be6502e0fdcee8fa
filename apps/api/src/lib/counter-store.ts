import type { Redis } from 'ioredis';

/**
 * Counters that expire, for sign-in throttling. In memory for one process; in Redis when
 * REDIS_URL is set, so every API process behind a load balancer sees the same counts.
 */
export interface CounterStore {
  /** Adds one to the key and returns the new count and the milliseconds until it resets. */
  increment(key: string, windowMs: number): Promise<{ count: number; resetInMs: number }>;
  get(key: string): Promise<{ count: number; resetInMs: number }>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

export function memoryCounterStore(now: () => number = Date.now): CounterStore {
  const entries = new Map<string, { count: number; resetsAt: number }>();
  const live = (key: string) => {
    const entry = entries.get(key);
    if (entry && entry.resetsAt <= now()) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  };
  return {
    async increment(key, windowMs) {
      const entry = live(key) ?? { count: 0, resetsAt: now() + windowMs };
      entry.count += 1;
      entries.set(key, entry);
      // Keep the map bounded: drop expired keys now and then.
      if (entries.size > 50_000) for (const k of entries.keys()) live(k);
      return { count: entry.count, resetInMs: entry.resetsAt - now() };
    },
    async get(key) {
      const entry = live(key);
      return entry ? { count: entry.count, resetInMs: entry.resetsAt - now() } : { count: 0, resetInMs: 0 };
    },
    async reset(key) {
      entries.delete(key);
    },
    async close() {
      entries.clear();
    },
  };
}

export function redisCounterStore(redis: Redis, prefix = 'homeminder:'): CounterStore {
  return {
    async increment(key, windowMs) {
      const fullKey = prefix + key;
      const [[, count], [, ttl]] = (await redis.multi().incr(fullKey).pttl(fullKey).exec()) as [
        [null, number],
        [null, number],
      ];
      if (ttl < 0) {
        await redis.pexpire(fullKey, windowMs);
        return { count, resetInMs: windowMs };
      }
      return { count, resetInMs: ttl };
    },
    async get(key) {
      const fullKey = prefix + key;
      const [[, value], [, ttl]] = (await redis.multi().get(fullKey).pttl(fullKey).exec()) as [
        [null, string | null],
        [null, number],
      ];
      return { count: Number(value ?? 0), resetInMs: Math.max(0, ttl) };
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
    async close() {
      await redis.quit();
    },
  };
}
