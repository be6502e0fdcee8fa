import { index, layout, route, type RouteConfig } from '@react-router/dev/routes';
import { layoutFiles, routeGroups, routeKey } from './route-table';

/**
 * The router's routes, made from the route table: each group is a layout, each path and alias a
 * route of the group's screen, named by its path (route-table.ts finds its metadata by address).
 */
export default [
  route('sys', 'routes/sys-redirect.tsx', { id: 'sys-redirect' }),
  // Always forwards to Home, keeping the query string.
  route('ImpersonationRedirect', 'routes/impersonation-redirect.tsx', { id: 'impersonation-redirect' }),
  ...routeGroups.map((group) =>
    layout(
      layoutFiles[group.layout],
      { id: `layout-${group.layout}` },
      group.routes.flatMap((page) =>
        [page.path, ...(page.aliases ?? [])].map((path) =>
          path === '/'
            ? index(page.file, { id: routeKey(path) })
            : route(path.replace(/^\//, ''), page.file, { id: routeKey(path) }),
        ),
      ),
    ),
  ),
] satisfies RouteConfig;
