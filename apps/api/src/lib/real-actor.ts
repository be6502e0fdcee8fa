import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';

/**
 * The person really acting, while a request is made in another user's name, and the session of
 * acting it belongs to. The audit log reads both for every entry it writes, so no service has to
 * remember to pass them.
 */
interface RealActor {
  userId: string;
  name: string;
  sessionId: string;
}
const realActor = new AsyncLocalStorage<RealActor>();

export function withRealActor<T>(actor: RealActor, work: () => T): T {
  return realActor.run(actor, work);
}

/** The user really acting in the request being served, when it is made in another's name. */
export function currentRealActor(): string | undefined {
  return realActor.getStore()?.userId;
}

/** Their name, kept on each entry: the acted-as user's corporation may not see the operator's staff. */
export function currentRealActorName(): string | undefined {
  return realActor.getStore()?.name;
}

/** The session of acting as another user the request being served belongs to. */
export function currentActingSession(): string | undefined {
  return realActor.getStore()?.sessionId;
}

/**
 * The audit log's id of a session of acting as someone, derived from the acting token's hash: one
 * way, so the log never holds anything that leads back to the token (docs/decisions/081).
 */
export function actingSessionId(tokenHash: string): string {
  const hex = createHash('sha256').update(`audit-session:${tokenHash}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
