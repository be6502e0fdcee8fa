import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The person really acting, while a request is made in another user's name. The audit log reads it
 * for every entry it writes, so no service has to remember to pass it.
 */
const realActor = new AsyncLocalStorage<string>();

export function withRealActor<T>(userId: string, work: () => T): T {
  return realActor.run(userId, work);
}

/** The user really acting in the request being served, when it is made in another's name. */
export function currentRealActor(): string | undefined {
  return realActor.getStore();
}
