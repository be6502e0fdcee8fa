import { create } from 'zustand';
import { ChunkLoadError, asChunkLoadError, chunkFailureWords } from './chunk-load-error';
import { writeTabValue } from './tab-storage';

/**
 * The rule for reloading after a failed file: a file that fails again this soon after the reload
 * made for it is not cured by reloading, so the error screen offers the reload instead
 * (docs/decisions/073). The tab remembers its last reload under `reloadedAtKey`.
 */
const reloadRule = {
  reloadedAtKey: 'homeminder:chunk-reload',
  probeKey: 'homeminder:chunk-reload-probe',
  windowMs: 60_000,
};

export const chunkReloadWindowMs = reloadRule.windowMs;

/**
 * Whether a file that did not arrive may still reload the page: not when this tab reloaded for one
 * within the window, nor when the tab cannot remember doing so (no session storage), since the
 * reloads would then never end. It names nothing outside itself: the boot guard runs it as text.
 */
function reloadAllowed(rule: typeof reloadRule, now: number): boolean {
  try {
    const last = Number(sessionStorage.getItem(rule.reloadedAtKey));
    if (last && now >= last && now - last < rule.windowMs) return false;
    sessionStorage.setItem(rule.probeKey, '1');
    const remembers = sessionStorage.getItem(rule.probeKey) === '1';
    sessionStorage.removeItem(rule.probeKey);
    return remembers;
  } catch {
    return false;
  }
}

export function mayReloadForChunk(now = Date.now()): boolean {
  return reloadAllowed(reloadRule, now);
}

/**
 * A code or stylesheet file did not arrive, most likely because a newer version was deployed and
 * this page still names the old files: reloads once for the new page, remembering it in the tab.
 * Returns false, without reloading, when `mayReloadForChunk` says no.
 */
export function reloadOnceForChunk(now = Date.now(), reload = () => window.location.reload()): boolean {
  if (!mayReloadForChunk(now)) return false;
  writeTabValue(reloadRule.reloadedAtKey, String(now));
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

/** What the boot guard saw before the app's code ran. */
interface Boot {
  started: boolean;
  failedStylesheets: string[];
}

declare global {
  interface Window {
    homeminderBoot?: Boot;
  }
}

/**
 * The page's first script, inline in the document's head (root.tsx), watching the files a page
 * rendered on the server names before any of the app's code has run. A stylesheet that fails is
 * kept for `watchChunkLoads`. Code that fails leaves the app unable to start: the page reloads
 * once, as the error screen would, and failing again says so above the server's rendering, with
 * a reload button. Self-contained: it runs as text.
 */
function bootGuard(
  rule: typeof reloadRule,
  allowed: typeof reloadAllowed,
  words: typeof chunkFailureWords & { code: string },
): void {
  const boot: Boot = { started: false, failedStylesheets: [] };
  window.homeminderBoot = boot;
  let failed = false;
  const cannotStart = () => {
    if (boot.started || failed) return;
    failed = true;
    const now = Date.now();
    if (allowed(rule, now)) {
      sessionStorage.setItem(rule.reloadedAtKey, String(now));
      window.location.reload();
      return;
    }
    const notice = document.createElement('div');
    notice.setAttribute('role', 'alert');
    Object.assign(notice.style, {
      position: 'fixed',
      inset: '0 0 auto 0',
      zIndex: '1000',
      padding: '16px',
      background: '#fff',
      color: '#212529',
      borderBottom: '1px solid #ced4da',
      fontFamily: 'system-ui, sans-serif',
    });
    const line = (tag: string, text: string) => {
      const element = document.createElement(tag);
      element.textContent = text;
      return element;
    };
    const reload = line('button', words.reload);
    reload.addEventListener('click', () => window.location.reload());
    notice.append(
      line('h2', words.title),
      line('p', words.detail),
      line('p', `Error code: ${words.code}`),
      reload,
    );
    document.body.prepend(notice);
  };
  // A resource's error event does not bubble; it reaches the document in the capture phase.
  document.addEventListener(
    'error',
    (event) => {
      const element = event.target;
      if (boot.started) return;
      if (element instanceof HTMLLinkElement && element.rel === 'stylesheet')
        boot.failedStylesheets.push(element.href);
      else if (element instanceof HTMLScriptElement && element.type === 'module') cannotStart();
    },
    true,
  );
  // The router's boot script imports the app's entry last, with import(): its failure is a rejection.
  window.addEventListener('unhandledrejection', (event) => {
    if (/dynamically imported module/i.test(String(event.reason))) cannotStart();
  });
}

/** The boot guard as the text of an inline script. */
export const bootGuardScript = `(${bootGuard.toString()})(${JSON.stringify(reloadRule)}, ${reloadAllowed.toString()}, ${JSON.stringify({ ...chunkFailureWords, code: new ChunkLoadError('').code })});`;

/**
 * Watches, from the start, for every file of the app that fails to arrive: a route's module (React
 * Router's loader reports it as Vite does, build/route-module-load.ts, and fails the route), a
 * lazily loaded part or its stylesheet (Vite's `vite:preloadError`, thrown to the part that asked)
 * and a route's stylesheet (a `<link>` whose load fails, which nothing else reports), including one
 * the boot guard saw fail before this ran.
 */
export function watchChunkLoads(): void {
  const boot = window.homeminderBoot;
  if (boot) boot.started = true;
  const stylesheetFailed = (href: string) => {
    const failure = new ChunkLoadError(`Unable to load the stylesheet ${href}`, 'stylesheet');
    useChunkFailure.setState({ failure, unreported: failure });
  };
  for (const href of boot?.failedStylesheets ?? []) stylesheetFailed(href);
  window.addEventListener('vite:preloadError', (event) => {
    const failure = asChunkLoadError(event.payload) ?? new ChunkLoadError(String(event.payload));
    useChunkFailure.setState({ failure });
  });
  document.addEventListener(
    'error',
    (event) => {
      const link = event.target;
      if (link instanceof HTMLLinkElement && link.rel === 'stylesheet') stylesheetFailed(link.href);
    },
    true,
  );
}
