/** A steady load of requests from a few concurrent callers, each answer kept with its times. */
import type { Cluster } from './fixture';

export interface Answer {
  startedAt: number;
  endedAt: number;
  /** The HTTP status, or 0 when no answer came (connection error or time-out). */
  status: number;
  /** The node that answered, as the balancer says (X-Node). */
  node: string | null;
}

export interface LoadOptions {
  url: string;
  init: () => RequestInit;
  callers: number;
  durationMs: number;
}

export async function runLoad({ url, init, callers, durationMs }: LoadOptions): Promise<Answer[]> {
  const answers: Answer[] = [];
  const ends = Date.now() + durationMs;
  const caller = async () => {
    while (Date.now() < ends) {
      const startedAt = Date.now();
      try {
        const response = await fetch(url, { ...init(), signal: AbortSignal.timeout(15_000) });
        await response.arrayBuffer();
        answers.push({
          startedAt,
          endedAt: Date.now(),
          status: response.status,
          node: response.headers.get('x-node'),
        });
      } catch {
        answers.push({ startedAt, endedAt: Date.now(), status: 0, node: null });
      }
    }
  };
  await Promise.all(Array.from({ length: callers }, caller));
  return answers;
}

/** GETs of a screen's figures through the balancer, by Acme's admin, for `durationMs`. */
export function readLoad(cluster: Pick<Cluster, 'balancer' | 'admin'>, durationMs: number, callers = 2) {
  return runLoad({
    url: `${cluster.balancer.base}/clients/properties/count`,
    init: () => ({ headers: { authorization: `Bearer ${cluster.admin}` } }),
    callers,
    durationMs,
  });
}

/** How the answers went: counts by status, and the slowest answer of a status, in ms. */
export function summarize(answers: Answer[]) {
  const byStatus: Record<number, number> = {};
  const slowest: Record<number, number> = {};
  for (const answer of answers) {
    byStatus[answer.status] = (byStatus[answer.status] ?? 0) + 1;
    slowest[answer.status] = Math.max(slowest[answer.status] ?? 0, answer.endedAt - answer.startedAt);
  }
  return { total: answers.length, byStatus, slowest };
}
