/* global document, requestAnimationFrame */
// Starts the app on a page the server drew ahead once that page has painted (decision 044), so
// that neither fetching nor evaluating the app's code holds back its first paint. Served as it
// is; the page names the entry in `data-entry` and the modules it needs in `data-preload`.
const script = document.querySelector('script[data-entry]');
const entry = script?.getAttribute('data-entry');
const preloads = script?.getAttribute('data-preload')?.split(' ').filter(Boolean) ?? [];
/**
 * A page that draws something of its own first (Home's numbers, decision 048) puts a promise of it
 * here (`pageWorkKey` in src/features/home/figures-ahead.ts); the app's code is fetched and run
 * once it settles, or after `pageWorkWaitMs` at most. Compiling the code as it arrives, and running
 * it, would hold back the paint of that work by long tasks.
 */
const pageWork = globalThis[Symbol.for('homeminder.page-work')];
const pageWorkWaitMs = 1000;
/** Preloads started in one task: each costs a little, and a slow phone pays for them all at once. */
const preloadsPerTask = 8;

const preload = (href) => {
  const link = document.createElement('link');
  link.rel = 'modulepreload';
  link.crossOrigin = '';
  link.href = href;
  document.head.append(link);
};

let started = false;
const start = () => {
  if (started || !entry) return;
  started = true;
  // Every module is fetched at once, rather than found one import at a time; the entry first, and
  // a few preloads a task. The entry is run once all its modules are asked for.
  const modules = [entry, ...preloads];
  const next = (from) => {
    for (const href of modules.slice(from, from + preloadsPerTask)) preload(href);
    if (from + preloadsPerTask < modules.length) setTimeout(() => next(from + preloadsPerTask), 0);
    else setTimeout(() => void import(entry), 0);
  };
  const ready = pageWork
    ? Promise.race([pageWork, new Promise((resolve) => setTimeout(resolve, pageWorkWaitMs))])
    : Promise.resolve();
  void ready.then(() => next(0));
};
// After the next frame; in a tab that paints nothing (hidden), a little later all the same.
requestAnimationFrame(() => setTimeout(start, 0));
setTimeout(start, 250);
