/**
 * A steady load of requests through the balancer from a few concurrent callers, each response kept
 * with its times.
 */
import type { Cluster } from './fixture';
import type { BalancerRequest } from './haproxy';

export interface LoadResponse {
  startedAt: number;
  endedAt: number;
  /** The HTTP status, or 0 when no response came (connection error or time-out). */
  status: number;
  /** The node that responded, as the balancer says (X-Node). */
  node: string | null;
  /** When a refusal says to try again (Retry-After), if it does. */
  retryAfter?: string | null;
}

export interface LoadOptions {
  /** The route after the balancer's base, e.g. /clients/grid */
  route: string;
  init: () => BalancerRequest;
  callers: number;
  durationMs: number;
}

export async function runLoad(
  { balancer }: Pick<Cluster, 'balancer'>,
  { route, init, callers, durationMs }: LoadOptions,
): Promise<LoadResponse[]> {
  const responses: LoadResponse[] = [];
  const ends = Date.now() + durationMs;
  const caller = async () => {
    while (Date.now() < ends) {
      const startedAt = Date.now();
      try {
        const response = await balancer.fetch(`${balancer.base}${route}`, {
          ...init(),
          signal: AbortSignal.timeout(15_000),
        });
        await response.arrayBuffer();
        responses.push({
          startedAt,
          endedAt: Date.now(),
          status: response.status,
          node: response.headers.get('x-node'),
          retryAfter: response.headers.get('retry-after'),
        });
      } catch {
        responses.push({ startedAt, endedAt: Date.now(), status: 0, node: null });
      }
    }
  };
  await Promise.all(Array.from({ length: callers }, caller));
  return responses;
}

/** GETs of a screen's figures through the balancer, by Acme's admin, for `durationMs`. */
export function readLoad(cluster: Pick<Cluster, 'balancer' | 'admin'>, durationMs: number, callers = 2) {
  return runLoad(cluster, {
    route: '/clients/properties/count',
    init: () => ({ headers: { authorization: `Bearer ${cluster.admin}` } }),
    callers,
    durationMs,
  });
}

/** How the responses went: counts by status, and the slowest response of a status, in ms. */
export function summarize(responses: LoadResponse[]) {
  const byStatus: Record<number, number> = {};
  const slowest: Record<number, number> = {};
  for (const response of responses) {
    byStatus[response.status] = (byStatus[response.status] ?? 0) + 1;
    slowest[response.status] = Math.max(slowest[response.status] ?? 0, response.endedAt - response.startedAt);
  }
  return { total: responses.length, byStatus, slowest };
}
