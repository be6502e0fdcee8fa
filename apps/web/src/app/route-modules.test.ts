import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { routeModules } from '../../build/route-chunks';
import { routeGroups } from './route-table';

const here = path.dirname(fileURLToPath(import.meta.url));
const modules = routeModules(path.join(here, 'route-table.ts'), path.join(here, 'router.tsx'));
const src = path.resolve(here, '..');

describe('the build reading the route table (build/route-chunks.ts)', () => {
  it('finds every route and alias but the catch-all', () => {
    const paths = routeGroups.flatMap((group) =>
      group.routes.flatMap((route) => [route.path, ...(route.aliases ?? [])]),
    );
    expect([...modules.keys()].sort()).toEqual(paths.filter((routePath) => routePath !== '*').sort());
  });

  it('answers the layout and the screen each route loads lazily', () => {
    const layouts = path.join(src, 'app/layouts/portal-layouts');
    expect(modules.get('/')).toEqual([layouts, path.join(src, 'features/home/home-page')]);
    expect(modules.get('/clients')).toEqual([layouts, path.join(src, 'features/clients/clients-page')]);
    expect(modules.get('/adm/add/corp')).toEqual([
      layouts,
      path.join(src, 'features/admin/add-accounts-page'),
    ]);
    expect(modules.get('/sys/notification/:pageSize?/:page?')).toEqual([
      layouts,
      path.join(src, 'features/notifications/manage-notifications-page'),
    ]);
    expect(modules.get('/login')).toEqual([path.join(src, 'features/auth/login-page')]);
    // In the entry: nothing to preload.
    expect(modules.get('/loading')).toEqual([]);
  });
});
