import {
  redirect,
  type AppLoadContext,
  type ClientLoaderFunctionArgs,
  type LoaderFunctionArgs,
} from 'react-router';
import { checkUiAccess } from '../lib/access';
import { routerBasename } from '../lib/base-path';
import { returnParam } from '../lib/safe-app-path';
import { serverApi } from '../lib/server-api';
import { isAuthenticated, isHomeowner, useSession } from '../lib/session-store';
import { guardNavigation, type GuardDependencies } from './navigation-guard';
import { prerenderedPaths, routeMetaOfPath } from './route-table';

/**
 * ui-check responses, remembered per token (and tenant, which the request names) so moving between
 * screens does not ask twice.
 */
const uiCheckCache = new Map<string, Promise<boolean>>();

const guardDependencies: GuardDependencies = {
  session: () => {
    const state = useSession.getState();
    return {
      isInit: state.isInit,
      isAuthenticated: isAuthenticated(state),
      isHomeowner: isHomeowner(state),
      setReturnUrl: state.setReturnUrl,
    };
  },
  checkUiAccess: (routeName) => {
    const { bearerToken, impersonatedToken, tenantID } = useSession.getState();
    const key = `${bearerToken}|${impersonatedToken}|${tenantID}|${routeName}`;
    let response = uiCheckCache.get(key);
    if (!response) {
      response = checkUiAccess(routeName);
      uiCheckCache.set(key, response);
      response.catch(() => uiCheckCache.delete(key));
    }
    return response;
  },
};

// Signing out or switching identity forgets the remembered access responses.
useSession.subscribe((state, previous) => {
  if (state.bearerToken !== previous.bearerToken || state.impersonatedToken !== previous.impersonatedToken)
    uiCheckCache.clear();
});

/** The wanted path without the base path, as the route table writes it. */
export function appPath(pathname: string, basename = routerBasename): string {
  if (basename !== '/' && pathname.toLowerCase().startsWith(basename.toLowerCase())) {
    return pathname.slice(basename.length) || '/';
  }
  return pathname;
}

/**
 * Every screen's loader: the navigation rules (navigation-guard.ts) for the route the address
 * opens. It redirects, or lets the screen render.
 */
export async function clientLoader({ request }: ClientLoaderFunctionArgs): Promise<null> {
  const url = new URL(request.url);
  const path = appPath(url.pathname);
  const meta = routeMetaOfPath(path);
  if (!meta) throw new Error(`${path} is not in the route table`);
  const decision = await guardNavigation(meta, path, url.search, guardDependencies);
  if (decision) throw redirect(decision);
  return null;
}

/**
 * Every screen's server loader: the same rules for the page asked for, as the person the session
 * cookie names, with the ui-check asked in-process. A visit with no one signed in is the root
 * loader's (guardSignedOut).
 */
export async function loader({ request, context }: LoaderFunctionArgs<AppLoadContext>): Promise<null> {
  await guardOnServer(request, context);
  return null;
}

/** The navigation rules on the server, for a page rendered for a signed-in person; throws the redirect. */
export async function guardOnServer(request: Request, context: AppLoadContext): Promise<void> {
  const { viewer } = context;
  if (!viewer) return;
  const url = new URL(request.url);
  const path = appPath(url.pathname);
  const meta = routeMetaOfPath(path);
  if (!meta) throw new Error(`${path} is not in the route table`);
  const api = serverApi(context);
  const decision = await guardNavigation(meta, path, url.search, {
    session: () => ({
      isInit: true,
      isAuthenticated: true,
      isHomeowner: viewer.kind === 'client',
      // Kept by the tab: the server sends a person whose session ended to the Loading Page instead.
      setReturnUrl: () => undefined,
    }),
    checkUiAccess: async (uiElement) =>
      (await api.post('/sec/permission/ui-check', { body: { uiElement } })).granted,
  });
  if (decision) throw redirect(decision);
}

/**
 * The navigation rules for a page asked for by no one signed in (no session cookie): the server
 * has initialised the app, so a protected page responds with Login at once, with the query string
 * as the rules keep it, and where the visitor was going in `to` (the tab's return address is
 * browser storage, which Login fills from it). Null lets the page render for no one. A prerendered
 * page (the sign-in pages) and addresses outside the base path are left alone.
 */
export async function guardSignedOut(
  location: { pathname: string; search: string },
  basename = routerBasename,
): Promise<string | null> {
  if (!location.pathname.toLowerCase().startsWith(basename.toLowerCase())) return null;
  const path = appPath(location.pathname, basename);
  if (prerenderedPaths.includes(path.toLowerCase().replace(/(.)\/+$/, '$1'))) return null;
  const meta = routeMetaOfPath(path);
  if (!meta) return null;
  let returnUrl = '';
  const decision = await guardNavigation(meta, path, location.search, {
    session: () => ({ isInit: true, isAuthenticated: false, setReturnUrl: (url) => (returnUrl = url) }),
    checkUiAccess: () => Promise.resolve(false),
  });
  // The start page is where signing in leads anyway.
  if (!decision || !returnUrl || returnUrl === '/') return decision;
  return `${decision}${decision.includes('?') ? '&' : '?'}${returnParam}=${encodeURIComponent(returnUrl)}`;
}
