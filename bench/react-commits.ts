// How many times React commits from a page's navigation to the settled page: each commit is a
// render the browser lays out and paints, so a cascade of them (a fallback, then the session, then
// each query's response) is work a phone does before the page stops moving.
import type { Browser } from '@playwright/test';
import type { BenchContext } from './harness';
import { fillSignIn, type SignIn } from './lighthouse';

/**
 * Stands in for React DevTools' global hook before the page's code runs: React DOM hands every
 * commit to the hook it finds, in production builds too, and the page counts them.
 */
const countCommits = `(() => {
  let commits = 0;
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    isDisabled: false,
    renderers: new Map(),
    inject(renderer) { this.renderers.set(this.renderers.size + 1, renderer); return this.renderers.size; },
    onCommitFiberRoot() { commits += 1; },
    onCommitFiberUnmount() {},
    onPostCommitFiberRoot() {},
    checkDCE() {},
  };
  Object.defineProperty(window, '__reactCommits', { get: () => commits });
})()`;

const hydrated = `(() => {
  const controls = document.querySelectorAll('a[href], button, input, select, textarea');
  const last = controls[controls.length - 1] ?? document.body;
  return Object.keys(last).some((key) => key.startsWith('__reactProps'));
})()`;

export interface CommitPage {
  name: string;
  path: string;
  /** The page's level-1 heading, once it shows. */
  heading: string;
}

/**
 * Loads each page (the first signed out, the rest as `person`) and records its commits until it
 * has hydrated and the network has been idle for half a second, beside the first page's.
 */
export async function recordReactCommits(
  context: BenchContext,
  browser: Browser,
  appUrl: string,
  options: { signedOut: CommitPage[]; person: SignIn; signedIn: CommitPage[] },
): Promise<void> {
  // The page's Content-Security-Policy would refuse the check of hydration Playwright runs in it.
  const browserContext = await browser.newContext({ baseURL: appUrl, bypassCSP: true });
  await browserContext.addInitScript(countCommits);
  try {
    const page = await browserContext.newPage();
    const commitsOf = async ({ path, heading }: CommitPage): Promise<number> => {
      await page.goto(path);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor({ timeout: 30_000 });
      // React has taken the page over once the last control carries its props.
      await page.waitForFunction(hydrated);
      await page.waitForLoadState('networkidle');
      return page.evaluate<number>('window.__reactCommits');
    };
    const counts: Array<[CommitPage, number]> = [];
    for (const one of options.signedOut) counts.push([one, await commitsOf(one)]);
    await page.goto('login');
    await fillSignIn(page, options.person);
    for (const one of options.signedIn) counts.push([one, await commitsOf(one)]);
    const [first] = counts;
    if (!first) return;
    for (const [one, commits] of counts)
      context.record({
        metric: `SPA: React commits from navigation to the settled page: ${one.name}`,
        unit: 'commits',
        value: commits,
        baseline: { name: first[0].name, value: first[1] },
        higherIsBetter: false,
      });
  } finally {
    await browserContext.close();
  }
}
