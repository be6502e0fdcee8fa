import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../lib/session-store';
import { json } from '../test/fetch';
import { clientLoader, startAddress } from './route-guard';

/** Runs the guard of `path` (under /ui) as the router does; answers where it redirects, or null. */
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

describe('startAddress: the server sends a first visit to the Loading Page', () => {
  it('sends every route but the Loading Page there, carrying the wanted path and query', () => {
    expect(startAddress({ pathname: '/ui/', search: '?x=1' }, '/ui')).toBe('/loading?to=%2F%3Fx%3D1');
    expect(startAddress({ pathname: '/ui/about', search: '' }, '/ui')).toBe('/loading?to=%2Fabout');
    expect(startAddress({ pathname: '/ui/Clients', search: '?page=2' }, '/ui')).toBe(
      '/loading?to=%2FClients%3Fpage%3D2',
    );
    expect(startAddress({ pathname: '/ui/no/such/page', search: '' }, '/ui')).toBe(
      '/loading?to=%2Fno%2Fsuch%2Fpage',
    );
    expect(startAddress({ pathname: '/ui/loading', search: '?to=%2F' }, '/ui')).toBeNull();
  });

  it('leaves prerendered pages, pages rendered whole and addresses outside the base path where they are', () => {
    expect(startAddress({ pathname: '/ui/login', search: '' }, '/ui')).toBeNull();
    expect(startAddress({ pathname: '/ui/ForgotPassword/', search: '' }, '/ui')).toBeNull();
    expect(startAddress({ pathname: '/ui/answer/done', search: '?token=t' }, '/ui')).toBeNull();
    expect(startAddress({ pathname: '/ui/register', search: '?token=t' }, '/ui')).toBeNull();
    expect(startAddress({ pathname: '/ui/Reset/', search: '?token=t' }, '/ui')).toBeNull();
    expect(startAddress({ pathname: '/elsewhere', search: '' }, '/ui')).toBeNull();
  });
});
