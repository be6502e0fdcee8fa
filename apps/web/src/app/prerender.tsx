// Built for Node at build time (the prerender plugin in vite.config.ts), never for the browser:
// draws the sign-in screens to HTML, so the browser paints them before the app's code arrives.
import { renderToString } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  StaticRouterProvider,
  type RouteObject,
} from 'react-router';
import { routerBasename } from '../lib/base-path';
import { PrerenderContext } from '../lib/prerender';
import { LoginLayout } from './layouts/layouts';
import { pageTitle, RootLayout } from './layouts/root-layout';
import { Providers } from './providers';
import { metaOf, routeGroups } from './route-table';

/** The screens drawn ahead (one card, no session, nothing to ask the server) and their modules. */
export const prerenderedPages = [
  { path: '/login', module: 'features/auth/login-page.tsx' },
  { path: '/forgotpassword', module: 'features/auth/forgot-password-page.tsx' },
] as const;

export interface PrerenderedPage {
  /** The tab's title, as the app sets it. */
  title: string;
  /** What the app draws into its root element. */
  html: string;
}

export async function renderPage(path: string): Promise<PrerenderedPage> {
  const group = routeGroups.find((candidate) => candidate.layout === 'login');
  const route = group?.routes.find((candidate) => candidate.path === path);
  if (!group || !route) throw new Error(`${path} is not a sign-in screen`);
  const meta = metaOf(route, group);
  const { Component } = await route.page();
  // The same nesting as the app's router (root, layout, screen), so the markup matches.
  const routes: RouteObject[] = [
    {
      path: '/',
      Component: RootLayout,
      children: [{ Component: LoginLayout, children: [{ path: path.slice(1), handle: meta, Component }] }],
    },
  ];
  const handler = createStaticHandler(routes, { basename: routerBasename });
  const context = await handler.query(new Request(`http://localhost${routerBasename}${path}`));
  if (context instanceof Response) throw new Error(`${path} answered ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(
    <PrerenderContext value>
      <Providers>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </Providers>
    </PrerenderContext>,
  );
  return { title: pageTitle(meta.title), html };
}
