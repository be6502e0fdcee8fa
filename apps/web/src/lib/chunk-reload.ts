import { create } from 'zustand';
import { asChunkLoadError, ChunkLoadError } from './chunk-load-error';
import { readTabValue, writeTabValue } from './tab-storage';

const reloadedAtKey = 'homeminder:chunk-reload';
const probeKey = 'homeminder:chunk-reload-probe';

/**
 * A file that fails again this soon after the reload made for it is not cured by reloading: the
 * error screen offers the reload instead (docs/decisions/073).
 */
export const chunkReloadWindowMs = 60_000;

/**
 * Whether a file that did not arrive may still reload the page: not when this tab reloaded for one
 * within the window, nor when the tab cannot remember doing so (no session storage), since the
 * reloads would then never end.
 */
export function mayReloadForChunk(now = Date.now()): boolean {
  const last = Number(readTabValue(reloadedAtKey));
  if (last && now >= last && now - last < chunkReloadWindowMs) return false;
  writeTabValue(probeKey, '1');
  const remembers = readTabValue(probeKey) === '1';
  writeTabValue(probeKey, null);
  return remembers;
}

/**
 * A code or stylesheet file did not arrive, most likely because a newer version was deployed and
 * this page still names the old files: reloads once for the new page, remembering it in the tab.
 * Answers false, without reloading, when `mayReloadForChunk` says no.
 */
export function reloadOnceForChunk(now = Date.now(), reload = () => window.location.reload()): boolean {
  if (!mayReloadForChunk(now)) return false;
  writeTabValue(reloadedAtKey, String(now));
  reload();
  return true;
}

/**
 * The file that failed, once one has. The error screen reads it when React Router hands it an
 * error that does not say what failed (a route's module); a failure that reaches no screen by
 * itself (a route's stylesheet) is also `unreported`, which the root layout throws to the screen.
 */
export const useChunkFailure = create<{ failure: ChunkLoadError | null; unreported: ChunkLoadError | null }>(
  () => ({ failure: null, unreported: null }),
);

/**
 * Watches, from the start, for every file of the app that fails to arrive: a route's module (React
 * Router's loader reports it as Vite does, build/route-module-load.ts, and fails the route), a
 * lazily loaded part or its stylesheet (Vite's `vite:preloadError`, thrown to the part that asked)
 * and a route's stylesheet (a `<link>` whose load fails, which nothing else reports).
 */
export function watchChunkLoads(): void {
  window.addEventListener('vite:preloadError', (event) => {
    const failure = asChunkLoadError(event.payload) ?? new ChunkLoadError(String(event.payload));
    useChunkFailure.setState({ failure });
  });
  // A resource's error event does not bubble; it reaches the document in the capture phase.
  document.addEventListener(
    'error',
    (event) => {
      const link = event.target;
      if (!(link instanceof HTMLLinkElement) || link.rel !== 'stylesheet') return;
      const failure = new ChunkLoadError(`Unable to load the stylesheet ${link.href}`, 'stylesheet');
      useChunkFailure.setState({ failure, unreported: failure });
    },
    true,
  );
}
