/* global document, requestAnimationFrame */
// Starts the app on a page the server drew ahead once that page has painted (decision 044), so
// that evaluating the app's code does not hold back its first paint. Served as it is; the page
// names the entry in `data-entry` and preloads it.
const entry = document.querySelector('script[data-entry]')?.getAttribute('data-entry');
let started = false;
const start = () => {
  if (started || !entry) return;
  started = true;
  void import(entry);
};
// After the next frame; in a tab that paints nothing (hidden), a little later all the same.
requestAnimationFrame(() => setTimeout(start, 0));
setTimeout(start, 250);
