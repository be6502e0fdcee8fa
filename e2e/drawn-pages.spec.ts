import type { Page } from '@playwright/test';
import { demoPassword, expect, login, setupClientViaApi, test, titleOf } from './fixtures';

/** Holds back the app's entry script until the answer is called: the drawn page stays on screen. */
async function holdAppEntry(page: Page): Promise<() => void> {
  let release = () => undefined as void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

// Login, Home and the client grid are drawn at build time and painted before the app's code
// arrives; the app then takes the page over (docs/decisions/031 and 044).

test.describe('drawn ahead, JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test('Home and the client grid show the frame, the heading and the screen waiting, for nobody in particular', async ({
    page,
  }) => {
    await page.goto('clients');
    await expect(page).toHaveTitle(titleOf('Client Account Information'));
    await expect(page.getByRole('heading', { level: 1, name: 'Client Account Information' })).toBeVisible();
    await expect(page.getByRole('searchbox', { name: 'Search' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'HomeMinder home' })).toBeVisible();
    // Nobody is known yet: no name, no initials, no company.
    await expect(page.getByRole('button', { name: 'Account menu for you' })).toHaveText('');

    await page.goto('');
    await expect(page).toHaveTitle(titleOf('Home'));
    await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
    await expect(page.getByText('Welcome back.', { exact: true })).toBeVisible();
  });
});

test.describe('the sign-in page drawn ahead', () => {
  test('what is typed before the app arrives stays, and typing goes on in the same field', async ({
    page,
  }) => {
    const release = await holdAppEntry(page);
    await page.goto('login', { waitUntil: 'commit' });
    const email = page.locator('input[name=username]');
    const password = page.locator('input[name=password]');
    await email.fill('manager@acme.test');
    await password.click();
    await page.keyboard.type(demoPassword.slice(0, 5));

    // The app draws over the page, its own email field focused first (autoFocus): the focus goes
    // back to the password, where the rest of it is typed.
    release();
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeEnabled();
    await page.keyboard.type(demoPassword.slice(5));
    await expect(email).toHaveValue('manager@acme.test');
    await expect(password).toHaveValue(demoPassword);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  });
});

test.describe('the client grid drawn ahead, signed in', () => {
  test.use({ account: 'realtor@acme.test' });

  test("is shown, and cannot be used, until the app has taken it over; then the grid is the app's", async ({
    page,
    request,
    token,
  }) => {
    if (!token) throw new Error('the test signs in as a realtor');
    const lastName = `Drawn${Date.now().toString(36)}`;
    const setup = await setupClientViaApi(request, token, {
      email: `${lastName.toLowerCase()}@example.net`,
      firstName: 'Early',
      lastName,
    });
    expect(setup.ok()).toBe(true);

    // The app's entry is held back, so the page on screen is the one the server drew.
    const release = await holdAppEntry(page);
    await page.goto('clients', { waitUntil: 'commit' });
    await expect(page.getByRole('heading', { level: 1, name: 'Client Account Information' })).toBeVisible();
    await expect(page.locator('#root')).toHaveAttribute('inert');

    release();
    await expect(page.locator('#root')).not.toHaveAttribute('inert');
    await expect(page.getByRole('button', { name: /^Account menu for / })).not.toHaveAccessibleName(
      'Account menu for you',
    );
    await page.getByRole('searchbox', { name: 'Search' }).fill(lastName);
    const rows = page.getByRole('table', { name: 'Clients' }).locator('tbody tr');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(`Early ${lastName}`);
  });
});

test.describe('the client grid drawn ahead, a manager on a phone', () => {
  test.use({ account: 'manager@acme.test', viewport: { width: 390, height: 844 } });

  test("the manager's Realtor filter takes a place in the filters' row: nothing below it moves", async ({
    page,
  }) => {
    const release = await holdAppEntry(page);
    await page.goto('clients', { waitUntil: 'commit' });
    // The drawn page is inert, out of the accessibility tree: found by its text.
    const newClient = page.locator('button', { hasText: 'New client' });
    await expect(newClient).toBeVisible();
    const drawn = await newClient.boundingBox();

    release();
    await expect(page.locator('#root')).not.toHaveAttribute('inert');
    await expect(page.getByRole('combobox', { name: 'Realtor' })).toBeVisible();
    const taken = await page.getByRole('button', { name: 'New client' }).boundingBox();
    // Within a pixel (the two kinds of select differ by a fraction); a row would be some 60.
    expect(Math.abs((taken?.y ?? 0) - (drawn?.y ?? Infinity))).toBeLessThan(2);
  });
});

test.describe("Home drawn ahead with the person's numbers", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the numbers show before the app arrives, and the app shows the same without asking again', async ({
    page,
  }) => {
    // Signed in through the form, as a returning user was: the saved session names the person.
    const answered = page.waitForResponse((response) => response.url().includes('/api/home/summary'));
    await login(page, 'manager@acme.test');
    const answer = await answered;
    const summary = (await answer.json()) as {
      enabledProperties: number;
      unsubscribedProperties: number;
      noReminderProperties: number;
      licensedProperties: number;
      clients: number;
    };
    // Every enabled, confirmed property uses a license, whether it gets reminders or not.
    const used = summary.enabledProperties + summary.unsubscribedProperties + summary.noReminderProperties;
    const sentence = `${used} of ${summary.licensedProperties} licensed properties are active.`;
    let summaryRequests = 0;
    page.on('request', (sent) => {
      if (new URL(sent.url()).pathname.endsWith('/api/home/summary')) summaryRequests += 1;
    });

    // The app's entry is held back: what shows is the drawn page, filled in by its own script.
    const release = await holdAppEntry(page);
    await page.goto('', { waitUntil: 'commit' });
    await expect(page.locator('#root')).toHaveAttribute('inert');
    // The drawn page is inert, out of the accessibility tree: found by its text.
    await expect(page.getByText('Welcome back, Marco.', { exact: true })).toBeVisible();
    await expect(page.getByText(sentence, { exact: true })).toBeVisible();
    await expect(page.locator(`a[aria-label="Clients: ${summary.clients}"]`)).toBeVisible();
    const drawn = await page.getByText(sentence, { exact: true }).boundingBox();

    release();
    await expect(page.locator('#root')).not.toHaveAttribute('inert');
    await expect(page.getByRole('link', { name: `Clients: ${summary.clients}` })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Reminder activity' })).toBeVisible();
    const taken = await page.getByText(sentence, { exact: true }).boundingBox();
    expect(taken).toEqual(drawn);
    expect(summaryRequests).toBe(1);
  });
});

test('Home drawn ahead asks for no numbers without a session, and sends the visitor to sign in', async ({
  page,
}) => {
  let summaryRequests = 0;
  page.on('request', (sent) => {
    if (new URL(sent.url()).pathname.endsWith('/api/home/summary')) summaryRequests += 1;
  });
  await page.goto('');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  expect(summaryRequests).toBe(0);
});
