import { ApiError } from './api-error';
import { isAuthenticated, useSession } from './session-store';

let initializing: Promise<void> | null = null;

/**
 * Makes the app ready (navigation rule 1): a saved token that has expired is dropped, one still
 * within its lifetime is checked with the server and the identity reloaded. Runs once.
 */
export function initializeApp(): Promise<void> {
  initializing ??= (async () => {
    const session = useSession.getState();
    if (session.bearerToken && !isAuthenticated(session)) session.clearBearerToken();
    if (isAuthenticated(useSession.getState())) {
      try {
        await useSession.getState().loadIdentity();
      } catch (error) {
        // A refused token simply means signed out; anything else is worth telling the user.
        if (error instanceof ApiError && error.status !== 401 && error.status !== 403) {
          initializing = null;
          throw error;
        }
        useSession.getState().clearBearerToken();
      }
    }
    useSession.getState().setInit(true);
  })();
  return initializing;
}
