import type { Page, Route } from '@playwright/test';
import { appUrl, describeSignedIn, expect, test } from './fixtures';

/*
 * During a rolling upgrade a node may serve a page whose code files another node no longer has.
 * The portal reloads once for the newer page, then shows the error screen with a reload button:
 * never a reload loop (docs/requirements.md §9, docs/decisions/073).
 */

/** Counts the page's document loads (the first visit, then each reload), not the server's redirects. */
function countDocumentLoads(page: Page): () => number {
  let loads = 0;
  page.on('response', (response) => {
    const request = response.request();
    if (
      request.isNavigationRequest() &&
      request.resourceType() === 'document' &&
      request.frame() === page.mainFrame() &&
      (response.status() < 300 || response.status() >= 400)
    )
      loads += 1;
  });
  return () => loads;
}

type Failure = 'aborted' | '404';

/** Fails every request for the files matching `pattern` until the returned function is called. */
async function failFiles(page: Page, pattern: RegExp, failure: Failure): Promise<() => Promise<void>> {
  const handler = (route: Route) =>
    failure === 'aborted' ? route.abort('failed') : route.fulfill({ status: 404, body: 'Not found' });
  await page.route(pattern, handler);
  return () => page.unroute(pattern, handler);
}

/** Waits long enough for a reload loop to show itself: a looping page reloads many times a second. */
const settle = (page: Page) => page.waitForTimeout(3_000);

const chunkErrors =
  /Failed to fetch dynamically imported module|Failed to load resource|Error loading route module|net::ERR_FAILED|404|ChunkLoadError|CSS_CHUNK_LOAD_FAILED|preload CSS/;

describeSignedIn('a screen whose code file does not arrive', 'admin@acme.test', () => {
  for (const failure of ['aborted', '404'] as const) {
    test(`(${failure}) reloads at most once, then shows ChunkLoadError with a working reload`, async ({
      page,
      expectConsoleErrors,
    }) => {
      expectConsoleErrors(chunkErrors);
      await page.goto('');
      await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
      const loads = countDocumentLoads(page);
      const restore = await failFiles(page, /\/assets\/audit-log-page-[^/]*\.js$/, failure);

      await page.getByRole('link', { name: 'Audit log' }).first().click();

      await expect(page.getByRole('heading', { name: 'This page could not be loaded' })).toBeVisible();
      await expect(page.getByText('Error code: ChunkLoadError')).toBeVisible();
      await settle(page);
      // One reload, at the screen asked for, for the newer files a deployment may have brought.
      expect(loads(), 'page loads after the failure').toBe(1);
      await expect(page).toHaveURL(appUrl('/adm/audit'));
      await expect(page.getByText('Error code: ChunkLoadError')).toBeVisible();

      // The newer files are there now: the button reloads into the screen.
      await restore();
      await page.getByRole('button', { name: 'Reload the page' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Audit Log' })).toBeVisible();
    });
  }

  test('a first visit whose screen code fails reloads once, then says so above the page with a working reload', async ({
    page,
    expectConsoleErrors,
  }) => {
    expectConsoleErrors(chunkErrors);
    const loads = countDocumentLoads(page);
    const restore = await failFiles(page, /\/assets\/audit-log-page-[^/]*\.js$/, '404');

    // The server renders the page; its code never takes it over, so the visit waits for nothing.
    await page.goto('adm/audit', { waitUntil: 'commit' });

    await expect(page.getByRole('alert').getByText('Error code: ChunkLoadError')).toBeVisible();
    await settle(page);
    expect(loads(), 'the visit and one reload').toBe(2);

    await restore();
    await page.getByRole('button', { name: 'Reload the page' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Audit Log' })).toBeVisible();
    await expect(page.getByText('Error code: ChunkLoadError')).toBeHidden();
  });

  test('a stylesheet that fails reloads at most once, then shows CSS_CHUNK_LOAD_FAILED', async ({
    page,
    expectConsoleErrors,
  }) => {
    expectConsoleErrors(chunkErrors);
    const loads = countDocumentLoads(page);
    // The signed-in frame's own stylesheet, asked for once Home's layout matches.
    const restore = await failFiles(page, /\/assets\/session-ended-watcher-[^/]*\.css$/, 'aborted');

    await page.goto('');

    await expect(page.getByText('Error code: CSS_CHUNK_LOAD_FAILED')).toBeVisible();
    await settle(page);
    expect(loads(), 'the visit and one reload').toBe(2);

    await restore();
    await page.getByRole('button', { name: 'Reload the page' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  });
});
