import { adminMessages } from '@homeminder/shared/contracts/admin';
import { messages } from '@homeminder/shared/validation/messages';
import { describeSignedIn, expect, test } from './fixtures';

/*
 * The error catalogue's messages (docs/requirements.md §9) reach the person in the situation each
 * names, rather than being swallowed or replaced (docs/decisions/073).
 */

describeSignedIn('an administrator', 'admin@acme.test', () => {
  test('opening a user that does not exist reads "Unable to retrieve user"', async ({
    page,
    expectConsoleErrors,
  }) => {
    expectConsoleErrors(/404/);
    await page.goto('adm/edit/user/0f0f0f0f-0000-4000-8000-00000000dead');
    await expect(page.getByText('This user cannot be shown')).toBeVisible();
    await expect(page.getByText(messages.unableUser, { exact: true })).toBeVisible();
  });

  test('a picture response without its payload is named on Manage My Account', async ({ page }) => {
    await page.route(/\/api\/id\/profile\/image/, (route) =>
      route.request().method() === 'GET' ? route.fulfill({ status: 200, body: '' }) : route.fallback(),
    );
    await page.goto('userSettings');
    await expect(page.getByText('Your picture could not be loaded')).toBeVisible();
    await expect(page.getByText(messages.payloadArgRequired, { exact: true })).toBeVisible();
  });

  test('a who-am-i without a corporation leaves the picture unasked, and says why', async ({ page }) => {
    await page.route(/\/api\/auth\/who-am-i/, async (route) => {
      const response = await route.fetch();
      const who = (await response.json()) as Record<string, unknown>;
      await route.fulfill({ response: response, json: { ...who, tenantID: null } });
    });
    await page.goto('userSettings');
    await expect(page.getByText(messages.tenantIdArgRequired, { exact: true })).toBeVisible();
  });
});

describeSignedIn('the operator, before choosing a corporation', 'sysadmin@demo.test', () => {
  test('reads the tenant message on bulk upload and client accounts', async ({ page }) => {
    await page.goto('clients/upload');
    await expect(page.getByText(adminMessages.chooseCorporationToUpload)).toBeVisible();
    await expect(page.getByText(messages.tenantRequired, { exact: true })).toBeVisible();

    await page.goto('clients');
    await expect(page.getByText(adminMessages.chooseCorporationForClients)).toBeVisible();
    await expect(page.getByText(messages.tenantRequired, { exact: true })).toBeVisible();
  });

  test('a corporation chosen earlier and no longer offered reads "selectedCompany is undefined"', async ({
    page,
  }) => {
    await page.goto('clients/upload');
    const picker = page.getByRole('combobox', { name: 'Company' });
    await picker.click();
    await picker.fill('Birch Homes');
    await page.getByRole('option', { name: 'Birch Homes', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Choose a CSV file' })).toBeVisible();

    // Birch is disabled meanwhile: the list of corporations the operator may act for leaves it out.
    await page.route(/\/api\/admin\/corporation\/query/, async (route) => {
      const response = await route.fetch();
      const list = (await response.json()) as { items: Array<{ name: string }>; totalItemCount: number };
      const items = list.items.filter((corporation) => corporation.name !== 'Birch Homes');
      await route.fulfill({ response: response, json: { ...list, items, totalItemCount: items.length } });
    });
    await page.reload();

    await expect(page.getByText(adminMessages.chosenCorporationGone)).toBeVisible();
    await expect(page.getByText(messages.selectedCompanyUndefined, { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Choose a CSV file' })).toHaveCount(0);
  });
});
