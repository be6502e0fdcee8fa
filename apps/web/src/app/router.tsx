import type { ComponentType } from 'react';
import {
  createBrowserRouter,
  matchRoutes,
  redirect,
  type LoaderFunctionArgs,
  type RouteObject,
} from 'react-router';
import { checkUiAccess } from '../lib/access';
import { routerBasename } from '../lib/base-path';
import { lazyPage } from '../lib/lazy-page';
import { isAuthenticated, useSession } from '../lib/session-store';
import { BareLayout, LoginLayout, PublicLayout } from './layouts/layouts';
import { RootLayout } from './layouts/root-layout';
import { guardNavigation, loadingPageFirst, type GuardDependencies } from './navigation-guard';
import { RouteErrorBoundary } from './route-error-boundary';
import { metaOf, routeGroups, type LayoutName, type RouteMeta } from './route-table';

/**
 * Each layout's code. The signed-in shell (header, menus, navigation, flyout) loads with the first
 * screen that uses it, so the sign-in and other public pages never download it; the small public
 * layouts come with the app, so that the Loading Page and the sign-in page draw without waiting.
 */
const layoutModules: Record<LayoutName, () => Promise<{ Component: ComponentType }>> = {
  portal: lazyPage(() => import('./layouts/portal-layouts').then((m) => ({ Component: m.PortalLayout }))),
  admin: lazyPage(() => import('./layouts/portal-layouts').then((m) => ({ Component: m.AdminLayout }))),
  clients: lazyPage(() => import('./layouts/portal-layouts').then((m) => ({ Component: m.ClientsLayout }))),
  system: lazyPage(() => import('./layouts/portal-layouts').then((m) => ({ Component: m.SystemLayout }))),
  public: () => Promise.resolve({ Component: PublicLayout }),
  login: () => Promise.resolve({ Component: LoginLayout }),
  bare: () => Promise.resolve({ Component: BareLayout }),
};

/**
 * ui-check answers, remembered per token (and tenant, which the request names) so moving between
 * screens does not ask twice.
 */
const uiCheckCache = new Map<string, Promise<boolean>>();

const guardDependencies: GuardDependencies = {
  session: () => {
    const state = useSession.getState();
    return {
      isInit: state.isInit,
      isAuthenticated: isAuthenticated(state),
      setReturnUrl: state.setReturnUrl,
    };
  },
  checkUiAccess: (routeName) => {
    const { bearerToken, impersonatedToken, tenantID } = useSession.getState();
    const key = `${bearerToken}|${impersonatedToken}|${tenantID}|${routeName}`;
    let answer = uiCheckCache.get(key);
    if (!answer) {
      answer = checkUiAccess(routeName);
      uiCheckCache.set(key, answer);
      answer.catch(() => uiCheckCache.delete(key));
    }
    return answer;
  },
};

/** The wanted path without the base path, as the route table writes it. */
export function appPath(pathname: string, basename = routerBasename): string {
  if (basename !== '/' && pathname.toLowerCase().startsWith(basename.toLowerCase())) {
    return pathname.slice(basename.length) || '/';
  }
  return pathname;
}

const ignoreFailure = () => undefined;

/**
 * On a first visit the wanted screen's ui-check is asked beside who-am-i rather than after it: it
 * needs only the saved token. The guard takes the remembered answer once the app is initialised,
 * if the token and tenant are still the same (who-am-i may change the tenant; signing out empties
 * the cache). Not while acting as another user, whose end both requests would report.
 */
function askUiCheckAhead(meta: RouteMeta): void {
  const session = useSession.getState();
  if (!meta.protected || !meta.name || meta.skipUiCheck) return;
  if (!isAuthenticated(session) || session.impersonatedToken) return;
  void guardDependencies.checkUiAccess(meta.name).catch(ignoreFailure);
}

/**
 * A first visit passes through the Loading Page: the wanted screen's code downloads meanwhile,
 * unless the screen needs a session there is none of (it would go to Login).
 */
function beforeLoadingPage(meta: RouteMeta, preload: () => void): void {
  if (meta.protected && !isAuthenticated(useSession.getState())) return;
  preload();
  askUiCheckAhead(meta);
}

function guardedLoader(meta: RouteMeta, preload: () => void) {
  return async ({ request }: LoaderFunctionArgs) => {
    const url = new URL(request.url);
    const decision = await guardNavigation(meta, appPath(url.pathname), url.search, guardDependencies);
    if (decision) {
      if (decision.startsWith('/loading')) beforeLoadingPage(meta, preload);
      throw redirect(decision);
    }
    return null;
  };
}

/** Each page route's early download of its code, for the first visit's stop at the Loading Page. */
const preloadOfRoute = new WeakMap<RouteObject, () => void>();

/** Turns the route table into the router's routes: aliases, guards, metadata and lazy screens. */
export function buildRoutes(): RouteObject[] {
  const layoutRoutes: RouteObject[] = routeGroups.map((group) => ({
    lazy: layoutModules[group.layout],
    children: group.routes.flatMap((route) => {
      const meta = metaOf(route, group);
      // A failed early download is not an error: the navigation itself loads the code again.
      const preload = () => {
        void layoutModules[group.layout]().catch(ignoreFailure);
        void route.page().catch(ignoreFailure);
      };
      return [route.path, ...(route.aliases ?? [])].map((path): RouteObject => {
        const routeObject: RouteObject = {
          ...(path === '/' ? { index: true } : { path }),
          handle: meta,
          loader: guardedLoader(meta, preload),
          lazy: route.page,
        };
        preloadOfRoute.set(routeObject, preload);
        return routeObject;
      });
    }),
  }));

  return [
    {
      path: '/',
      Component: RootLayout,
      ErrorBoundary: RouteErrorBoundary,
      HydrateFallback: () => null,
      children: [
        { path: '/sys', loader: () => redirect('/sys/notifications') },
        // Always forwards to Home, keeping the query string (SPEC.md section 2).
        {
          path: '/ImpersonationRedirect',
          loader: ({ request }) => redirect(`/${new URL(request.url).search}`),
        },
        ...layoutRoutes,
      ],
    },
  ];
}

/**
 * Where the app starts instead of `location` (with the base path), or null: the first visit's stop
 * at the Loading Page (navigation rule 1), taken before the router starts. Taken by the wanted
 * route's loader, the router would act on it only once that route's code had arrived (it waits for
 * a route's lazy parts before it uses its loader's answer), so the Loading Page, and who-am-i with
 * it, waited for the screen's chunks.
 */
export function startAddress(
  routes: RouteObject[],
  location: { pathname: string; search: string },
  basename = routerBasename,
): string | null {
  const route = matchRoutes(routes, location.pathname, basename)?.at(-1)?.route;
  const meta = route?.handle as RouteMeta | undefined;
  if (!route || !meta) return null;
  const wanted = `${appPath(location.pathname, basename)}${location.search}`;
  const loadingPage = loadingPageFirst(meta, wanted, useSession.getState().isInit);
  if (!loadingPage) return null;
  const preload = preloadOfRoute.get(route);
  if (preload) beforeLoadingPage(meta, preload);
  return `${basename.replace(/\/$/, '')}${loadingPage}`;
}

/**
 * The app's router, started at the address the app starts at. Built when the app starts rather than
 * as this module loads: matching the address against every route is a good part of the start's
 * work, and src/app/main.tsx gives it a task of its own.
 */
export function createAppRouter(routes: RouteObject[] = startingRoutes()) {
  return createBrowserRouter(routes, { basename: routerBasename });
}

/**
 * The routes, with the address moved to the Loading Page if the app starts there: the first half of
 * `createAppRouter`, which a drawn page runs in a task of its own (decision 047).
 */
export function startingRoutes(): RouteObject[] {
  const routes = buildRoutes();
  const startAt = startAddress(routes, window.location);
  if (startAt) window.history.replaceState(window.history.state, '', startAt);
  return routes;
}

export type AppRouter = ReturnType<typeof createAppRouter>;

// Signing out or switching identity forgets the remembered access answers.
useSession.subscribe((state, previous) => {
  if (state.bearerToken !== previous.bearerToken || state.impersonatedToken !== previous.impersonatedToken)
    uiCheckCache.clear();
});
