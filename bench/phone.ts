// First loads in Debian's Chromium under a phone's link and CPU, measured by the browser itself
// (paint timing and largest-contentful-paint entries), not simulated: what a person on a slow
// phone waits for. Lighthouse (./lighthouse.ts) simulates the same conditions from a fast trace.
import type { CDPSession, Page } from '@playwright/test';
import { median } from './harness';

/** Lighthouse's mobile preset: 150 ms round trips, 1.6 Mbit/s down, 750 kbit/s up, 4× slower CPU. */
const phone = { latencyMs: 150, downKbps: 1_600, upKbps: 750, cpuSlowdown: 4 };

export interface PhoneLoad {
  /** First paint of any content, ms after the navigation started. */
  firstPaintMs: number;
  /** The largest paint, ms after the navigation started. */
  largestPaintMs: number;
  /** When the page's first data request (`api/...` after who-am-i) went out, ms; null if none. */
  firstDataRequestMs: number | null;
  /** The moments `ready` names, ms after the navigation started; empty without `ready`. */
  ready: Record<string, number>;
}

/**
 * When a page is ready for its person. `shown`: CSS selectors of what the person waits to see, each
 * timed by the page itself as the element enters the document (a check from outside would wait
 * behind the page's own scripts). `respond`: moments found by acting on the page, as the page's
 * clock reads them. Every moment is in ms after the navigation started.
 */
export interface ReadyCheck {
  shown?: Record<string, string>;
  respond?: (page: Page) => Promise<Record<string, number>>;
}

const pageClock = (page: Page): Promise<number> => page.evaluate(() => performance.now());

/** Home's numbers, and its account menu responding to a click; a click the page ignores is made again a second later, as a person would. */
export const homeReady: ReadyCheck = {
  shown: { numbers: '[aria-label^="Clients: "]' },
  respond: async (page) => {
    await page.getByRole('link', { name: /^Clients: [\d,]+$/ }).waitFor({ timeout: 60_000 });
    const menuItem = page
      .getByRole('navigation', { name: 'Your account' })
      .getByRole('link', { name: 'My account' });
    for (let attempt = 1; ; attempt += 1) {
      await page.getByRole('button', { name: /^Account menu for / }).click();
      try {
        await menuItem.waitFor({ timeout: 1_000 });
        return { menu: await pageClock(page) };
      } catch (error) {
        if (attempt === 60) throw error;
      }
    }
  },
};

/**
 * A reply page: `button` once its button shows. It responds to a click from then on: it posts the
 * page's form, code or no code (e2e/reminder-replies.spec.ts, with JavaScript off).
 */
export const replyReady = (buttonName: string): ReadyCheck => ({
  respond: async (page) => {
    await page.getByRole('button', { name: buttonName }).waitFor({ timeout: 60_000 });
    return { button: await pageClock(page) };
  },
});

/**
 * Runs in the page before its own code (the page's DOM types are not this project's): records in
 * `window.__shown` when an element matching each selector first enters the document.
 */
const watchShown = (shown: Record<string, string>): string => `(() => {
  const selectors = ${JSON.stringify(shown)};
  const times = (window.__shown ??= {});
  const look = () => {
    for (const [name, selector] of Object.entries(selectors))
      if (!(name in times) && document.querySelector(selector)) times[name] = performance.now();
  };
  new MutationObserver(look).observe(document, { childList: true, subtree: true });
})()`;

/** Loads `path` (under the app's base path) `runs` times with the cache empty; the medians. */
export async function phoneLoads(
  page: Page,
  path: string,
  runs: number,
  ready?: ReadyCheck,
): Promise<PhoneLoad> {
  const loads: PhoneLoad[] = [];
  if (ready?.shown) await page.addInitScript(watchShown(ready.shown));
  for (let run = 0; run < runs; run += 1) {
    await page.goto('about:blank');
    const cdp = await page.context().newCDPSession(page);
    try {
      loads.push(await throttledLoad(page, cdp, path, ready));
    } finally {
      await cdp.detach();
    }
  }
  const dataTimes = loads.flatMap((load) =>
    load.firstDataRequestMs === null ? [] : [load.firstDataRequestMs],
  );
  const names = Object.keys(loads[0]?.ready ?? {});
  return {
    firstPaintMs: median(loads.map((load) => load.firstPaintMs)),
    largestPaintMs: median(loads.map((load) => load.largestPaintMs)),
    firstDataRequestMs: dataTimes.length > 0 ? median(dataTimes) : null,
    ready: Object.fromEntries(
      names.map((name) => [name, median(loads.map((load) => load.ready[name] ?? 0))]),
    ),
  };
}

/** Requests every signed-in page makes before its own data. */
const startupRequests =
  /api\/(auth\/who-am-i|id\/profile\/image|sec\/permission\/ui-check|notification\/active)/;

async function throttledLoad(
  page: Page,
  cdp: CDPSession,
  path: string,
  ready?: ReadyCheck,
): Promise<PhoneLoad> {
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: phone.latencyMs,
    downloadThroughput: (phone.downKbps * 1024) / 8,
    uploadThroughput: (phone.upKbps * 1024) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: phone.cpuSlowdown });
  let navigationStart = 0;
  let firstData: number | null = null;
  cdp.on('Network.requestWillBeSent', (event) => {
    if (event.type === 'Document' && navigationStart === 0) navigationStart = event.timestamp;
    else if (
      firstData === null &&
      /\/api\//.test(event.request.url) &&
      !startupRequests.test(event.request.url)
    )
      firstData = event.timestamp;
  });
  try {
    await page.goto(path, { waitUntil: 'commit' });
    const responded = ready?.respond ? await ready.respond(page) : {};
    await page.locator('main h1, h1').first().waitFor({ timeout: 60_000 });
    await page.waitForLoadState('networkidle');
    // Run in the page, whose types (DOM) this project does not load. The browser stops reporting
    // the largest paint at the first input: when the check's click came before it was reported,
    // there is none, and the first paint stands for it.
    const paints = await page.evaluate<{ first: number; largest: number }>(`new Promise((resolve) => {
      const first = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0;
      new PerformanceObserver((list) => resolve({ first, largest: list.getEntries().at(-1)?.startTime ?? first }))
        .observe({ type: 'largest-contentful-paint', buffered: true });
      setTimeout(() => resolve({ first, largest: first }), 2000);
    })`);
    const shownAt = await page.evaluate<Record<string, number>>('window.__shown ?? {}');
    const shown = Object.fromEntries(
      Object.keys(ready?.shown ?? {}).map((name) => {
        if (shownAt[name] === undefined) throw new Error(`${path}: ${name} never showed`);
        return [name, shownAt[name]];
      }),
    );
    return {
      firstPaintMs: paints.first,
      largestPaintMs: paints.largest,
      firstDataRequestMs: firstData === null ? null : (firstData - navigationStart) * 1000,
      // An element is in the page before it is on the screen: nothing shows before the first paint.
      ready: Object.fromEntries(
        Object.entries({ ...responded, ...shown }).map(([name, ms]) => [name, Math.max(ms, paints.first)]),
      ),
    };
  } finally {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
  }
}
