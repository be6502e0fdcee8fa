import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/api-error';
import { guardNavigation, type GuardDependencies } from './navigation-guard';
import type { RouteMeta } from './route-table';

const route = (overrides: Partial<RouteMeta> = {}): RouteMeta => ({
  name: 'adm:add',
  title: 'Add Accounts',
  protected: true,
  noReturn: false,
  skipUiCheck: false,
  skipInit: false,
  ...overrides,
});

function dependencies(
  session: { isInit?: boolean; isAuthenticated?: boolean; isHomeowner?: boolean },
  check: GuardDependencies['checkUiAccess'] = async () => true,
) {
  const setReturnUrl = vi.fn();
  const deps: GuardDependencies = {
    session: () => ({
      isInit: session.isInit ?? true,
      isAuthenticated: session.isAuthenticated ?? true,
      isHomeowner: session.isHomeowner ?? false,
      setReturnUrl,
    }),
    checkUiAccess: vi.fn(check),
  };
  return { deps, setReturnUrl };
}

describe('guardNavigation', () => {
  it('sends an uninitialised app to the Loading Page with the wanted path and query (rule 1)', async () => {
    const { deps } = dependencies({ isInit: false });
    expect(await guardNavigation(route({ protected: false }), '/about', '?x=1', deps)).toBe(
      '/loading?to=%2Fabout%3Fx%3D1',
    );
  });

  it('lets the Loading Page itself open before initialisation', async () => {
    const { deps } = dependencies({ isInit: false });
    expect(
      await guardNavigation(route({ protected: false, skipInit: true }), '/loading', '', deps),
    ).toBeNull();
  });

  it('opens public routes without asking the server', async () => {
    const { deps } = dependencies({ isAuthenticated: false });
    expect(
      await guardNavigation(route({ protected: false, name: undefined }), '/about', '', deps),
    ).toBeNull();
    expect(deps.checkUiAccess).not.toHaveBeenCalled();
  });

  it('sends a signed-out user to Login and remembers where they were going (rules 2 and 5)', async () => {
    const { deps, setReturnUrl } = dependencies({ isAuthenticated: false });
    expect(await guardNavigation(route(), '/adm/add', '?tab=2', deps)).toBe('/login');
    expect(setReturnUrl).toHaveBeenCalledWith('/adm/add?tab=2');
  });

  it('keeps the query string when Default sends to Login', async () => {
    const { deps } = dependencies({ isAuthenticated: false });
    expect(await guardNavigation(route({ name: 'Default' }), '/', '?ref=email', deps)).toBe(
      '/login?ref=email',
    );
  });

  it('does not remember no-return routes', async () => {
    const { deps, setReturnUrl } = dependencies({ isAuthenticated: false });
    expect(await guardNavigation(route({ name: 'clients:info', noReturn: true }), '/clients', '', deps)).toBe(
      '/login',
    );
    expect(setReturnUrl).not.toHaveBeenCalled();
  });

  it("remembers a client's own address on the way to Login, though not the client grid's", async () => {
    const { deps, setReturnUrl } = dependencies({ isAuthenticated: false });
    const clients = route({ name: 'clients:info', noReturn: true, returnWith: 'open' });
    expect(await guardNavigation(clients, '/clients', '?status=pending', deps)).toBe('/login');
    expect(setReturnUrl).not.toHaveBeenCalled();
    expect(await guardNavigation(clients, '/clients', '?open=c-1', deps)).toBe('/login');
    expect(setReturnUrl).toHaveBeenCalledWith('/clients?open=c-1');
  });

  it('asks the server by route name and opens the route when granted (rule 3)', async () => {
    const { deps } = dependencies({});
    expect(await guardNavigation(route(), '/adm/add', '', deps)).toBeNull();
    expect(deps.checkUiAccess).toHaveBeenCalledWith('adm:add');
  });

  it('sends a signed-in user who is refused to Access Denied with the origin path', async () => {
    const { deps } = dependencies({}, async () => false);
    expect(await guardNavigation(route(), '/adm/add', '', deps)).toBe('/access-denied?from=%2Fadm%2Fadd');
  });

  it('skips the check where the route says so', async () => {
    const { deps } = dependencies({}, async () => false);
    expect(await guardNavigation(route({ skipUiCheck: true }), '/adm/manage-act', '', deps)).toBeNull();
    expect(deps.checkUiAccess).not.toHaveBeenCalled();
  });

  it('goes to Unexpected Error when the check itself fails (rule 4)', async () => {
    const { deps } = dependencies({}, async () => {
      throw new ApiError(['The server could not be reached.'], 0);
    });
    expect(await guardNavigation(route(), '/adm/add', '', deps)).toBe('/unexpected-error?from=%2Fadm%2Fadd');
  });

  it('goes to Login when the server no longer accepts the token', async () => {
    const { deps } = dependencies({}, async () => {
      throw new ApiError(['Your session has ended.'], 401);
    });
    expect(await guardNavigation(route(), '/adm/add', '', deps)).toBe('/login');
  });

  it("starts a homeowner on their own page instead of the staff's Home", async () => {
    const { deps } = dependencies({ isHomeowner: true });
    expect(await guardNavigation(route({ name: 'Default' }), '/', '', deps)).toBe('/my-home');
    expect(deps.checkUiAccess).not.toHaveBeenCalled();
  });

  it("sends a homeowner who types a staff address to Access Denied, by the server's ui-check", async () => {
    const { deps } = dependencies({ isHomeowner: true }, async (name) => name.startsWith('homeowner:'));
    expect(await guardNavigation(route({ name: 'clients:info' }), '/clients', '', deps)).toBe(
      '/access-denied?from=%2Fclients',
    );
    expect(await guardNavigation(route({ name: 'homeowner:home' }), '/my-home', '', deps)).toBeNull();
  });
});
