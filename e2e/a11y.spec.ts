import { describeSignedIn, expect, login, notFoundMessage, test, titleOf } from './fixtures';
import { seriousViolations } from './axe';

test.describe('accessibility (axe, WCAG 2 A and AA)', () => {
  test('Login', async ({ page }) => {
    await page.goto('login');
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('Login showing a validation message', async ({ page }) => {
    await page.goto('login');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('textbox', { name: 'Email' })).toHaveAttribute('aria-invalid', 'true');
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('Login by keyboard: empty fields left say nothing, the password shows on demand, Sign in asks for both', async ({
    page,
  }) => {
    await page.goto('login');
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeEnabled();
    const email = page.getByRole('textbox', { name: 'Email' });
    const password = page.getByRole('textbox', { name: 'Password', exact: true });
    await email.focus();
    await page.keyboard.press('Tab');
    await expect(password).toBeFocused();
    await page.keyboard.press('Tab');
    const show = page.getByRole('button', { name: 'Show password' });
    await expect(show).toBeFocused();
    await expect(email).not.toHaveAttribute('aria-invalid', 'true');
    await expect(password).not.toHaveAttribute('aria-invalid', 'true');

    await password.fill('Secret-1');
    await show.focus();
    await page.keyboard.press('Enter');
    await expect(password).toHaveAttribute('type', 'text');
    await expect(page.getByRole('button', { name: 'Hide password' })).toBeFocused();
    await password.fill('');

    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(password).toHaveAttribute('aria-invalid', 'true');
  });

  test('Login showing the sign-in failure', async ({ page, expectConsoleErrors }) => {
    expectConsoleErrors(/status of 401.*\/ui\/api\/auth\/login/);
    // An address no account has, so no demo account's failed-attempt count grows.
    await login(page, 'nobody@acme.test', 'Wrong-Passw0rd!');
    await expect(page.getByRole('alert').filter({ hasText: 'We could not sign you in' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('the 404 page', async ({ page }) => {
    await page.goto('no/such/page');
    await expect(page.getByTestId('not-found-message')).toHaveText(notFoundMessage);
    expect(await seriousViolations(page)).toEqual([]);
  });

  for (const [path, title] of [
    ['about', 'About'],
    ['faq', 'Frequently Asked Questions'],
    ['contactus', 'Contact Us'],
  ] as const) {
    test(`the public page ${title}`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveTitle(titleOf(title));
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });
  }

  describeSignedIn('signed in', 'admin@acme.test', () => {
    test('Home with its count tiles', async ({ page }) => {
      await page.goto('');
      await expect(page.getByRole('link', { name: /^Clients: \d+$/ })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });

    test('the user menu, open', async ({ page }) => {
      await page.goto('');
      await page.getByRole('button', { name: /^Account menu for/ }).click();
      await expect(page.getByRole('link', { name: 'Sign out' })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });

    test('a screen of the admin area', async ({ page }) => {
      await page.goto('adm/manage-users');
      await expect(page.getByRole('heading', { level: 1, name: 'Manage Users' })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });
  });

  describeSignedIn('signed in as a realtor', 'realtor@acme.test', () => {
    test('Access Denied', async ({ page }) => {
      await page.goto('adm/add');
      await expect(page.getByRole('heading', { level: 1, name: 'Access denied' })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });
  });
});
