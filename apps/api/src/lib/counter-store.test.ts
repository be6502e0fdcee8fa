import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { testRedisReachable as redisReachable, testRedisUrl as redisUrl } from '../test/reachable';
import { memoryCounterStore, redisCounterStore, type CounterStore } from './counter-store';

if (!redisReachable && !process.env.CI) {
  console.warn(`\n!!! Redis is not reachable at ${new URL(redisUrl).host}: its counter tests are SKIPPED.\n`);
}

const windowMs = 15 * 60 * 1000;

function counterSuite(name: string, make: () => CounterStore, options: { fakeClock: boolean }) {
  describe(name, () => {
    let store: CounterStore | undefined;
    const counters = () => (store ??= make());
    // Each test counts under keys of its own, so a shared Redis keeps nothing between runs.
    const key = (what: string) => `test:${what}:${randomBytes(6).toString('hex')}`;

    afterAll(async () => {
      await store?.close();
    });
    afterEach(() => {
      vi.useRealTimers();
    });

    it('counts every one of many increments sent at once exactly once', async () => {
      const k = key('parallel');
      const responses = await Promise.all(
        Array.from({ length: 150 }, () => counters().increment(k, windowMs)),
      );
      expect(responses.map((response) => response.count).sort((a, b) => a - b)).toEqual(
        Array.from({ length: 150 }, (_, index) => index + 1),
      );
      expect((await counters().get(k, windowMs)).count).toBe(150);
    });

    it('returns the time left in the window, and nothing for a key never counted', async () => {
      const k = key('window');
      const first = await counters().increment(k, windowMs);
      expect(first.count).toBe(1);
      expect(first.resetInMs).toBeGreaterThan(windowMs - 5_000);
      expect(first.resetInMs).toBeLessThanOrEqual(windowMs);
      expect(await counters().get(key('never'), windowMs)).toEqual({ count: 0, resetInMs: 0 });
    });

    it('takes one back, never below nothing, and resets', async () => {
      const k = key('back');
      await counters().increment(k, windowMs);
      await counters().increment(k, windowMs);
      await counters().decrement(k, windowMs);
      expect((await counters().get(k, windowMs)).count).toBe(1);
      await counters().decrement(k, windowMs);
      await counters().decrement(k, windowMs);
      expect((await counters().get(k, windowMs)).count).toBe(0);
      await counters().increment(k, windowMs);
      await counters().reset(k, windowMs);
      expect((await counters().get(k, windowMs)).count).toBe(0);
    });

    it.runIf(options.fakeClock)('starts afresh once the window has passed', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      const k = key('expiry');
      await counters().increment(k, windowMs);
      await counters().increment(k, windowMs);
      vi.setSystemTime(Date.now() + windowMs + 1);
      expect((await counters().get(k, windowMs)).count).toBe(0);
      expect((await counters().increment(k, windowMs)).count).toBe(1);
    });
  });
}

counterSuite('memory counters', memoryCounterStore, { fakeClock: true });

describe.skipIf(!redisReachable && !process.env.CI)('Redis', () => {
  counterSuite('Redis counters', () => redisCounterStore(new Redis(redisUrl, { maxRetriesPerRequest: 2 })), {
    fakeClock: false,
  });
});
