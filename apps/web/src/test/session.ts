import { beforeEach } from 'vitest';
import { setCredentialSource } from '../lib/http';
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
