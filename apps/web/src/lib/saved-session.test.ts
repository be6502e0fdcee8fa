import { describe, expect, it } from 'vitest';
import { savedStateVersion } from '@homeminder/shared/constants';
import { readSavedSession, savedSessionKey } from './saved-session';

const now = 1_700_000_000_000;
const storageOf = (value: unknown) => ({
  getItem: (key: string) => (key === savedSessionKey ? JSON.stringify(value) : null),
});
const saved = (state: Record<string, unknown>, version = savedStateVersion) => storageOf({ state, version });
const session = {
  bearerToken: 'token',
  impersonatedToken: null,
  expiry: now + 60_000,
  tenantID: 'tenant',
  userID: 'user',
  username: 'Marco Manager',
};

describe('readSavedSession', () => {
  it('reads the token, tenant and person of a session within its lifetime', () => {
    expect(readSavedSession(saved(session), now)).toEqual({
      bearerToken: 'token',
      impersonatedToken: null,
      tenantID: 'tenant',
      userID: 'user',
      username: 'Marco Manager',
    });
  });

  it('keeps the token of the person being acted as', () => {
    expect(readSavedSession(saved({ ...session, impersonatedToken: 'other' }), now)?.impersonatedToken).toBe(
      'other',
    );
  });

  it('refuses an expired session, one without a token, and a copy of another version', () => {
    expect(readSavedSession(saved({ ...session, expiry: now }), now)).toBeNull();
    expect(readSavedSession(saved({ ...session, expiry: null }), now)).toBeNull();
    expect(readSavedSession(saved({ ...session, bearerToken: null }), now)).toBeNull();
    expect(readSavedSession(saved(session, savedStateVersion - 1), now)).toBeNull();
  });

  it('answers null when nothing usable is kept, or storage cannot be read', () => {
    expect(readSavedSession({ getItem: () => null }, now)).toBeNull();
    expect(readSavedSession({ getItem: () => '{not json' }, now)).toBeNull();
    const throwing = {
      getItem: () => {
        throw new Error('storage is off');
      },
    };
    expect(readSavedSession(throwing, now)).toBeNull();
  });

  it('reads what the session store saves', async () => {
    const { useSession } = await import('./session-store');
    useSession.setState({ bearerToken: 'stored', expiry: Date.now() + 60_000, userID: 'u1', tenantID: 't1' });
    expect(readSavedSession(localStorage)).toMatchObject({
      bearerToken: 'stored',
      userID: 'u1',
      tenantID: 't1',
    });
    useSession.getState().clearBearerToken();
    expect(readSavedSession(localStorage)).toBeNull();
  });
});
