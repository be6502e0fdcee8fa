import { seriousViolations } from './axe';
import {
  appUrl,
  describeSignedIn,
  expect,
  expectTokenRevoked,
  login,
  loginToHome,
  savedSession,
  test,
  titleOf,
} from './fixtures';

test.describe('signing in', () => {
  test('a realtor signs in and lands on Home, greeted by name', async ({ page }) => {
    await page.goto('login');
    await expect(page).toHaveTitle(titleOf('Logon'));

    await login(page, 'realtor@acme.test');

    await expect(page).toHaveURL(appUrl('/'));
    await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
    await expect(page.getByText('Welcome back, Rita.')).toBeVisible();
    await expect(page.getByRole('button', { name: /^Account menu for Rita Realtor/ })).toBeVisible();
    await expect(page).toHaveTitle(titleOf('Home'));
    // The count tiles of the realtor's dashboard.
    await expect(page.getByRole('link', { name: /^Clients: \d+$/ })).toBeVisible();

    const session = await savedSession(page);
    expect(session.bearerToken).toBeTruthy();
    expect(session.username).toBe('Rita Realtor');
  });

  test('a wrong password shows the error and stays on Login', async ({ page, expectConsoleErrors }) => {
    // The browser logs the refused sign-in (401) as a failed resource.
    expectConsoleErrors(/status of 401.*\/ui\/api\/auth\/login/);
    await page.goto('login');

    await login(page, 'realtor2@acme.test', 'Not-The-Passw0rd!');

    const alert = page.getByRole('alert').filter({ hasText: 'We could not sign you in' });
    await expect(alert).toBeVisible();
    await expect(page).toHaveURL(appUrl('/login'));
    await expect(page).toHaveTitle(titleOf('Logon'));
    await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue('realtor2@acme.test');
    expect((await savedSession(page)).bearerToken).toBeNull();
  });
});

test.describe('signing out', () => {
  test("the next person to sign in on the same tab sees nothing of the last one's responses", async ({
    page,
  }) => {
    // Rows by role: the grid's placeholder rows, drawn while a page loads, are hidden from it.
    const clientRows = page.getByRole('table', { name: 'Clients' }).locator('tbody').getByRole('row');
    const clientsTile = page.getByRole('link', { name: /^Clients: \d+$/ });

    await login(page, 'realtor@acme.test');
    await clientsTile.click();
    await expect(page.getByRole('heading', { level: 1, name: 'Client Account Information' })).toBeVisible();
    await expect(clientRows.first()).toBeVisible();
    const firstRealtorsRows = await clientRows.allInnerTexts();

    await page.getByRole('button', { name: /^Account menu for/ }).click();
    await page.getByRole('link', { name: 'Sign out' }).click();
    // The app goes to Login by itself: no new page load empties its memory.
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await login(page, 'realtor2@acme.test');
    await expect(page.getByText('Welcome back, Ray.')).toBeVisible();

    // Within the half minute a response stays fresh, the grid still asks the server again.
    const gridAsked = page.waitForResponse((response) => response.url().includes('/api/clients/grid'));
    await clientsTile.click();
    expect((await gridAsked).status()).toBe(200);
    await expect(clientRows.first()).toBeVisible();
    const secondRealtorsRows = await clientRows.allInnerTexts();
    expect(secondRealtorsRows.filter((row) => firstRealtorsRows.includes(row))).toEqual([]);
  });

  test('through the user menu: ends on Login, protected pages then send to Login, the token is revoked', async ({
    page,
  }) => {
    await loginToHome(page, 'manager@acme.test');
    const { bearerToken } = await savedSession(page);
    expect(bearerToken).toBeTruthy();

    await page.getByRole('button', { name: /^Account menu for/ }).click();
    await page.getByRole('link', { name: 'Sign out' }).click();

    await expect(page).toHaveURL(appUrl('/login'));
    await expect(page).toHaveTitle(titleOf('Logon'));
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    expect((await savedSession(page)).bearerToken).toBeNull();

    // A protected page now asks for a sign-in, in the same tab and after a fresh load.
    await page.goto('adm/manage-users');
    await expect(page).toHaveURL(appUrl('/login?to=%2Fadm%2Fmanage-users'));
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();

    // The server no longer accepts the old token.
    await expectTokenRevoked(page.request, bearerToken!);
  });

  describeSignedIn('by address', 'realtor@acme.test', () => {
    test('/logoff signs out and goes to Login keeping the query string', async ({ page, token }) => {
      await page.goto('');
      await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();

      await page.goto('logoff?reason=test&x=1');

      await expect(page).toHaveURL(appUrl('/login?reason=test&x=1'));
      await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
      expect((await savedSession(page)).bearerToken).toBeNull();
      await expectTokenRevoked(page.request, token!);
    });

    test('/logout does the same', async ({ page, token }) => {
      await page.goto('logout');

      await expect(page).toHaveURL(appUrl('/login'));
      await expect(page).toHaveTitle(titleOf('Logon'));
      expect((await savedSession(page)).bearerToken).toBeNull();
      await expectTokenRevoked(page.request, token!);
    });
  });
});

describeSignedIn('a session that ends on its own', 'realtor2@acme.test', () => {
  test('refused by the server while a form holds changes: Login says so, without asking about the changes, and signing in goes back', async ({
    page,
    token,
    expectConsoleErrors,
  }) => {
    // The save is refused (401) because the session was ended elsewhere.
    expectConsoleErrors(/status of 401/);
    await page.goto('userSettings');
    const firstName = page.getByRole('textbox', { name: 'First name' });
    await expect(firstName).toHaveValue('Ray');
    await firstName.fill('Raymond');
    const ended = await page.request.post('api/auth/logout', {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(ended.ok()).toBe(true);

    await page.getByRole('button', { name: 'Save profile' }).click();

    await expect(page).toHaveURL(appUrl('/login'));
    const notice = page.getByRole('status').filter({ hasText: 'Your session has ended' });
    await expect(notice).toContainText('Sign in again to go back to the page you were on.');
    await expect(notice).toContainText('Changes you had not saved were lost.');
    await expect(page.getByRole('dialog', { name: 'Discard your changes?' })).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);

    await login(page, 'realtor2@acme.test');
    await expect(page).toHaveURL(appUrl('/userSettings'));
    // Nothing was saved, and the notice is not told again.
    await expect(page.getByRole('textbox', { name: 'First name' })).toHaveValue('Ray');
    await page.goto('login');
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await expect(page.getByText('Your session has ended')).toHaveCount(0);
  });

  test('its two hours run out while the page is open: Login says so and signing in goes back', async ({
    page,
    expectConsoleErrors,
  }) => {
    // Jumping two hours fires the page's polls in the same instant as the expiry; sent without the
    // expired token, they are refused.
    expectConsoleErrors(/status of 401/);
    await page.clock.install();
    await page.goto('clients');
    await expect(page.getByRole('heading', { level: 1, name: 'Client Account Information' })).toBeVisible();

    await page.clock.fastForward('02:00:05');

    await expect(page).toHaveURL(appUrl('/login'));
    const notice = page.getByRole('status').filter({ hasText: 'Your session has ended' });
    await expect(notice).toBeVisible();
    await expect(notice).not.toContainText('Changes you had not saved');
    await login(page, 'realtor2@acme.test');
    await expect(page).toHaveURL(appUrl('/clients'));
  });
});
