import type { Page } from '@playwright/test';
import {
  appUrl,
  describeSignedIn,
  expect,
  expectPageTitled,
  login,
  notFoundMessage,
  storageKeys,
  test,
  titleOf,
} from './fixtures';

const returnUrlOf = (page: Page) =>
  page.evaluate((key) => sessionStorage.getItem(key), storageKeys.returnUrl);

/** Opens a route by address, as a deep link or a bookmark does (a full page load). */
async function expectRoute(page: Page, path: string, title: string, options: { heading?: string } = {}) {
  await page.goto(path.replace(/^\//, ''));
  await expect(page).toHaveURL(appUrl(path));
  await expect(page).toHaveTitle(titleOf(title));
  if (options.heading)
    await expect(page.getByRole('heading', { level: 1, name: options.heading, exact: true })).toBeVisible();
}

test.describe('signed-out deep links (navigation rules 2 and 5)', () => {
  test('a protected admin page sends to Login, and signing in returns there', async ({ page }) => {
    await page.goto('adm/manage-users');

    await expect(page).toHaveURL(appUrl('/login?to=%2Fadm%2Fmanage-users'));
    await expect(page).toHaveTitle(titleOf('Logon'));
    await expect.poll(() => returnUrlOf(page)).toBe('/adm/manage-users');

    await login(page, 'admin@acme.test');

    await expect(page).toHaveURL(appUrl('/adm/manage-users'));
    await expectPageTitled(page, 'Manage Users');
  });

  test('Default (/) sends to Login keeping the query string', async ({ page }) => {
    await page.goto('?a=1&b=two');

    await expect(page).toHaveURL(appUrl('/login?a=1&b=two&to=%2F%3Fa%3D1%26b%3Dtwo'));
    await expect(page).toHaveTitle(titleOf('Logon'));
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  });

  test('a /clients page is never saved as the return address: signing in lands on Home', async ({ page }) => {
    await page.goto('clients');

    await expect(page).toHaveURL(appUrl('/login'));
    expect(await returnUrlOf(page)).toBeNull();

    await login(page, 'realtor@acme.test');

    await expect(page).toHaveURL(appUrl('/'));
    await expect(page).toHaveTitle(titleOf('Home'));
    await expect(page.getByText('Welcome back, Rita.')).toBeVisible();
  });

  test('a visit to a protected page is remembered; a later visit to a public page does not replace it', async ({
    page,
  }) => {
    await page.goto('adm/add');
    await expect(page).toHaveURL(appUrl('/login?to=%2Fadm%2Fadd'));
    await expect.poll(() => returnUrlOf(page)).toBe('/adm/add');
    await page.goto('about');
    await expect(page).toHaveTitle(titleOf('About'));
    expect(await returnUrlOf(page)).toBe('/adm/add');
  });
});

test.describe('the 404 page', () => {
  test('an unknown address shows the exact message', async ({ page }) => {
    await page.goto('no/such/page');

    await expect(page).toHaveURL(appUrl('/no/such/page'));
    await expect(page).toHaveTitle(titleOf('Page Not Found'));
    const message = page.getByTestId('not-found-message');
    await expect(message).toBeVisible();
    // Exactly, with its two spaces (toHaveText would fold them).
    expect(await message.textContent()).toBe(notFoundMessage);
  });

  test('the message parameter replaces the message', async ({ page }) => {
    await page.goto('no/such/page?message=That%20invoice%20was%20removed.');

    await expect(page.getByTestId('not-found-message')).toHaveText('That invoice was removed.');
    await expect(page).toHaveTitle(titleOf('Page Not Found'));
  });

  test('/not-found shows the 404 page', async ({ page }) => {
    await page.goto('not-found');

    await expect(page).toHaveURL(appUrl('/not-found'));
    await expect(page).toHaveTitle(titleOf('Page Not Found'));
    expect(await page.getByTestId('not-found-message').textContent()).toBe(notFoundMessage);
  });

  describeSignedIn('signed in', 'realtor@acme.test', () => {
    test('an unknown address still shows the 404 page, not Login', async ({ page }) => {
      await page.goto('adm/no-such-screen');

      await expect(page).toHaveURL(appUrl('/adm/no-such-screen'));
      expect(await page.getByTestId('not-found-message').textContent()).toBe(notFoundMessage);
    });
  });
});

describeSignedIn('Access Denied (navigation rule 3)', 'realtor@acme.test', () => {
  test('a realtor opening an admin page is denied, with the page they came from', async ({ page }) => {
    await page.goto('adm/add');

    await expect(page).toHaveURL(appUrl('/access-denied?from=%2Fadm%2Fadd'));
    await expectPageTitled(page, 'Access Denied', 'Access denied');
    await expect(page.getByText('/adm/add', { exact: true })).toBeVisible();
  });

  test('the system area is denied to a realtor', async ({ page }) => {
    await page.goto('sys/notifications/20/2');

    await expect(page).toHaveURL(appUrl('/access-denied?from=%2Fsys%2Fnotifications%2F20%2F2'));
    await expect(page.getByRole('heading', { level: 1, name: 'Access denied' })).toBeVisible();
  });

  test('a realtor may open the client area', async ({ page }) => {
    await expectRoute(page, '/clients', 'Client Account Information', {
      heading: 'Client Account Information',
    });
  });
});

/** Routes of docs/requirements.md §2 that need a signed-in user, with their titles. */
const protectedRoutes: Array<[path: string, title: string]> = [
  ['/', 'Home'],
  ['/adm/add', 'Add Accounts'],
  ['/adm/add/corp', 'Add Corporate Accounts'],
  ['/adm/add/corp-users', 'Add Corporate Users Accounts'],
  ['/admin/add/add-realtors', 'Add Realtors'],
  ['/adm/add/add-realtors', 'Add Realtors'],
  ['/adm/add/users', 'Add User Accounts'],
  ['/adm/edit/user/x1', 'Edit User Accounts'],
  ['/adm/edit/client-user/x1', 'Edit Client Accounts'],
  ['/adm/manage-users', 'Manage Users'],
  ['/adm/manage/x1', 'Manage Accounts'],
  ['/adm/manage-act', 'Manage Accounts'],
  ['/adm/view/user/x1', 'View Corporate Account'],
  ['/adm/view/corp-users/x1', 'View Corporate Account'],
  ['/clients', 'Client Account Information'],
  ['/clients/upload', 'Bulk Upload Clients'],
  ['/userSettings', 'Manage My Account'],
  ['/accountSettings', 'Manage Account'],
  ['/sys/notifications', 'Manage Notifications'],
  ['/sys/notifications/1/3', 'Manage Notifications'],
  ['/sys/notification', 'Manage Notifications'],
  ['/sys/notification/1/2', 'Manage Notifications'],
];

describeSignedIn(
  'every protected route resolves with its title (the system administrator holds every privilege)',
  'sysadmin@demo.test',
  () => {
    for (const [path, title] of protectedRoutes) {
      test(`${path} → ${title}`, async ({ page, expectConsoleErrors }) => {
        // `x1` is no record's id: the screen asks the API, which refuses it, and says so.
        if (path.endsWith('/x1')) expectConsoleErrors(/status of (400|404)/);
        await expectRoute(page, path, title, { heading: title });
      });
    }
  },
);

/** Routes that need no sign-in, with their titles. */
const openRoutes: Array<[path: string, title: string]> = [
  ['/about', 'About'],
  ['/termsofuse', 'Terms of Use'],
  ['/faq', 'Frequently Asked Questions'],
  ['/howitworks', 'How It Works'],
  ['/privacypolicy', 'Privacy Policy'],
  ['/contactus', 'Contact Us'],
  ['/login', 'Logon'],
  ['/forgotpassword', 'Forgot Password'],
  ['/register', 'Register'],
  ['/reset', 'Reset Password'],
  ['/unsubscribe', 'Unsubscribe'],
  ['/access-denied', 'Access Denied'],
  ['/unexpected-error', 'Unexpected Error'],
  ['/debug', 'Debug'],
  ['/demo', 'Debug'],
  ['/hacks', 'Debug'],
  ['/tools', 'Debug'],
  ['/debugger', 'Debug'],
];

test.describe('every open route resolves with its title, signed out', () => {
  for (const [path, title] of openRoutes) {
    test(`${path} → ${title}`, async ({ page }) => {
      await expectRoute(page, path, title);
      await expect(page.getByRole('main')).toBeVisible();
      await expect(page.getByTestId('not-found-message')).toHaveCount(0);
    });
  }
});

test.describe('special routes', () => {
  test('a first visit signed out opens a public page at once: the server has initialised the app', async ({
    page,
  }) => {
    const visited: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame())
        visited.push(new URL(frame.url()).pathname + new URL(frame.url()).search);
    });
    await page.goto('about?x=1');
    await expect(page).toHaveTitle(titleOf('About'));
    await expect(page).toHaveURL(appUrl('/about?x=1'));
    expect(visited.filter((path) => path !== '/ui/about?x=1')).toEqual([]);
  });

  test('a signed-out visit to a protected page gets the Login page in response, in its HTML', async ({
    request,
  }) => {
    const response = await request.get('?a=1&b=two', { maxRedirects: 0 });
    expect(response.status()).toBe(302);
    expect(response.headers()['location']).toBe('/ui/login?a=1&b=two&to=%2F%3Fa%3D1%26b%3Dtwo');
    const login = await request.get(response.headers()['location']!.replace(/^\/ui\//, ''));
    const html = await login.text();
    expect(html).toContain('<title>HomeMinder - Logon</title>');
    expect(html).toMatch(/<input[^>]*name="username"/);
  });

  test('/ImpersonationRedirect forwards to Default with the query string (signed out: on to Login)', async ({
    page,
  }) => {
    await page.goto('ImpersonationRedirect?x=1');
    await expect(page).toHaveURL(appUrl('/login?x=1'));
  });

  describeSignedIn('signed in as the system administrator', 'sysadmin@demo.test', () => {
    test('/sys redirects to /sys/notifications', async ({ page }) => {
      await page.goto('sys');
      await expect(page).toHaveURL(appUrl('/sys/notifications'));
      await expect(page).toHaveTitle(titleOf('Manage Notifications'));
    });

    test('notification paging in the address is clamped: page at least 1, size 1 to 100', async ({
      page,
    }) => {
      await page.goto('sys/notifications/500/0');
      await expect(page).toHaveURL(appUrl('/sys/notifications/100/1'));
      await expect(page.getByRole('heading', { level: 1, name: 'Manage Notifications' })).toBeVisible();

      await page.goto('sys/notifications/0/2');
      await expect(page).toHaveURL(appUrl('/sys/notifications/1/2'));
      await expect(page.getByRole('heading', { level: 1, name: 'Manage Notifications' })).toBeVisible();
    });

    test('a notification page past the end shows the last page, with its address', async ({ page }) => {
      await page.goto('sys/notifications/1/999');
      await expect(page).toHaveURL(/\/sys\/notifications\/1\/(?!999$)\d+$/);
      const last = Number(/(\d+)$/.exec(page.url())![1]);
      await expect(page.getByRole('button', { name: `Page ${last}`, exact: true })).toHaveAttribute(
        'data-active',
        'true',
      );
      await expect(page.getByText('No messages yet')).toBeHidden();
      await expect(page.getByRole('table').getByRole('row')).toHaveCount(2);
    });

    test('/ImpersonationRedirect forwards to Home with the query string', async ({ page }) => {
      await page.goto('ImpersonationRedirect?x=1');

      await expect(page).toHaveURL(appUrl('/?x=1'));
      await expectPageTitled(page, 'Home');
    });

    test('the debug page shows the session with the token masked', async ({ page, token }) => {
      await page.goto('hacks');

      await expect(page).toHaveTitle(titleOf('Debug'));
      const tokenRow = page.getByRole('row', { name: /^Bearer token/ });
      await expect(tokenRow).toContainText(`${token!.slice(0, 4)}…${token!.slice(-2)}`);
      await expect(page.getByRole('row', { name: /^Signed in/ })).toContainText('true');
      await expect(page.locator('body')).not.toContainText(token!);
    });
  });
});

test.describe('route paths are case-insensitive', () => {
  test('/ui/ABOUT opens About', async ({ page }) => {
    await page.goto('ABOUT');
    await expect(page).toHaveTitle(titleOf('About'));
  });

  describeSignedIn('signed in', 'admin@acme.test', () => {
    test('/ui/Adm/Manage-Users opens Manage Users', async ({ page }) => {
      await page.goto('Adm/Manage-Users');
      await expectPageTitled(page, 'Manage Users');
    });
  });
});

describeSignedIn('changes not saved (decision 039)', 'realtor2@acme.test', () => {
  test('leaving Manage My Account with a change not saved asks first; undoing the change lets the person go', async ({
    page,
  }) => {
    await page.goto('userSettings');
    const firstName = page.getByRole('textbox', { name: 'First name' });
    await expect(firstName).toHaveValue('Ray');
    await firstName.fill('Raymond');
    const home = page.getByRole('navigation').getByRole('link', { name: 'Home' });
    await home.click();
    const discard = page.getByRole('dialog', { name: 'Discard your changes?' });
    await expect(discard).toBeVisible();
    await discard.getByRole('button', { name: 'Keep editing' }).click();
    await expect(page).toHaveURL(appUrl('/userSettings'));
    await expect(firstName).toHaveValue('Raymond');

    // Back to what is saved: nothing to lose, nothing to ask.
    await firstName.fill('Ray');
    await home.click();
    await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
    await expect(discard).toBeHidden();
  });
});

describeSignedIn('the side menu', 'admin@acme.test', () => {
  test('marks one current page: Bulk upload, not Client accounts too', async ({ page }) => {
    await page.goto('clients/upload');
    await expect(page.getByRole('heading', { level: 1, name: 'Bulk Upload Clients' })).toBeVisible();
    const menu = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(menu.locator('[aria-current="page"]')).toHaveCount(1);
    await expect(menu.getByRole('link', { name: 'Bulk upload' })).toHaveAttribute('aria-current', 'page');

    await menu.getByRole('link', { name: 'Client accounts' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Client Account Information' })).toBeVisible();
    await expect(menu.locator('[aria-current="page"]')).toHaveCount(1);
    await expect(menu.getByRole('link', { name: 'Client accounts' })).toHaveAttribute('aria-current', 'page');
  });
});
