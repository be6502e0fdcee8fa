import net from 'node:net';

/**
 * Whether a server takes connections at the host and port of `url` (`defaultPort` when the address
 * names none), within `timeoutMs`: a suite that needs one is skipped on a machine without it.
 */
export function reachable(url: string, defaultPort: number, timeoutMs = 1_500): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname || '127.0.0.1', port: Number(port || defaultPort) });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/** The Redis of the tests (`TEST_REDIS_URL`, else the local one), and whether it responds. */
export const testRedisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
export const testRedisReachable = await reachable(testRedisUrl, 6379);
