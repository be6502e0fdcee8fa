import type { Page } from '@playwright/test';
import { adminMessages } from '@homeminder/shared/contracts/admin';
import { licenseMessages } from '@homeminder/shared/license';
import { messages } from '@homeminder/shared/validation/messages';
import { seriousViolations } from './axe';
import {
  apiLogin,
  appUrl,
  describeSignedIn,
  expect,
  login,
  newCorporation,
  setupClientViaApi,
  tenants,
  test,
} from './fixtures';

/*
 * The license and the operator's screens (docs/decisions/051): only the operator sets a license,
 * never below what is in use; after its last day the screens say why nothing can be enabled; the
 * operator's Home, client accounts and bulk upload ask for a corporation instead of showing their own.
 */

async function chooseCorporation(page: Page, name: string) {
  const picker = page.getByRole('combobox', { name: 'Company' });
  await picker.click();
  await picker.fill(name);
  await page.getByRole('option', { name, exact: true }).click();
}

describeSignedIn('the operator', 'sysadmin@demo.test', () => {
  test("Home counts no license and no clients of the operator's own corporation, and does not alarm", async ({
    page,
  }) => {
    await page.goto('');
    await expect(page.getByText('Corporations', { exact: true })).toBeVisible();
    await expect(page.getByText('License use')).toHaveCount(0);
    await expect(page.getByText('No licenses are left.')).toHaveCount(0);
    await expect(page.getByRole('link', { name: /^Clients:/ })).toHaveCount(0);
    // Nor reminders of clients it does not hold, once the app has rendered the page and asked for
    // all it wanted.
    await expect(page.getByText('Welcome back, Sam.')).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expect(page.getByText('Upcoming reminders')).toHaveCount(0);
    await expect(page.getByText('Reminder activity')).toHaveCount(0);
  });

  test('client accounts ask for a corporation first, keep it in the address, and only then offer a new client', async ({
    page,
  }) => {
    await page.goto('clients');
    await expect(page.getByText(adminMessages.chooseCorporationForClients)).toBeVisible();
    await expect(page.getByRole('button', { name: 'New client' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Export CSV' })).toHaveCount(0);

    await chooseCorporation(page, 'Birch Homes');
    await expect(page).toHaveURL(appUrl(`/clients?company=${tenants.birch}`));
    await expect(page.getByText(/^1–10 of \d+$/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'New client' })).toBeVisible();
    expect(await seriousViolations(page, { include: 'main' })).toEqual([]);

    // The grid's own changes keep the corporation; a reload comes back to it.
    await page.getByRole('searchbox', { name: 'Search' }).fill('example.org');
    await expect(page).toHaveURL(/\?(?=.*q=example\.org)(?=.*company=0b0b0b0b-0000-4000-8000-000000000b1c)/);
    await page.goto(`clients?company=${tenants.birch}`);
    await expect(page.getByRole('combobox', { name: 'Company' })).toHaveValue('Birch Homes');
    await expect(page.getByText(/^1–10 of \d+$/)).toBeVisible();
  });

  test("sets a client up in the chosen corporation, and it is listed there, not in the operator's own", async ({
    page,
    request,
  }) => {
    const corporation = await newCorporation(request, 'License', {
      licensedProperties: 5,
      licenseStartsOn: '2026-01-01',
      licenseEndsOn: '2030-12-31',
    });
    await page.goto(`clients?company=${corporation.tenantId}`);
    await expect(page.getByRole('combobox', { name: 'Company' })).toHaveValue(corporation.name);
    await page.getByRole('button', { name: 'New client' }).first().click();
    const form = page.getByRole('dialog', { name: 'New client' });
    await form.getByRole('textbox', { name: 'First name' }).fill('Olga');
    await form.getByRole('textbox', { name: 'Last name' }).fill('Operated');
    await form.getByRole('textbox', { name: 'Email' }).fill(`olga.${corporation.id}@license.test`);
    await form.getByRole('textbox', { name: 'Street address' }).fill('12 Harbor Road');
    await form.getByRole('textbox', { name: 'City' }).fill('Springfield');
    const state = form.getByRole('combobox', { name: 'State' });
    await state.click();
    await state.fill('Illinois');
    await page.getByRole('option', { name: 'Illinois (IL)' }).click();
    await form.getByRole('textbox', { name: 'ZIP code' }).fill('62704');
    await form.getByRole('button', { name: 'Set up client' }).click();
    await expect(page.getByRole('dialog', { name: 'Client details' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('table', { name: 'Clients' }).getByText('Olga Operated')).toBeVisible();

    // The corporation's own administrator finds the client in their list.
    const { token } = await apiLogin(request, corporation.email, corporation.password);
    const grid = await request.post('api/clients/grid', {
      headers: { Authorization: `Bearer ${token}` },
      data: {},
    });
    expect(((await grid.json()) as { totalItemCount: number }).totalItemCount).toBe(1);
  });

  test('bulk upload asks for the corporation before anything else', async ({ page }) => {
    await page.goto('clients/upload');
    await expect(page.getByRole('combobox', { name: 'Company' })).toBeVisible();
    await expect(page.getByText(adminMessages.chooseCorporationToUpload)).toBeVisible();
    // The prompt first, then the catalogue's reason (decision 073).
    await expect(page.getByText(messages.tenantRequired)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Choose a CSV file' })).toHaveCount(0);
  });

  test('sets a license, but never below the properties in use', async ({
    page,
    request,
    expectConsoleErrors,
  }) => {
    // The browser logs the server's refusal (409) of the count below what is in use.
    expectConsoleErrors(/status of 409.*\/api\/corporation\/settings\/tenantLicense\//i);
    const corporation = await newCorporation(request, 'License', {
      licensedProperties: 5,
      licenseStartsOn: '2026-01-01',
      licenseEndsOn: '2030-12-31',
    });
    const { token } = await apiLogin(request, corporation.email, corporation.password);
    for (const n of [1, 2]) {
      const response = await setupClientViaApi(request, token, {
        email: `c${n}.${corporation.id}@license.test`,
      });
      expect(response.status(), await response.text()).toBe(201);
    }
    await page.goto(`adm/manage/${corporation.tenantId}`);
    await page.getByRole('tab', { name: 'License' }).click();
    const license = page.getByRole('form', { name: 'License' });
    const count = license.getByRole('textbox', { name: 'Licensed properties' });
    await count.fill('1');
    await license.getByRole('button', { name: 'Save license' }).click();
    await expect(license.getByText(licenseMessages.belowUse(2))).toBeVisible();
    await count.fill('2');
    await license.getByRole('button', { name: 'Save license' }).click();
    await expect(page.getByText('License saved.')).toBeVisible();
  });
});

test.describe('a corporation whose license has ended', () => {
  test('is told so on Home, sees its license read-only with whom to ask, and can only add pending properties', async ({
    page,
    request,
  }) => {
    const corporation = await newCorporation(request, 'License', {
      licensedProperties: 10,
      licenseStartsOn: '2025-01-01',
      licenseEndsOn: '2025-12-31',
    });
    await login(page, corporation.email, corporation.password);
    await expect(page.getByText(licenseMessages.endedOnHome('2025-12-31'))).toBeVisible();

    await page.goto('accountSettings');
    await expect(page.getByRole('status').filter({ hasText: 'The license has ended' })).toBeVisible();
    await page.getByRole('tab', { name: 'License' }).click();
    const license = page.getByRole('form', { name: 'License' });
    await expect(license.getByRole('textbox', { name: 'Licensed properties' })).toBeDisabled();
    await expect(license.getByText(licenseMessages.whomToAsk)).toBeVisible();
    await expect(license.getByRole('link', { name: 'Contact HomeMinder' })).toBeVisible();
    await expect(license.getByRole('button', { name: 'Save license' })).toHaveCount(0);

    await page.goto('clients');
    await page.getByRole('button', { name: 'New client' }).first().click();
    const pending = page.getByRole('checkbox', { name: /Pending/ });
    await expect(pending).toBeChecked();
    await expect(pending).toBeDisabled();
    await expect(page.getByText(licenseMessages.endedChoice('2025-12-31'))).toBeVisible();
  });
});
