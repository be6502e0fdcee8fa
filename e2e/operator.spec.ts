import type { APIRequestContext, Page } from '@playwright/test';
import { apiLogin, appUrl, describeSignedIn, expect, savedSession, signInWithToken, test } from './fixtures';
import { seriousViolations } from './axe';

/** The email of one client of a realtor, as that realtor's own client list gives it. */
async function clientEmailOf(request: APIRequestContext, realtorEmail: string): Promise<string> {
  const { token } = await apiLogin(request, realtorEmail);
  const response = await request.post('api/clients/grid', {
    headers: { Authorization: `Bearer ${token}` },
    data: { page: 1, pageSize: 1 },
  });
  expect(response.status()).toBe(200);
  const { items } = (await response.json()) as { items: { email: string }[] };
  expect(items.length, `${realtorEmail} has clients`).toBe(1);
  return items[0]!.email;
}

async function searchClients(page: Page, text: string) {
  await page.getByRole('searchbox', { name: 'Search' }).fill(text);
  await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(text).replace(/\./g, '\\.')}`));
}

describeSignedIn('acting as another user', 'admin@acme.test', () => {
  test('a corporate administrator acts as a realtor, sees only her clients, switches back, and the audit log names both', async ({
    page,
  }) => {
    // Two identities, two axe checks and four screens: longer than most journeys on a busy machine.
    test.slow();
    const ritasClient = await clientEmailOf(page.request, 'realtor@acme.test');
    const raysClient = await clientEmailOf(page.request, 'realtor2@acme.test');

    await page.goto('adm/manage-users');
    await page.getByRole('button', { name: 'Actions for Rita Realtor' }).click();
    await page.getByRole('menuitem', { name: 'Act as Rita' }).click();
    const dialog = page.getByRole('dialog', { name: 'Act as Rita Realtor?' });
    await expect(dialog).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Act as Rita' }).click();

    // Home, through /ImpersonationRedirect, with the banner and the realtor's menu.
    const banner = page.getByText('You are acting as Rita Realtor');
    await expect(banner).toBeVisible();
    await expect(page).toHaveURL(appUrl('/'));
    const navigation = page.getByRole('navigation');
    await expect(navigation.getByRole('link', { name: 'Client accounts' })).toBeVisible();
    await expect(navigation.getByRole('link', { name: 'Manage users' })).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);

    // Her clients are there; another realtor's are not.
    await navigation.getByRole('link', { name: 'Client accounts' }).click();
    await expect(banner).toBeVisible();
    await searchClients(page, ritasClient);
    await expect(page.getByRole('cell', { name: ritasClient })).toBeVisible();
    await searchClients(page, raysClient);
    await expect(page.getByText('No clients match')).toBeVisible();
    await expect(page.getByRole('cell', { name: raysClient })).toHaveCount(0);

    const { bearerToken, impersonatedToken } = await savedSession(page);
    expect(impersonatedToken).toBeTruthy();
    await page.getByRole('link', { name: 'Stop acting' }).click();
    await expect(page).toHaveURL(appUrl('/'));
    await expect(banner).toBeHidden();
    // Switching back ended the acting token on the server too: a copy of it is worth nothing.
    const stale = await page.request.get('api/auth/who-am-i', {
      headers: { Authorization: `Bearer ${bearerToken}`, Impersonation: `Impersonated ${impersonatedToken}` },
    });
    expect(stale.status()).toBe(403);
    await expect(page.getByRole('navigation').getByRole('link', { name: 'Manage users' })).toBeVisible();

    // The administrator again sees every realtor's clients.
    await page.goto('clients');
    await searchClients(page, raysClient);
    await expect(page.getByRole('cell', { name: raysClient })).toBeVisible();

    // One entry for the whole session, naming both people.
    await page.goto('adm/audit?action=auth.impersonation-started');
    const started = page.getByRole('row').filter({ hasText: 'Acted as another user' }).first();
    await expect(started).toContainText('Alice Admin as Rita Realtor');
    await expect(started).toContainText(/\d+ requests, ended/);
  });
});

describeSignedIn('operator tools', 'sysadmin@demo.test', () => {
  test('the operator creates a notification that a realtor then sees under the bell', async ({
    page,
    browser,
  }) => {
    const title = `Planned maintenance ${Date.now()}`;
    await page.goto('sys/notifications');
    await page.getByRole('button', { name: 'New message' }).click();
    const dialog = page.getByRole('dialog', { name: 'New message' });
    await dialog.getByRole('textbox', { name: 'Title' }).fill(title);
    await dialog
      .getByRole('textbox', { name: 'Message' })
      .fill('The portal pauses on Sunday from 2 to 3 am.');
    await dialog.getByRole('button', { name: 'Create message' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('row').filter({ hasText: title })).toContainText('active');

    const realtorContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    try {
      const realtor = await realtorContext.newPage();
      await signInWithToken(realtor, 'realtor@acme.test');
      await realtor.goto('');
      await realtor.getByRole('button', { name: /^Notifications: \d+ new$/ }).click();
      await expect(realtor.getByRole('dialog').getByText(title)).toBeVisible();
    } finally {
      await realtorContext.close();
    }
  });

  test('a template is created, its file uploaded and downloaded unchanged', async ({ page }) => {
    const key = `letter-${Date.now()}`;
    const name = `Welcome letter ${Date.now()}`;
    const pdf = Buffer.from(
      '%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n' +
        '2 0 obj <</Type /Pages /Kids [] /Count 0>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n',
    );

    await page.goto('sys/templates');
    await expect(page).toHaveTitle('HomeMinder - Templates');
    await page.getByRole('button', { name: 'New template' }).click();
    const dialog = page.getByRole('dialog', { name: 'New template' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
    await dialog.getByRole('textbox', { name: 'Template id' }).fill(key);
    await dialog.getByRole('button', { name: 'Create template' }).click();
    await expect(dialog).toBeHidden();

    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toContainText('No file yet');
    const chooser = page.waitForEvent('filechooser');
    await row.getByRole('button', { name: `Upload file of ${name}` }).click();
    await (await chooser).setFiles({ name: 'welcome.pdf', mimeType: 'application/pdf', buffer: pdf });
    await expect(row).toContainText('welcome.pdf');
    await expect(row).toContainText('PDF');
    expect(await seriousViolations(page)).toEqual([]);

    // The id and the name are checked as soon as they are typed.
    await page.getByRole('button', { name: 'New template' }).click();
    await dialog.getByRole('textbox', { name: 'Template id' }).fill(key);
    await dialog.getByRole('textbox', { name: 'Name' }).fill(name.toUpperCase());
    await dialog.getByRole('textbox', { name: 'Template id' }).focus();
    await expect(
      dialog.getByText('A template with this id already exists. Choose another id.'),
    ).toBeVisible();
    await expect(
      dialog.getByText('A template with this name already exists. Choose another name.'),
    ).toBeVisible();
    // What was typed is not thrown away without asking.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page
      .getByRole('dialog', { name: 'Discard your changes?' })
      .getByRole('button', { name: 'Discard changes' })
      .click();
    await expect(dialog).toBeHidden();

    const download = page.waitForEvent('download');
    await row.getByRole('button', { name: `Download file of ${name}` }).click();
    const saved = await download;
    expect(saved.suggestedFilename()).toBe('welcome.pdf');
    const stream = await saved.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(pdf)).toBe(true);
  });
});
