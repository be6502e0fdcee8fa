import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionLifetimeMs } from '@homeminder/shared/constants';
import {
  authenticationContextInvalid,
  isAuthenticated,
  isImpersonating,
  personOf,
  useSession,
} from './session-store';
import { personalTabStorage } from './tab-storage';
import { json } from '../test/fetch';

const whoAmI = {
  isAuthenticated: true,
  tenantID: 'tenant-1',
  userID: 'user-1',
  name: 'Rita Realtor',
  email: 'realtor@acme.test',
  roles: ['Realtor'],
  privileges: ['CanManageClients'],
  tenantName: 'Acme Realty',
  impersonatedBy: null,
  kind: 'staff' as const,
};

describe('session store', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    useSession.getState().clearBearerToken();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
    vi.useRealTimers();
  });

  it('sets the expiry 2 hours ahead and loads who-am-i and the profile image', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-23T10:00:00Z'), toFake: ['Date'] });
    fetchMock.mockImplementation(async (input) =>
      (input instanceof Request ? input.url : input.toString()).includes('who-am-i')
        ? json(whoAmI)
        : json({ imageType: 'image/png', data: 'iVBORw0KGgo=' }),
    );
    await useSession.getState().setBearerToken('token-1');
    const state = useSession.getState();
    expect(state.expiry).toBe(Date.parse('2026-11-23T10:00:00Z') + sessionLifetimeMs);
    expect(state.username).toBe('Rita Realtor');
    expect(state.tenantID).toBe('tenant-1');
    expect(state.userProfileImage).toBe('data:image/png;base64,iVBORw0KGgo=');
    expect(isAuthenticated(state)).toBe(true);
    expect(isAuthenticated(state, Date.parse('2026-11-23T12:00:01Z'))).toBe(false);
  });

  it('sends no tenant left from an earlier session when signing in or acting as someone', async () => {
    const tenantHeaders: Array<string | null> = [];
    fetchMock.mockImplementation(async (input, init) => {
      const url = input instanceof Request ? input.url : input.toString();
      if (url.includes('who-am-i')) {
        tenantHeaders.push(new Headers(init?.headers).get('tenant-id'));
        return json(whoAmI);
      }
      return json({ imageType: 'image/png', data: 'iVBORw0KGgo=' });
    });
    useSession.setState({ tenantID: 'another-company' });
    await useSession.getState().setBearerToken('token-1');
    useSession.setState({ tenantID: 'another-company' });
    await useSession.getState().setImpersonatedToken('acting-1');
    useSession.setState({ tenantID: 'another-company' });
    await useSession.getState().clearImpersonation();
    expect(tenantHeaders).toEqual([null, null, null]);
    expect(useSession.getState().tenantID).toBe('tenant-1');
  });

  it('loads the profile image for the tenant who-am-i names, once it is known', async () => {
    const imageTenants: Array<string | null> = [];
    fetchMock.mockImplementation(async (input, init) => {
      const url = input instanceof Request ? input.url : input.toString();
      if (url.includes('who-am-i')) return json(whoAmI);
      imageTenants.push(new Headers(init?.headers).get('tenant-id'));
      return json({ imageType: 'image/png', data: 'iVBORw0KGgo=' });
    });
    await useSession.getState().setBearerToken('token-1');
    expect(imageTenants).toEqual(['tenant-1']);
    expect(useSession.getState().userProfileImage).toBe('data:image/png;base64,iVBORw0KGgo=');
  });

  it('refuses a blank token', async () => {
    await expect(useSession.getState().setBearerToken('  ')).rejects.toThrow(/token/);
  });

  it('fails with "Authentication context is invalid" when who-am-i says signed out', async () => {
    fetchMock.mockImplementation(async () => json({ ...whoAmI, isAuthenticated: false }));
    await expect(useSession.getState().setBearerToken('token-1')).rejects.toThrow(
      authenticationContextInvalid,
    );
    expect(useSession.getState().bearerToken).toBeNull();
  });

  it('clearing the token resets identity and impersonation', async () => {
    fetchMock.mockImplementation(async () => json(whoAmI));
    await useSession.getState().setBearerToken('token-1');
    await useSession.getState().setImpersonatedToken('imp-1');
    expect(isImpersonating()).toBe(true);
    useSession.getState().clearBearerToken();
    const state = useSession.getState();
    expect([state.bearerToken, state.impersonatedToken, state.expiry, state.userID, state.username]).toEqual([
      null,
      null,
      null,
      null,
      null,
    ]);
  });

  it('acting as someone from another corporation sends no tenant-id until who-am-i names theirs, and back', async () => {
    const whoHeaders: Record<string, string>[] = [];
    let acting = false;
    fetchMock.mockImplementation(async (input, init) => {
      const url = input instanceof Request ? input.url : input.toString();
      if (!url.includes('who-am-i')) return json({ imageType: null, data: null });
      whoHeaders.push({ ...(init?.headers as Record<string, string>) });
      return json(acting ? { ...whoAmI, tenantID: 'tenant-2', impersonatedBy: 'Sam Operator' } : whoAmI);
    });
    await useSession.getState().setBearerToken('token-1');
    acting = true;
    await useSession.getState().setImpersonatedToken('acting-1');
    expect(whoHeaders[1]).not.toHaveProperty('tenant-id');
    expect(whoHeaders[1]).toMatchObject({ Impersonation: 'Impersonated acting-1' });
    expect(useSession.getState().tenantID).toBe('tenant-2');
    expect(isImpersonating()).toBe(true);

    acting = false;
    await useSession.getState().clearImpersonation();
    expect(whoHeaders[2]).not.toHaveProperty('tenant-id');
    expect(whoHeaders[2]).not.toHaveProperty('Impersonation');
    expect(useSession.getState().tenantID).toBe('tenant-1');
  });

  it('keeps the session in local storage with version 2, but the return URL in session storage', async () => {
    fetchMock.mockImplementation(async () => json(whoAmI));
    await useSession.getState().setBearerToken('token-1');
    useSession.getState().setReturnUrl('/adm/add');
    const saved = JSON.parse(localStorage.getItem('homeminder:session')!) as {
      version: number;
      state: Record<string, unknown>;
    };
    expect(saved.version).toBe(2);
    expect(saved.state['bearerToken']).toBe('token-1');
    expect(saved.state).not.toHaveProperty('returnUrl');
    expect(sessionStorage.getItem('homeminder:returnUrl')).toBe('/adm/add');
  });

  it('discards a copy saved by an older version', async () => {
    localStorage.setItem(
      'homeminder:session',
      JSON.stringify({ version: 1, state: { bearerToken: 'old', expiry: Date.now() + 60_000 } }),
    );
    await useSession.persist.rehydrate();
    expect(useSession.getState().bearerToken).toBeNull();
  });

  it("forgets the person's tab values on sign-out, a new sign-in and acting as someone, even unread", () => {
    const saved = personalTabStorage<{ results: string }>(() => personOf());
    const keep = () => saved.setItem('bulk', { state: { results: 'Acme rows' }, version: 2 });
    const kept = () => sessionStorage.getItem('homeminder:personal:bulk');
    useSession.setState({
      bearerToken: 'acme-token',
      expiry: Date.now() + 60_000,
      userID: 'u1',
      tenantID: 't1',
    });

    keep();
    expect(kept()).toContain('Acme rows');
    useSession.getState().clearBearerToken();
    expect(kept()).toBeNull();

    useSession.setState({ bearerToken: 'acme-token', userID: 'u1', tenantID: 't1' });
    keep();
    useSession.setState({ bearerToken: 'birch-token' });
    expect(kept()).toBeNull();

    keep();
    useSession.setState({ impersonatedToken: 'acting' });
    expect(kept()).toBeNull();
    keep();
    useSession.setState({ tenantID: 't2' });
    expect(kept()).toContain('Acme rows');
    useSession.setState({ impersonatedToken: null });
    expect(kept()).toBeNull();
  });
});
