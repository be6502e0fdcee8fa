// The address and headers of an API request (docs/requirements.md §8.1): what every call carries.
import { basePath } from './base-path';
import { browserSessionId } from './browser-session-id';

/** What the session contributes to each request; registered by the session store. */
export interface RequestCredentials {
  bearerToken: string | null;
  impersonatedToken: string | null;
  tenantId: string | null;
}

/**
 * Resolves the paths of docs/requirements.md §8, relative (`api/auth/who-am-i`) or absolute
 * (`/api/auth/login`), under the base path, and adds `_ti`. `path` is not blank (the HTTP
 * client's `apiUrl` checks).
 */
export function resolveApiPath(
  path: string,
  query?: Record<string, string | number | boolean | null | undefined>,
): string {
  const url = new URL(`${basePath}${path.replace(/^\/+/, '')}`, window.location.origin);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) url.searchParams.set(key, String(value));
  }
  url.searchParams.set('_ti', browserSessionId());
  return `${url.pathname}${url.search}`;
}

/** The headers of docs/requirements.md §8.1, each added when the session has a value for it. */
export function requestHeaders(credentials: RequestCredentials): Record<string, string> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (credentials.tenantId) headers['tenant-id'] = credentials.tenantId;
  if (credentials.bearerToken) headers['Authorization'] = `Bearer ${credentials.bearerToken}`;
  if (credentials.impersonatedToken)
    headers['Impersonation'] = `Impersonated ${credentials.impersonatedToken}`;
  return headers;
}
