import { matchRoutes, type LoaderFunction } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../lib/session-store';
import { buildRoutes, startAddress } from './router';

const routes = buildRoutes();

/** Runs the guard of `path` as the router does; answers where it redirects, or null. */
async function visit(path: string): Promise<string | null> {
  const route = matchRoutes(routes, path)?.at(-1)?.route;
  const loader = route?.loader as LoaderFunction;
  try {
    const url = new URL(`http://localhost${path}`);
    await loader({ request: new Request(url), url, pattern: path, params: {}, context: undefined });
    return null;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.headers.get('Location');
    throw thrown;
  }
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const fetchMock = vi.fn<typeof fetch>();

/**
 * The describing block's requests go to `fetchMock`, which grants every ui-check (the early
 * download of the screens' code is not under test); each test ends signed out.
 */
function answerRequestsWithFetchMock() {
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
}

describe('the ui-check on a first visit', () => {
  const uiChecks = () =>
    fetchMock.mock.calls
      .filter(([input]) => (input instanceof Request ? input.url : input.toString()).includes('ui-check'))
      .map(([, init]) => init);
  let tokens = 0;
  const signIn = (state: Partial<ReturnType<typeof useSession.getState>> = {}) =>
    useSession.setState({
      bearerToken: `token-${++tokens}`,
      expiry: Date.now() + 3_600_000,
      tenantID: 'tenant-1',
      impersonatedToken: null,
      isInit: false,
      ...state,
    });
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

  answerRequestsWithFetchMock();

  it('is asked while the app initialises, and its answer used once it has', async () => {
    signIn();
    expect(await visit('/clients')).toBe('/loading?to=%2Fclients');
    expect(uiChecks()).toHaveLength(1);
    const request = uiChecks()[0]!;
    expect(JSON.parse(request.body as string)).toEqual({ uiElement: 'clients:info' });
    expect(new Headers(request.headers).get('Authorization')).toBe(`Bearer token-${tokens}`);

    useSession.setState({ isInit: true });
    expect(await visit('/clients')).toBeNull();
    expect(uiChecks()).toHaveLength(1);
  });

  it('is asked again when who-am-i names another tenant', async () => {
    signIn();
    await visit('/');
    useSession.setState({ isInit: true, tenantID: 'tenant-2' });
    expect(await visit('/')).toBeNull();
    expect(uiChecks()).toHaveLength(2);
    expect(new Headers(uiChecks()[1]!.headers).get('tenant-id')).toBe('tenant-2');
  });

  it('is not used once initialising has signed the user out', async () => {
    signIn();
    await visit('/');
    useSession.getState().clearBearerToken();
    useSession.setState({ isInit: true });
    expect(await visit('/')).toBe('/login');
    expect(uiChecks()).toHaveLength(1);
  });

  it('is asked again after an early failure', async () => {
    signIn();
    fetchMock.mockImplementationOnce(async () => json({ Errors: ['Down'] }, 500));
    await visit('/clients');
    await settle();
    useSession.setState({ isInit: true });
    expect(await visit('/clients')).toBeNull();
    expect(uiChecks()).toHaveLength(2);
  });

  it('is asked when a first visit starts at the Loading Page before the router runs', () => {
    signIn();
    expect(startAddress(routes, { pathname: '/ui/Clients', search: '?page=2' }, '/ui')).toBe(
      '/ui/loading?to=%2FClients%3Fpage%3D2',
    );
    expect(uiChecks()).toHaveLength(1);
    expect(JSON.parse(uiChecks()[0]!.body as string)).toEqual({ uiElement: 'clients:info' });
  });

  it('is not asked early when it would not be asked, nor while acting as another user', async () => {
    signIn({ impersonatedToken: 'other-user' });
    await visit('/clients');
    signIn();
    await visit('/adm/manage-act');
    await visit('/about');
    useSession.getState().clearBearerToken();
    expect(await visit('/clients')).toBe('/loading?to=%2Fclients');
    expect(uiChecks()).toHaveLength(0);
  });
});

describe('startAddress: a first visit stops at the Loading Page before the router starts', () => {
  afterEach(() => useSession.setState({ isInit: false }));

  it('sends every route but the Loading Page there, carrying the wanted path and query', () => {
    expect(startAddress(routes, { pathname: '/ui/', search: '?x=1' }, '/ui')).toBe(
      '/ui/loading?to=%2F%3Fx%3D1',
    );
    expect(startAddress(routes, { pathname: '/ui/about', search: '' }, '/ui')).toBe(
      '/ui/loading?to=%2Fabout',
    );
    expect(startAddress(routes, { pathname: '/ui/no/such/page', search: '' }, '/ui')).toBe(
      '/ui/loading?to=%2Fno%2Fsuch%2Fpage',
    );
    expect(startAddress(routes, { pathname: '/ui/loading', search: '?to=%2F' }, '/ui')).toBeNull();
  });

  it('leaves an initialised app, and addresses outside the base path, to the router', () => {
    expect(startAddress(routes, { pathname: '/elsewhere', search: '' }, '/ui')).toBeNull();
    useSession.setState({ isInit: true });
    expect(startAddress(routes, { pathname: '/ui/about', search: '' }, '/ui')).toBeNull();
  });
});
