import type { Plugin } from 'vite';

/**
 * React Router's framework mode reloads the page whenever a route module fails to import
 * (`loadRouteModule`), with no limit: a code file missing during a rolling upgrade reloads the
 * page for as long as it is missing. The framework has no option for it, so the build makes the
 * loader report the failure as Vite reports a lazily loaded file that did not arrive (the
 * `vite:preloadError` event, with the error as its `payload`) and return a module whose loader and
 * screen throw it. A module that loads, rather than a throw, lets the navigation go on to the
 * route's error boundary: the server-rendered app's navigation waits for each route to load and
 * never ends when one throws. The app learns what failed from the event: the error screen reloads
 * once, then offers a reload (`src/lib/chunk-reload.ts`, docs/decisions/073). A React Router whose
 * loader reads differently fails the build rather than looping again unseen.
 */
const loaderStart = 'async function loadRouteModule(';
const reload = 'window.location.reload();';

/** React Router's code with its endless reload replaced by the event and a failing module; null for any other file. */
export function replaceRouteModuleReload(code: string, id: string): string | null {
  const start = code.indexOf(loaderStart);
  if (start < 0 || !/[\\/]react-router[\\/]dist[\\/]/.test(id)) return null;
  // The loader runs up to the next top-level function.
  const end = code.indexOf('\nfunction ', start + 1);
  const loader = code.slice(start, end < 0 ? undefined : end);
  const error = /catch \((\w+)\) \{/.exec(loader)?.[1];
  if (!error || loader.split(reload).length !== 2)
    throw new Error(
      `React Router's loadRouteModule no longer reads as expected in ${id}: check build/route-module-load.ts`,
    );
  const report = `window.dispatchEvent(Object.assign(new Event("vite:preloadError"), { payload: ${error} })); return { default() { throw ${error}; }, clientLoader() { throw ${error}; } };`;
  return code.slice(0, start) + loader.replace(reload, report) + (end < 0 ? '' : code.slice(end));
}

export function routeModuleLoadThrows(): Plugin {
  return {
    name: 'homeminder:route-module-load-throws',
    transform(code, id) {
      const replaced = replaceRouteModuleReload(code, id);
      return replaced === null ? null : { code: replaced, map: null };
    },
  };
}
