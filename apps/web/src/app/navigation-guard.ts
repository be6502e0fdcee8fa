import { ApiError } from '../lib/api-error';
import { RouteName } from '@homeminder/shared/routes';
import { returnParam } from '../lib/safe-app-path';
import type { RouteMeta } from './route-table';

/** Where a homeowner starts: their own page. */
export const homeownerStart = '/my-home';

export interface GuardSession {
  isInit: boolean;
  isAuthenticated: boolean;
  /** A homeowner (a client), whose start page is their own (docs/decisions/062). */
  isHomeowner?: boolean;
  setReturnUrl: (url: string) => void;
}

export interface GuardDependencies {
  session: () => GuardSession;
  /** The server's ui-check by route name. */
  checkUiAccess: (routeName: string) => Promise<boolean>;
}

/** Where the guard sends the user, as an app path (without the base path); null lets them in. */
export type GuardDecision = string | null;

/** Rule 1: until the app is initialised, every route but the Loading Page sends there first. */
function loadingPageFirst(meta: RouteMeta, wanted: string, isInit: boolean): GuardDecision {
  return !isInit && !meta.skipInit ? `/loading?${returnParam}=${encodeURIComponent(wanted)}` : null;
}

/**
 * The navigation rules of docs/requirements.md §3, in one place. `path` and `search` are the wanted
 * route's, without the base path.
 */
export async function guardNavigation(
  meta: RouteMeta,
  path: string,
  search: string,
  deps: GuardDependencies,
): Promise<GuardDecision> {
  const session = deps.session();
  const wanted = `${path}${search}`;

  const loadingPage = loadingPageFirst(meta, wanted, session.isInit);
  if (loadingPage) return loadingPage;
  if (!meta.protected) return null;

  // Rule 2: protected routes need a signed-in user; Default keeps the query string.
  if (!session.isAuthenticated) return toLogin(meta, path, search, session);

  // The portal's start page is a homeowner's own page, not the staff's Home.
  if (session.isHomeowner && meta.name === RouteName.Default) return homeownerStart;

  // Rules 3 and 4: the server decides whether this user may open the route.
  if (meta.name && !meta.skipUiCheck) {
    let granted: boolean;
    try {
      granted = await deps.checkUiAccess(meta.name);
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return toLogin(meta, path, search, session);
      return `/unexpected-error?from=${encodeURIComponent(wanted)}`;
    }
    if (!granted) {
      // The token may have ended while the check ran.
      if (!deps.session().isAuthenticated) return toLogin(meta, path, search, session);
      return `/access-denied?from=${encodeURIComponent(wanted)}`;
    }
  }
  return null;
}

function toLogin(meta: RouteMeta, path: string, search: string, session: GuardSession): string {
  // Remember where the user was going, so signing in takes them there.
  if (!meta.noReturn || (meta.returnWith && new URLSearchParams(search).has(meta.returnWith)))
    session.setReturnUrl(`${path}${search}`);
  return path === '/' ? `/login${search}` : '/login';
}
