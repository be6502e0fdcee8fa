import { savedStateVersion } from '@homeminder/shared/constants';

/** Where the session store keeps the signed-in session in this browser (local storage). */
export const savedSessionKey = 'homeminder:session';

/** What the page drawn ahead needs of the saved session to ask for the person's own numbers. */
export interface SavedSession {
  bearerToken: string;
  impersonatedToken: string | null;
  tenantID: string | null;
  userID: string | null;
  username: string | null;
}

/**
 * The session the app saved, read as the session store reads it back: a copy of this version of
 * the app only, and only while its token is within its lifetime; else null. For code that runs
 * before the app (decision 048); the app itself reads the session store.
 */
export function readSavedSession(
  storage: Pick<Storage, 'getItem'> = localStorage,
  now = Date.now(),
): SavedSession | null {
  try {
    const saved = JSON.parse(storage.getItem(savedSessionKey) ?? 'null') as {
      state?: Partial<Record<keyof SavedSession | 'expiry', unknown>>;
      version?: unknown;
    } | null;
    const state = saved?.version === savedStateVersion ? saved.state : undefined;
    if (!state || typeof state.bearerToken !== 'string' || !state.bearerToken) return null;
    if (typeof state.expiry !== 'number' || state.expiry <= now) return null;
    const text = (value: unknown) => (typeof value === 'string' && value ? value : null);
    return {
      bearerToken: state.bearerToken,
      impersonatedToken: text(state.impersonatedToken),
      tenantID: text(state.tenantID),
      userID: text(state.userID),
      username: text(state.username),
    };
  } catch {
    // Storage unavailable, or not JSON: nothing saved that can be used.
    return null;
  }
}
