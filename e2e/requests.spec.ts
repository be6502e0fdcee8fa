import type { Page, Request } from '@playwright/test';
import { describeSignedIn, expect, loginToHome, savedSession, storageKeys, tenants, test } from './fixtures';

interface SeenCall {
  method: string;
  path: string;
  ti: string | null;
  headers: Record<string, string>;
}

/** Records every call the app makes to its API (docs/requirements.md §8), with all its headers. */
function recordApiCalls(page: Page): { calls: SeenCall[]; settled: () => Promise<SeenCall[]> } {
  const pending: Array<Promise<SeenCall>> = [];
  const calls: SeenCall[] = [];
  page.on('request', (request: Request) => {
    const url = new URL(request.url());
    if (!url.pathname.toLowerCase().startsWith('/ui/api/')) return;
    pending.push(
      request.allHeaders().then((headers) => {
        const call = {
          method: request.method(),
          path: url.pathname,
          ti: url.searchParams.get('_ti'),
          headers,
        };
        calls.push(call);
        return call;
      }),
    );
  });
  return { calls, settled: () => Promise.all(pending) };
}

const browserSessionIdOf = (page: Page) =>
  page.evaluate((key) => sessionStorage.getItem(key), storageKeys.browserSessionId);

test('every API call carries _ti, and signed-in calls the bearer token and the tenant', async ({ page }) => {
  const recorder = recordApiCalls(page);

  await loginToHome(page, 'admin@acme.test');
  await expect(page.getByRole('link', { name: /^Clients: \d+$/ })).toBeVisible();

  // Move about the portal: each protected screen asks the server's ui-check.
  await page.getByRole('link', { name: 'Manage users' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Manage Users' })).toBeVisible();
  await page.getByRole('link', { name: 'Client accounts' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Client Account Information' })).toBeVisible();

  const calls = await recorder.settled();
  const ti = await browserSessionIdOf(page);
  const { bearerToken, tenantID } = await savedSession(page);
  expect(ti).toMatch(/^[0-9a-f-]{36}$/);
  expect(bearerToken).toBeTruthy();
  expect(tenantID).toBe(tenants.acme);

  const paths = calls.map((call) => `${call.method} ${call.path}`);
  expect(paths).toContain('POST /ui/api/auth/login/');
  expect(paths).toContain('GET /ui/api/auth/who-am-i');
  expect(paths).toContain('POST /ui/api/sec/permission/ui-check');

  // _ti on every call, one value for the whole browser session.
  for (const call of calls) expect(call.ti, `${call.method} ${call.path}`).toBe(ti);

  // The sign-in itself goes without credentials; every call after it carries the token.
  const loginIndex = calls.findIndex((call) => call.path === '/ui/api/auth/login/');
  expect(calls[loginIndex]!.headers['authorization']).toBeUndefined();
  const signedInCalls = calls.slice(loginIndex + 1);
  expect(signedInCalls.length).toBeGreaterThan(3);
  for (const call of signedInCalls) {
    expect(call.headers['authorization'], `${call.method} ${call.path}`).toBe(`Bearer ${bearerToken}`);
    expect(call.headers['accept'], `${call.method} ${call.path}`).toContain('application/json');
  }
  // The tenant is known once who-am-i has responded; from then on every call names it.
  const firstWhoAmI = signedInCalls.findIndex((call) => call.path === '/ui/api/auth/who-am-i');
  const tenantKnown = signedInCalls.slice(firstWhoAmI + 1);
  expect(tenantKnown.length).toBeGreaterThan(2);
  for (const call of tenantKnown)
    expect(call.headers['tenant-id'], `${call.method} ${call.path}`).toBe(tenants.acme);
  // JSON bodies are sent as JSON.
  for (const call of calls.filter((each) => each.method === 'POST')) {
    expect(call.headers['content-type'], `${call.method} ${call.path}`).toContain('application/json');
  }
});

describeSignedIn('a returning user', 'admin@acme.test', () => {
  test('after a reload every call, who-am-i included, carries the same _ti, the token and the tenant', async ({
    page,
    token,
  }) => {
    await page.goto('');
    // Home's numbers show once who-am-i has named the tenant, which the session then keeps for the
    // reload.
    await expect(page.getByRole('link', { name: /^Clients: \d+$/ })).toBeVisible();
    const ti = await browserSessionIdOf(page);
    expect(ti).toBeTruthy();

    const recorder = recordApiCalls(page);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
    await expect(page.getByRole('link', { name: /^Clients: \d+$/ })).toBeVisible();

    const calls = await recorder.settled();
    expect(calls.map((call) => call.path)).toContain('/ui/api/auth/who-am-i');
    for (const call of calls) {
      const label = `${call.method} ${call.path}`;
      expect(call.ti, label).toBe(ti);
      expect(call.headers['authorization'], label).toBe(`Bearer ${token}`);
      expect(call.headers['tenant-id'], label).toBe(tenants.acme);
      expect(call.headers['impersonation'], label).toBeUndefined();
    }
  });

  test('another tab is another browser session, with a _ti of its own', async ({ page, context }) => {
    await page.goto('');
    await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();

    const other = await context.newPage();
    const recorder = recordApiCalls(other);
    await other.goto('');
    await expect(other.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
    // Home's cards ask for their data once the heading shows: let every call start first.
    await other.waitForLoadState('networkidle');
    const calls = await recorder.settled();

    const first = await browserSessionIdOf(page);
    const second = await browserSessionIdOf(other);
    expect(second).toMatch(/^[0-9a-f-]{36}$/);
    expect(second).not.toBe(first);
    expect(calls.length).toBeGreaterThan(0);
    for (const call of calls) expect(call.ti, `${call.method} ${call.path}`).toBe(second);
  });
});
