import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../lib/session-store';
import { json } from '../test/fetch';
import { clientLoader, guardSignedOut } from './route-guard';

/** Runs the guard of `path` (under /ui) as the router does; returns where it redirects, or null. */
async function visit(path: string): Promise<string | null> {
  const url = new URL(`http://localhost/ui${path}`);
  try {
    await clientLoader({
      request: new Request(url),
      url,
      pattern: '',
      params: {},
      context: undefined,
      serverLoader: () => Promise.reject(new Error('no server')),
    });
    return null;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.headers.get('Location');
    throw thrown;
  }
}

const fetchMock = vi.fn<typeof fetch>();
const uiChecks = () =>
  fetchMock.mock.calls.filter(([input]) =>
    (input instanceof Request ? input.url : input.toString()).includes('ui-check'),
  );

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockImplementation(async () => json({ granted: true, results: {} }));
});
afterEach(() => {
  useSession.getState().clearBearerToken();
  useSession.setState({ isInit: false });
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

let tokens = 0;
const signIn = () =>
  useSession.setState({
    bearerToken: `token-${++tokens}`,
    expiry: Date.now() + 3_600_000,
    tenantID: 'tenant-1',
    impersonatedToken: null,
    isInit: true,
  });

describe("every screen's loader applies the navigation rules", () => {
  it('sends an app not initialised yet to the Loading Page with the wanted path (rule 1)', async () => {
    expect(await visit('/about?x=1')).toBe('/loading?to=%2Fabout%3Fx%3D1');
  });

  it('sends a signed-out visitor of a protected screen to Login (rule 2)', async () => {
    useSession.setState({ isInit: true });
    expect(await visit('/adm/manage-users')).toBe('/login');
    expect(await visit('/?a=1')).toBe('/login?a=1');
  });

  it("asks the server's ui-check by route name once per token, and lets a granted screen render (rule 3)", async () => {
    signIn();
    expect(await visit('/clients')).toBeNull();
    expect(await visit('/clients?page=2')).toBeNull();
    expect(uiChecks()).toHaveLength(1);
    expect(JSON.parse(uiChecks()[0]![1]!.body as string)).toEqual({ uiElement: 'clients:info' });
  });

  it('sends a refused user to Access Denied with the origin path', async () => {
    signIn();
    fetchMock.mockImplementation(async () => json({ granted: false, results: {} }));
    expect(await visit('/adm/audit')).toBe('/access-denied?from=%2Fadm%2Faudit');
  });

  it('finds the route of an alias and of an unknown address', async () => {
    useSession.setState({ isInit: true });
    expect(await visit('/logoff')).toBeNull();
    expect(await visit('/no/such/page')).toBeNull();
  });
});

describe('guardSignedOut: the navigation rules on the server for a visit with no session cookie', () => {
  it('responds to a protected page with Login, carrying where the visitor was going', async () => {
    expect(await guardSignedOut({ pathname: '/ui/adm/manage-users', search: '' }, '/ui')).toBe(
      '/login?to=%2Fadm%2Fmanage-users',
    );
    expect(await guardSignedOut({ pathname: '/ui/Adm/Manage-Users/', search: '?x=1' }, '/ui')).toBe(
      '/login?to=%2FAdm%2FManage-Users%2F%3Fx%3D1',
    );
  });

  it('keeps the query string of Default on Login, and needs no return address for the start page', async () => {
    expect(await guardSignedOut({ pathname: '/ui/', search: '?a=1&b=two' }, '/ui')).toBe(
      '/login?a=1&b=two&to=%2F%3Fa%3D1%26b%3Dtwo',
    );
    expect(await guardSignedOut({ pathname: '/ui/', search: '' }, '/ui')).toBe('/login');
  });

  it('carries no return address for a page never returned to (the client grid)', async () => {
    expect(await guardSignedOut({ pathname: '/ui/clients', search: '?page=2' }, '/ui')).toBe('/login');
    expect(await guardSignedOut({ pathname: '/ui/clients', search: '?open=c-1' }, '/ui')).toBe(
      '/login?to=%2Fclients%3Fopen%3Dc-1',
    );
  });

  it('lets public pages, the 404 page and the Loading Page render for no one', async () => {
    for (const pathname of [
      '/ui/about',
      '/ui/no/such/page',
      '/ui/loading',
      '/ui/answer/done',
      '/ui/register',
    ])
      expect(await guardSignedOut({ pathname, search: '?x=1' }, '/ui')).toBeNull();
  });

  it('leaves prerendered pages and addresses outside the base path alone', async () => {
    expect(await guardSignedOut({ pathname: '/ui/login', search: '' }, '/ui')).toBeNull();
    expect(await guardSignedOut({ pathname: '/ui/ForgotPassword/', search: '' }, '/ui')).toBeNull();
    expect(await guardSignedOut({ pathname: '/elsewhere', search: '' }, '/ui')).toBeNull();
  });
});
