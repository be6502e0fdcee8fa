import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { apiLogin, appUrl, describeSignedIn, expect, login, setupClientViaApi, test } from './fixtures';
import { seriousViolations, shotsFolder } from './axe';

/** Where the screenshots of a client opened by its link go, to look at. */
const shots = shotsFolder('client-links');

/** A new client of the demo realtor, set up through the API: returns their id and name. */
async function newClientOfRita(page: Page) {
  const { token } = await apiLogin(page.request, 'realtor@acme.test');
  const lastName = `Linked${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  const response = await setupClientViaApi(page.request, token, {
    email: `${lastName.toLowerCase()}@example.net`,
    firstName: 'Lena',
    lastName,
    line: '9 Link Lane',
  });
  expect(response.status()).toBe(201);
  const { id } = (await response.json()) as { id: string };
  return { id, name: `Lena ${lastName}`, lastName };
}

const details = (page: Page) => page.getByRole('dialog', { name: 'Client details' });

describeSignedIn("a client's details at an address of their own", 'realtor@acme.test', () => {
  test.beforeAll(() => mkdirSync(shots, { recursive: true }));

  test('open from the link on a fresh page, stay open on reload, and close with Back', async ({ page }) => {
    // Two axe checks, a reload and two visits of the grid: more than the default time on a busy machine.
    test.slow();
    const client = await newClientOfRita(page);

    // A fresh page at the client's link: the grid, with the client's details open over it.
    await page.goto(`clients?open=${client.id}`);
    await expect(details(page).getByRole('heading', { name: client.name })).toBeVisible();
    await expect(details(page).getByText('9 Link Lane')).toBeVisible();
    await expect(page).toHaveURL(appUrl(`/clients?open=${client.id}`));
    for (const [width, height] of [
      [1280, 900],
      [390, 844],
    ] as const) {
      await page.setViewportSize({ width, height });
      await expect(details(page).getByRole('heading', { name: client.name })).toBeVisible();
      expect(await seriousViolations(page), `the details at ${width} px`).toEqual([]);
      await page.screenshot({ path: path.join(shots, `client-by-link-${width}.png`) });
    }
    await page.setViewportSize({ width: 1280, height: 900 });

    await page.reload();
    await expect(details(page).getByRole('heading', { name: client.name })).toBeVisible();

    // Closing takes the client out of the address.
    await details(page).getByRole('button', { name: 'Close' }).click();
    await expect(details(page)).toBeHidden();
    await expect(page).toHaveURL(appUrl('/clients'));

    // Opened from the grid, the details name the client in the address; Back closes them.
    await page.goto(`clients?q=${client.lastName}`);
    const rows = page.getByRole('table', { name: 'Clients' }).locator('tbody tr');
    await expect(rows).toHaveCount(1);
    await rows.first().getByRole('button').click();
    await expect(details(page).getByRole('heading', { name: client.name })).toBeVisible();
    await expect(page).toHaveURL(appUrl(`/clients?q=${client.lastName}&open=${client.id}`));
    await page.goBack();
    await expect(details(page)).toBeHidden();
    await expect(page).toHaveURL(appUrl(`/clients?q=${client.lastName}`));
    await expect(rows).toHaveCount(1);
    // And Forward opens them again.
    await page.goForward();
    await expect(details(page).getByRole('heading', { name: client.name })).toBeVisible();
  });

  test("a Home tile opens the grid with the tile's filter", async ({ page }) => {
    await page.goto('');
    await page.getByRole('link', { name: /^Pending set-up:/ }).click();
    await expect(page).toHaveURL(appUrl('/clients?status=pending'));
    await expect(page.getByRole('button', { name: /^Pending: .*Show pending properties$/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await page.goBack();
    await page.getByRole('link', { name: /^Disabled properties:/ }).click();
    await expect(page).toHaveURL(appUrl('/clients?status=disabled'));
    await expect(
      page.getByRole('button', { name: /^Disabled: .*Show disabled properties$/ }),
    ).toHaveAttribute('aria-pressed', 'true');
  });
});

describeSignedIn("another realtor's client link", 'realtor2@acme.test', () => {
  test('says the client is not found here, with the way back to the list', async ({
    page,
    expectConsoleErrors,
  }) => {
    // Two accessibility scans and two screenshots outlast the default budget on a busy machine.
    test.slow();
    // The browser reports the server's 404 for a client outside the realtor's scope.
    expectConsoleErrors(/status of 404/);
    // Created before this page's first load, by the other realtor.
    const client = await newClientOfRita(page);
    await page.goto(`clients?open=${client.id}`);
    const panel = details(page);
    await expect(panel.getByRole('alert')).toContainText('This client was not found.');
    await expect(panel.getByText(client.lastName)).toHaveCount(0);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      expect(await seriousViolations(page), `the message at ${width} px`).toEqual([]);
      await page.screenshot({ path: path.join(shots, `client-not-found-${width}.png`) });
    }
    await panel.getByRole('button', { name: 'Back to the client list' }).click();
    await expect(panel).toBeHidden();
    await expect(page).toHaveURL(appUrl('/clients'));
    await expect(page.getByRole('heading', { level: 1, name: 'Client Account Information' })).toBeVisible();
  });
});

test("a client's link opened signed out comes to the client after Login", async ({ page }) => {
  const client = await newClientOfRita(page);
  await page.goto(`clients?open=${client.id}`);
  await expect(page).toHaveURL(appUrl(`/login?to=${encodeURIComponent(`/clients?open=${client.id}`)}`));
  await login(page, 'realtor@acme.test');
  await expect(page).toHaveURL(appUrl(`/clients?open=${client.id}`));
  await expect(details(page).getByRole('heading', { name: client.name })).toBeVisible();
});
