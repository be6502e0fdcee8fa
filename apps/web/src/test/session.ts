import { afterEach, beforeEach } from 'vitest';
import { setCredentialSource } from '../lib/http';
import { useSession, type SessionState } from '../lib/session-store';
import { stubFetch } from './fetch';

/** The session of a suite's calls: a bearer token and a tenant, acting for nobody. */
export const testSession = { bearerToken: 'tok', impersonatedToken: null, tenantId: 'tenant-1' } as const;

/**
 * `stubFetch`, with every call of the suite made in `testSession`: the suite sets the responses and
 * reads what was sent.
 */
export function stubSignedInFetch() {
  const fetchMock = stubFetch();
  beforeEach(() => setCredentialSource(() => testSession));
  return fetchMock;
}

/**
 * A person signed in for each test of the suite, in the app's session store (a token good for a
 * minute; `who` names the corporation and user when a test needs them), signed out after it.
 */
export function signInEachTest(who: Partial<Pick<SessionState, 'tenantID' | 'userID'>> = {}) {
  beforeEach(() => useSession.setState({ bearerToken: 'token', expiry: Date.now() + 60_000, ...who }));
  afterEach(() => useSession.getState().clearBearerToken());
}
