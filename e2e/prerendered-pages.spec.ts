import { demoPassword, describeSignedIn, expect, expectPageTitled, test, titleOf } from './fixtures';

// The sign-in pages are prerendered at build time and hydrated by the app; every other page is
// rendered on the server, and a protected one signed out responds with the sign-in page (docs/decisions/084).

test.describe('before the app has started (JavaScript off)', () => {
  test.use({ javaScriptEnabled: false });

  test('the sign-in page shows its form, titled, with the button busy so nothing is sent half-ready', async ({
    page,
  }) => {
    await page.goto('login');
    await expectPageTitled(page, 'Logon', 'Sign in');
    await expect(page.locator('input[name=username]')).toBeVisible();
    await expect(page.locator('button[type=submit]')).toBeDisabled();

    await page.goto('forgotpassword');
    await expect(page).toHaveTitle(titleOf('Forgot Password'));
    await expect(page.locator('button[type=submit]')).toBeDisabled();
  });

  test('a protected page signed out is the sign-in page, with the wanted address kept', async ({ page }) => {
    await page.goto('adm/manage-users?x=1');
    await expect(page).toHaveURL(/\/ui\/login\?to=%2Fadm%2Fmanage-users%3Fx%3D1$/);
    await expectPageTitled(page, 'Logon', 'Sign in');
    await expect(page.locator('input[name=username]')).toBeVisible();
  });
});

test('the prerendered sign-in page hydrates without a complaint and signs in', async ({ page }) => {
  const complaints: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') complaints.push(message.text());
  });
  page.on('pageerror', (error) => complaints.push(error.message));
  await page.goto('login');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  await page.locator('input[name=username]').fill('manager@acme.test');
  await page.locator('input[name=password]').fill(demoPassword);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  expect(complaints).toEqual([]);
});

test('what is typed before the app has started stays, and signs in', async ({ page }) => {
  // The app's entry is held back: the page on screen is the prerendered one.
  let release = () => undefined as void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/entry\.client-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('login', { waitUntil: 'commit' });
  const email = page.locator('input[name=username]');
  await email.fill('manager@acme.test');
  await expect(page.locator('button[type=submit]')).toBeDisabled();

  release();
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  await expect(email).toHaveValue('manager@acme.test');
  await page.locator('input[name=password]').fill(demoPassword);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
});

test('Home asks for no numbers without a session, and sends the visitor to sign in', async ({ page }) => {
  let summaryRequests = 0;
  page.on('request', (sent) => {
    if (new URL(sent.url()).pathname.endsWith('/api/home/summary')) summaryRequests += 1;
  });
  await page.goto('');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  expect(summaryRequests).toBe(0);
});

describeSignedIn('a page rendered with its data', 'manager@acme.test', () => {
  // Asked by every signed-in page as the app starts, whatever the page shows.
  const startup = /\/api\/(auth\/who-am-i|id\/profile\/image|notification\/active)$/;

  for (const { path, heading } of [
    { path: '', heading: 'Home' },
    { path: 'clients', heading: 'Client Account Information' },
  ])
    test(`${heading} asks for none of its data again as it hydrates`, async ({ page }) => {
      const asked: string[] = [];
      page.on('request', (sent) => {
        const { pathname } = new URL(sent.url());
        if (pathname.includes('/api/') && !startup.test(pathname)) asked.push(pathname);
      });
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(asked).toEqual([]);
    });
});

describeSignedIn('the account menu before the app has started (JavaScript off)', 'manager@acme.test', () => {
  test.use({ javaScriptEnabled: false });

  // The browser's own popover: a tap on a slow phone is answered before the page's code arrives.
  test('opens, closes with Escape, and leads to My account', async ({ page }) => {
    await page.goto('');
    const button = page.getByRole('button', { name: /^Account menu for Marco Manager/ });
    const menu = page.getByRole('navigation', { name: 'Your account' });
    await expect(menu).toBeHidden();
    await button.click();
    await expect(menu.getByRole('link', { name: 'Sign out' })).toBeVisible();
    await expect(menu.getByText('manager@acme.test')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();

    await button.click();
    await menu.getByRole('link', { name: 'My account' }).click();
    await expectPageTitled(page, 'Manage My Account');
  });
});

describeSignedIn('the clients page before the app has started (JavaScript off)', 'manager@acme.test', () => {
  test.use({ javaScriptEnabled: false });

  // A tap that only the app could answer would be lost (or undone as it hydrates): it waits, shown disabled.
  test("waits with its boxes, lists and buttons disabled; the frame's links still lead on", async ({
    page,
  }) => {
    await page.goto('clients');
    const main = page.getByRole('main');
    await expect(main.getByRole('checkbox', { name: 'Needs attention first' })).toBeDisabled();
    await expect(main.getByRole('combobox', { name: 'Status' })).toBeDisabled();
    await expect(main.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
    // The frame's own links and account menu need no app and stay as they are.
    await page.getByRole('link', { name: 'How it works' }).click();
    await expectPageTitled(page, 'How It Works');
  });
});

describeSignedIn('the clients page once the app has started', 'manager@acme.test', () => {
  test('takes a tick of "Needs attention first" and sorts by it', async ({ page }) => {
    await page.goto('clients');
    const attentionFirst = page.getByRole('checkbox', { name: 'Needs attention first' });
    await expect(attentionFirst).toBeEnabled();
    await attentionFirst.click();
    await expect(page).toHaveURL(/sort=attention(%3A|:)desc/);
    await expect(attentionFirst).toBeChecked();
  });
});

test("a rendered page's headers ask for its stylesheets, which its head lists after the scripts", async ({
  request,
}) => {
  const response = await request.get('about');
  expect(response.status()).toBe(200);
  const html = await response.text();
  // React writes the scripts' preloads first in <head>; the first paint waits on the stylesheets.
  const links = html.match(/<link [^>]*>/g) ?? [];
  const sheets = links
    .filter((link) => link.includes('rel="stylesheet"'))
    .map((link) => /href="([^"#]+)/.exec(link)![1]);
  expect(sheets.length, links.join('\n')).toBeGreaterThan(0);
  expect(links.findIndex((link) => link.includes('rel="modulepreload"'))).toBeLessThan(
    links.findIndex((link) => link.includes('rel="stylesheet"')),
  );
  const preloads = response.headers()['link'] ?? '';
  for (const sheet of sheets) expect(preloads).toContain(`<${sheet}>; rel=preload; as=style`);
});
