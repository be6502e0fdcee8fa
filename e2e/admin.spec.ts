import type { Browser, Page } from '@playwright/test';
import {
  addUserViaApi,
  apiLogin,
  appUrl,
  demoPassword,
  describeSignedIn,
  expect,
  expectTexts,
  login,
  loginToHome,
  tenants,
  test,
  titleOf,
} from './fixtures';
import { seriousViolations } from './axe';

/*
 * The admin area end to end: corporations, their administrators and realtors, enabling and
 * disabling, licensing, settings forms and the profile image. Every test creates its own
 * corporation or users (names carry a run-unique suffix), so the specs running beside it on the
 * same database never see a demo account change.
 */

/** The rules' words for a street address without a number and a ZIP code too short. */
const addressLineMessage = "Address must start with a number and include the street's name";
const zipMessage = 'Value must be 5 digits long';

const runId = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

/** An expiry (MMYY) a year from now. */
function nextYearExpiry(): string {
  const now = new Date();
  return `${String(now.getMonth() + 1).padStart(2, '0')}${String((now.getFullYear() + 1) % 100).padStart(2, '0')}`;
}

/** A 16 x 16 PNG, blue. */
const pngImage = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAGUlEQVQokWOQLDxEEmIY1VA4GkqSwzVpAADXxUwQfjnosAAAAABJRU5ErkJggg==',
  'base64',
);

/** A page in a browser context of its own: another person at another computer. */
async function anotherPerson(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  return context.newPage();
}

/** Picks an option of a select field. */
async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describeSignedIn('corporations, their administrators and realtors', 'sysadmin@demo.test', () => {
  test.setTimeout(120_000);

  test('the system administrator adds a corporation whose administrator adds a realtor; disabling the realtor ends their session', async ({
    page,
    browser,
    baseURL,
  }) => {
    const corporation = `Cedar Homes ${runId}`;
    const adminEmail = `carla.${runId}@cedar.test`;
    const adminPassword = 'Cedar-Start9!';

    // ── The system administrator adds the corporation ─────────────────────────────────────────
    await page.goto('adm/add/corp');
    await expect(page).toHaveTitle(titleOf('Add Corporate Accounts'));
    await expect(page.getByRole('tab', { name: 'Corporate account', selected: true })).toBeVisible();

    await page.getByRole('textbox', { name: 'Company name' }).fill(corporation);
    await page.getByRole('textbox', { name: 'Site name' }).fill('Cedar Home Care');
    await page.getByRole('textbox', { name: 'Contact email' }).fill('office@cedar.test');

    // Bad values are refused with the required messages (docs/requirements.md §7) as the person leaves each field.
    await page.getByRole('textbox', { name: 'Street address' }).fill('Cedar Lane');
    await page.getByRole('textbox', { name: 'ZIP code' }).fill('787');
    await page.getByRole('textbox', { name: 'Card number' }).fill('4111 1111');
    await page.getByRole('textbox', { name: 'Expiry (MM/YY)' }).fill('1399');
    await page.getByRole('textbox', { name: 'Security code (CVV)' }).fill('12');
    await page.getByRole('textbox', { name: 'Name on the card' }).click();
    await expectTexts(page, [
      addressLineMessage,
      zipMessage,
      'Card number must be 15 or 16 digits',
      'Expiration is invalid',
      'Security code (CVV) must be 3 or 4 digits',
    ]);

    await page.getByRole('textbox', { name: 'Street address' }).fill('12 Cedar Lane');
    await page.getByRole('textbox', { name: 'City' }).fill('Austin');
    await choose(page, 'State', 'Texas (TX)');
    await page.getByRole('textbox', { name: 'ZIP code' }).fill('78701');
    await page.getByRole('textbox', { name: 'Name on the card' }).fill('Carla Cedar');
    await page.getByRole('textbox', { name: 'Card number' }).fill('4111 1111 1111 1236');
    await page.getByRole('textbox', { name: 'Expiry (MM/YY)' }).fill(nextYearExpiry());
    await page.getByRole('textbox', { name: 'Security code (CVV)' }).fill('987');
    await page.getByRole('textbox', { name: 'Licensed properties' }).fill('25');
    await page.getByRole('textbox', { name: 'Administrator email' }).fill(adminEmail);
    await page.getByRole('textbox', { name: 'First name' }).fill('Carla');
    await page.getByRole('textbox', { name: 'Last name' }).fill('Cedar');
    await page.getByRole('textbox', { name: 'Initial password' }).fill(adminPassword);
    await expect(page.getByText('Expiration is invalid')).toHaveCount(0);
    await page.getByRole('button', { name: 'Add corporation' }).click();

    // It lands on the new corporation's view, with its licensing.
    await expect(page).toHaveURL(/\/ui\/adm\/view\/user\/[0-9a-f-]{36}$/);
    await expect(page).toHaveTitle(titleOf('View Corporate Account'));
    await expect(page.getByRole('heading', { name: corporation })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Licensing' })).toBeVisible();
    await expect(page.getByRole('img', { name: '0 of 25 licenses in use' })).toBeVisible();
    await expect(page.getByText('Visa ending 1236')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Carla Cedar' })).toBeVisible();

    // ── Its first administrator signs in and adds a realtor ──────────────────────────────────
    const admin = await anotherPerson(browser, baseURL);
    await loginToHome(admin, adminEmail, adminPassword);
    await expect(admin.getByText('Welcome back, Carla.')).toBeVisible();

    const realtorEmail = `rosa.${runId}@cedar.test`;
    const temporary = 'Rosa-Temp42!';
    // Add Realtors is on the menu of those who may add them.
    await admin.getByRole('navigation').getByRole('link', { name: 'Add realtors' }).click();
    await expect(admin).toHaveTitle(titleOf('Add Realtors'));
    await admin.getByRole('textbox', { name: 'Email' }).fill(realtorEmail);
    await admin.getByRole('textbox', { name: 'First name' }).fill('Rosa');
    await admin.getByRole('textbox', { name: 'Last name' }).fill("O'Neil");
    await admin.getByRole('radio', { name: /Set a temporary password/ }).check();
    await admin.getByRole('textbox', { name: 'Temporary password' }).fill(temporary);
    await admin.getByRole('button', { name: 'Add realtor' }).click();
    const added = admin.getByRole('status').filter({ hasText: "Rosa O'Neil (Realtor) was added." });
    await expect(added).toBeVisible();

    // ── The realtor signs in ─────────────────────────────────────────────────────────────────
    const realtor = await anotherPerson(browser, baseURL);
    await login(realtor, realtorEmail, temporary);
    await expect(realtor.getByText('Welcome back, Rosa.')).toBeVisible();

    // ── The administrator edits, then disables the realtor ───────────────────────────────────
    await added.getByRole('link', { name: 'Open their account' }).click();
    await expect(admin).toHaveTitle(titleOf('Edit User Accounts'));
    await admin.getByRole('textbox', { name: 'Phone' }).fill('(555) 222-3333');
    await admin.getByRole('button', { name: 'Save changes' }).click();
    await expect(admin.getByText("Rosa O'Neil was saved.")).toBeVisible();

    await admin.getByRole('button', { name: 'Disable account' }).click();
    await admin.getByRole('dialog').getByRole('button', { name: 'Disable user' }).click();
    await expect(admin.getByRole('button', { name: 'Enable account' })).toBeVisible();

    // The realtor's session has ended: the next page asks them to sign in, and signing in is refused.
    await realtor.goto('');
    await expect(realtor).toHaveURL(appUrl('/login'));
    await login(realtor, realtorEmail, temporary);
    // A disabled account responds as a wrong password does, so the response confirms no password.
    await expect(
      realtor.getByRole('alert').filter({ hasText: 'The email or password is incorrect.' }),
    ).toBeVisible();

    // ── Enabled again, the realtor signs in ──────────────────────────────────────────────────
    await admin.getByRole('button', { name: 'Enable account' }).click();
    await admin.getByRole('dialog').getByRole('button', { name: 'Enable user' }).click();
    await expect(admin.getByRole('button', { name: 'Disable account' })).toBeVisible();
    await login(realtor, realtorEmail, temporary);
    await expect(realtor.getByText('Welcome back, Rosa.')).toBeVisible();

    // ── The system administrator finds the corporation in the grid and disables it ──────────
    await page.goto('adm/manage-act');
    await page.getByRole('textbox', { name: 'Search companies' }).fill(runId);
    await expect(page.getByRole('link', { name: corporation })).toBeVisible();
    await expect(page.getByText('1–1 of 1 companies')).toBeVisible();
    expect(await seriousViolations(page, { include: 'main' })).toEqual([]);
    await page.getByRole('button', { name: `Actions for ${corporation}` }).click();
    await page.getByRole('menuitem', { name: 'Disable' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Disable company' }).click();
    await expect(
      page.getByRole('row', { name: new RegExp(corporation) }).getByText('Disabled'),
    ).toBeVisible();

    await admin.goto('adm/manage-users');
    await expect(admin).toHaveURL(appUrl('/login?to=%2Fadm%2Fmanage-users'));
    await admin.context().close();
    await realtor.context().close();
  });
});

describeSignedIn('the operator setting a license', 'sysadmin@demo.test', () => {
  test('a count out of range is refused as typed, not changed into one nobody typed', async ({ page }) => {
    await page.goto(`adm/manage/${tenants.acme}`);
    await page.getByRole('tab', { name: 'License' }).click();
    const license = page.getByRole('form', { name: 'License' });
    const count = license.getByRole('textbox', { name: 'Licensed properties' });
    const saved = await count.inputValue();
    for (const typed of ['-5', '99999999999']) {
      await count.fill(typed);
      await license.getByRole('button', { name: 'Save license' }).click();
      await expect(license.getByText('Numerical value is out of range')).toBeVisible();
      await expect(count).toHaveValue(typed === '-5' ? '-5' : '99,999,999,999');
    }
    await page.reload();
    await page.getByRole('tab', { name: 'License' }).click();
    await expect(
      page.getByRole('form', { name: 'License' }).getByRole('textbox', { name: 'Licensed properties' }),
    ).toHaveValue(saved);
  });
});

describeSignedIn('the operator adding users', 'sysadmin@demo.test', () => {
  test("adding from one corporation's list of users adds to that corporation", async ({ page }) => {
    await page.goto(`adm/manage-users?company=${tenants.acme}`);
    await page.getByRole('link', { name: 'Add user' }).first().click();
    await expect(page).toHaveTitle(titleOf('Add User Accounts'));
    await expect(page.getByRole('combobox', { name: 'Company' })).toHaveValue('Acme Realty');
    // The role offered first is the least powerful: an administrator is always a deliberate choice.
    await expect(page.getByRole('combobox', { name: 'Role' })).toHaveValue('Realtor');
    await page.goto('adm/add/corp-users');
    await expect(page.getByRole('combobox', { name: 'Role' })).toHaveValue('Manager');
  });
});

describeSignedIn('a corporate administrator', 'admin@acme.test', () => {
  test("cannot open another corporation's pages", async ({ page, expectConsoleErrors }) => {
    // The browser logs the server's refusals (404) of the other corporation's records.
    expectConsoleErrors(/status of 404.*\/ui\/api\/admin\/(corporation|licensing)\//i);
    await page.goto(`adm/manage/${tenants.birch}`);
    await expect(page.getByRole('alert').filter({ hasText: 'The company was not found.' })).toBeVisible();
    await expect(page.getByText('Birch Homes')).toHaveCount(0);

    await page.goto(`adm/view/corp-users/${tenants.birch}`);
    await expect(page.getByRole('alert').filter({ hasText: 'The company was not found.' })).toBeVisible();

    // Manage Accounts takes a corporation's staff to their own corporation.
    await page.goto('adm/manage-act');
    await expect(page).toHaveURL(appUrl(`/adm/manage/${tenants.acme}`));
    await expect(page.getByRole('heading', { name: 'Acme Realty', exact: true })).toBeVisible();
  });

  test('on their own account, is sent to their settings to change their password', async ({ page }) => {
    const { token } = await apiLogin(page.request, 'admin@acme.test', demoPassword);
    const who = await page.request.get('api/auth/who-am-i', {
      headers: { Authorization: `Bearer ${token}` },
    });
    const { userID } = (await who.json()) as { userID: string };
    await page.goto(`adm/edit/user/${userID}`);
    await expect(
      page.getByText('You change your own password in your settings, with your current one.'),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Set a temporary password' })).toHaveCount(0);
    await page.getByRole('link', { name: 'Change my password' }).click();
    await expect(page).toHaveURL(appUrl('/userSettings'));
  });

  test('sees the billing and address forms refuse bad values, and saves nothing', async ({ page }) => {
    await page.goto('accountSettings');
    await expect(page).toHaveTitle(titleOf('Manage Account'));
    await expect(page.getByRole('heading', { name: 'Licensing' })).toBeVisible();

    await page.getByRole('tab', { name: 'Billing' }).click();
    const billing = page.getByRole('form', { name: 'Billing' });
    await billing.getByRole('textbox', { name: 'Card number' }).fill('1234');
    await billing.getByRole('textbox', { name: 'Expiry (MM/YY)' }).fill('1320');
    await billing.getByRole('textbox', { name: 'Security code (CVV)' }).fill('1');
    await billing.getByRole('button', { name: 'Save billing' }).click();
    await expect(billing.getByText('Card number must be 15 or 16 digits')).toBeVisible();
    await expect(billing.getByText('Expiration is invalid')).toBeVisible();
    await expect(billing.getByText('Security code (CVV) must be 3 or 4 digits')).toBeVisible();
    await expect(billing.getByText('This value is required')).toBeVisible();

    await page.getByRole('tab', { name: 'Address' }).click();
    const address = page.getByRole('form', { name: 'Address' });
    await address.getByRole('textbox', { name: 'Street address' }).fill('Main Street');
    await address.getByRole('textbox', { name: 'ZIP code' }).fill('12');
    await address.getByRole('button', { name: 'Save address' }).click();
    await expectTexts(address, [addressLineMessage, zipMessage]);
    expect(await seriousViolations(page, { include: 'main' })).toEqual([]);

    // The license is the operator's to change: the corporation reads it (docs/decisions/051).
    await page.getByRole('tab', { name: 'License' }).click();
    const license = page.getByRole('form', { name: 'License' });
    await expect(license.getByRole('textbox', { name: 'Licensed properties' })).toBeDisabled();
    await expect(license.getByRole('button', { name: 'Save license' })).toHaveCount(0);
  });

  test('adds a user who uploads a profile image that shows in the header', async ({
    page,
    token,
    browser,
    baseURL,
  }) => {
    const email = `pat.${runId}@acme.test`;
    const password = 'Pat-Picture7!';
    await addUserViaApi(page.request, token!, {
      email,
      firstName: 'Pat',
      lastName: 'Picture',
      role: 'Managers',
      temporaryPassword: password,
    });

    const user = await anotherPerson(browser, baseURL);
    await login(user, email, password);
    await expect(user.getByText('Welcome back, Pat.')).toBeVisible();
    await user.goto('userSettings');
    await expect(user).toHaveTitle(titleOf('Manage My Account'));
    // A text file named like a picture is refused before it is sent.
    await user
      .locator('input[type=file]')
      .setInputFiles({ name: 'me.png', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await expect(user.getByRole('alert').filter({ hasText: 'not a PNG, JPEG or WebP image' })).toBeVisible();

    await user
      .locator('input[type=file]')
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: pngImage });
    await expect(user.getByText('Your profile picture was saved.')).toBeVisible();
    const menu = user.getByRole('button', { name: /^Account menu for Pat Picture/ });
    await expect(menu.locator('img')).toHaveAttribute('src', /^data:image\/png;base64,/);
    // Still there after a reload: the server keeps it.
    await user.reload();
    await expect(menu.locator('img')).toHaveAttribute('src', /^data:image\/png;base64,/);
    await user.context().close();
  });
});

test.describe('tenant users through the API', () => {
  test('a realtor is refused the admin endpoints', async ({ request }) => {
    const { token } = await apiLogin(request, 'realtor2@acme.test', demoPassword);
    const headers = { Authorization: `Bearer ${token}` };
    expect((await request.post('api/admin/tenantusers/query', { headers, data: {} })).status()).toBe(403);
    expect((await request.post('api/admin/corporation/query', { headers, data: {} })).status()).toBe(403);
    expect((await request.get(`api/admin/Licensing/${tenants.acme}`, { headers })).status()).toBe(403);
  });
});
