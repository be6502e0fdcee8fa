// Built for Node at build time (the prerender plugin in vite.config.ts), never for the browser:
// draws the sign-in screens, and the signed-in frame of Home and the client grid, to HTML, so the
// browser paints them before the app's code arrives.
import { renderToString } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  StaticRouterProvider,
  type RouteObject,
} from 'react-router';
import { routerBasename } from '../lib/base-path';
import { PrerenderContext } from '../lib/prerender';
import type { ComponentType } from 'react';
import { LoginLayout } from './layouts/layouts';
import { ClientsLayout, PortalLayout } from './layouts/portal-layouts';
import { pageTitle, RootLayout } from './layouts/root-layout';
import { Providers } from './providers';
import { metaOf, routeGroups } from './route-table';

/**
 * The screens drawn ahead and their modules. The sign-in screens are whole (one card, no session,
 * nothing to ask the server). Home and the client grid are drawn as the app first draws them for a
 * person it does not know yet: the frame, the heading and the screen waiting for its data
 * (docs/decisions/044). `file` names the page in dist/pages/, `modules` the code it preloads; an `inert` page
 * cannot be used until the app has taken it over (its buttons would do nothing); `ahead` is a
 * script of its own the page runs before the app (Home's numbers, decision 048).
 */
export const prerenderedPages = [
  { path: '/login', file: 'login', modules: ['features/auth/login-page.tsx'] },
  {
    path: '/forgotpassword',
    file: 'forgotpassword',
    modules: ['features/auth/forgot-password-page.tsx'],
  },
  {
    path: '/',
    // Not `home`: the server answers pages/<name>.html for /ui/<name>, and /ui/home is no route.
    file: '_home',
    modules: ['app/layouts/portal-layouts.tsx', 'features/home/home-page.tsx'],
    inert: true,
    ahead: 'features/home/draw-figures-ahead.ts',
  },
  {
    path: '/clients',
    file: 'clients',
    modules: ['app/layouts/portal-layouts.tsx', 'features/clients/clients-page.tsx'],
    inert: true,
  },
] as const;

/** The layouts a drawn screen may sit in: the sign-in card and the signed-in frames. */
const drawnLayouts: Partial<Record<string, ComponentType>> = {
  login: LoginLayout,
  portal: PortalLayout,
  clients: ClientsLayout,
};

export interface PrerenderedPage {
  /** The tab's title, as the app sets it. */
  title: string;
  /** What the app draws into its root element. */
  html: string;
}

export async function renderPage(path: string): Promise<PrerenderedPage> {
  const group = routeGroups.find((candidate) => candidate.routes.some((route) => route.path === path));
  const route = group?.routes.find((candidate) => candidate.path === path);
  const Layout = group && drawnLayouts[group.layout];
  if (!group || !route || !Layout) throw new Error(`${path} is not a screen that can be drawn ahead`);
  const meta = metaOf(route, group);
  const { Component } = await route.page();
  // The same nesting as the app's router (root, layout, screen), so the markup matches.
  const routes: RouteObject[] = [
    {
      path: '/',
      Component: RootLayout,
      children: [
        path === '/'
          ? { Component: Layout, children: [{ index: true, handle: meta, Component }] }
          : { Component: Layout, children: [{ path: path.slice(1), handle: meta, Component }] },
      ],
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
