/* global document, requestAnimationFrame */
// Starts the app on a page the server drew ahead once that page has painted (decision 044), so
// that neither fetching nor evaluating the app's code holds back its first paint. Served as it
// is; the page names the entry in `data-entry` and the modules it needs in `data-preload`.
const script = document.querySelector('script[data-entry]');
const entry = script?.getAttribute('data-entry');
const preloads = script?.getAttribute('data-preload')?.split(' ').filter(Boolean) ?? [];
let started = false;
const start = () => {
  if (started || !entry) return;
  started = true;
  // Every module is fetched at once, rather than found one import at a time.
  for (const href of [entry, ...preloads]) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
  // In a task of its own: starting every fetch takes a while on a slow phone.
  setTimeout(() => void import(entry), 0);
};
// After the next frame; in a tab that paints nothing (hidden), a little later all the same.
requestAnimationFrame(() => setTimeout(start, 0));
setTimeout(start, 250);
