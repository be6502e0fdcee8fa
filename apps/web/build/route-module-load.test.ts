import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import vm from 'node:vm';
import { describe, expect, it, vi } from 'vitest';
import { replaceRouteModuleReload } from './route-module-load';

const require = createRequire(import.meta.url);
const dist = path.join(path.dirname(require.resolve('react-router/package.json')), 'dist');

/** React Router's files, both builds, that hold its route module loader. */
const loaderFiles = ['development', 'production'].flatMap((build) =>
  readdirSync(path.join(dist, build))
    .map((name) => path.join(dist, build, name))
    .filter(
      (file) =>
        file.endsWith('.mjs') && readFileSync(file, 'utf8').includes('async function loadRouteModule('),
    ),
);

/**
 * The loader alone, run in a context of its own with a stand-in `window`. A script has no module
 * loader, so its `import()` of the route module fails, as a missing file does.
 */
function loaderOf(code: string, window: unknown) {
  const start = code.indexOf('async function loadRouteModule(');
  // `import.meta.hot` (the dev server's) reads only in a module, and is absent from a build.
  const text = code
    .slice(start, code.indexOf('\nfunction ', start))
    .replaceAll('import.meta.hot', 'undefined');
  return vm.runInNewContext(`${text}\nloadRouteModule`, {
    window,
    Event,
    console: { error: () => undefined },
  }) as (route: { id: string; module: string }, cache: Record<string, unknown>) => Promise<unknown>;
}

describe('a React Router route module that fails to load', () => {
  it('is found once in each build of the installed React Router', () => {
    expect(loaderFiles.length).toBeGreaterThanOrEqual(2);
  });

  it.each(loaderFiles)(
    'reports the failure and returns a module that fails the route, instead of reloading (%s)',
    async (file) => {
      const replaced = replaceRouteModuleReload(readFileSync(file, 'utf8'), file)!;
      const reload = vi.fn();
      const reported: unknown[] = [];
      const window = {
        location: { reload },
        dispatchEvent: (event: Event & { payload?: unknown }) => reported.push([event.type, event.payload]),
      };
      const missing = { id: 'x', module: 'file:///nowhere/route-module-that-is-missing.js' };
      const cache: Record<string, unknown> = {};
      const module = (await loaderOf(replaced, window)(missing, cache)) as Record<string, () => unknown>;
      expect(reported).toHaveLength(1);
      const [[type, failure]] = reported as [[string, unknown]];
      expect(type).toBe('vite:preloadError');
      expect(failure).toBeInstanceOf(Error);
      // Its loader and its screen both fail with the import's error, and nothing is kept for next time.
      expect(() => module['clientLoader']!()).toThrow(failure);
      expect(() => module['default']!()).toThrow(failure);
      expect(cache).toEqual({});
      expect(reload).not.toHaveBeenCalled();
    },
  );

  it('leaves other files alone, and fails the build when the loader reads differently', () => {
    expect(replaceRouteModuleReload('export const x = 1;', '/app/src/x.ts')).toBeNull();
    const changed =
      'async function loadRouteModule(route) {\n  return import(route.module);\n}\nfunction next() {}';
    expect(() => replaceRouteModuleReload(changed, '/n/react-router/dist/production/chunk.mjs')).toThrow(
      /no longer reads as expected/,
    );
  });
});
