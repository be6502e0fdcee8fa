import type { APIRequestContext } from '@playwright/test';
import {
  apiLogin,
  catalogueOf,
  chooseCsvFile,
  expect,
  newCorporation,
  openBulkUpload,
  setupClientViaApi,
  test,
} from './fixtures';

/** 'DDMMMYYYY' of an instant in a zone, as the portal writes dates. */
function dayIn(at: string, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    day: '2-digit',
    month: 'short',
    year: 'numeric',
  }).formatToParts(new Date(at));
  const part = (type: string) => parts.find((candidate) => candidate.type === type)!.value;
  return `${part('day')}${part('month').toUpperCase()}${part('year')}`;
}

async function firstReminder(request: APIRequestContext, token: string) {
  const [reminder] = await catalogueOf(request, token);
  return reminder!;
}

test.describe('due dates in the corporation’s time zone', () => {
  // Acme keeps New York's zone; this browser is in Auckland, where 09:00 in New York is already
  // 02:00 or 03:00 of the next day.
  test.use({ account: 'realtor@acme.test', timezoneId: 'Pacific/Auckland' });

  test('the grid, the details and the export show the same day, and a paused property no date', async ({
    page,
    request,
    token,
  }) => {
    const reminder = await firstReminder(request, token!);
    const lastName = `Zoned${Date.now().toString(36)}`;
    const created = await setupClientViaApi(request, token!, {
      email: `${lastName.toLowerCase()}@example.net`,
      lastName,
      subscriptions: [{ reminderID: reminder.id, maintenanceFrequencyID: 1 }],
    });
    expect(created.status()).toBe(201);
    const client = (await created.json()) as {
      properties: Array<{ id: string; tenantId: string; subscriptions: Array<{ nextDueAt: string }> }>;
    };
    const dueAt = client.properties[0]!.subscriptions[0]!.nextDueAt;
    const corporationDay = dayIn(dueAt, 'America/New_York');
    expect(dayIn(dueAt, 'Pacific/Auckland')).not.toBe(corporationDay);

    await page.goto(`clients?q=${lastName}`);
    const row = page.getByRole('table', { name: 'Clients' }).locator('tbody tr');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(corporationDay);

    await row.getByRole('button').first().click();
    const detail = page.getByRole('dialog', { name: 'Client details' });
    await expect(detail.getByRole('listitem', { name: reminder.name })).toContainText(corporationDay);

    const csv = await request.post('api/clients/export', {
      headers: { Authorization: `Bearer ${token!}` },
      data: { search: lastName },
    });
    const [header, line] = (await csv.text()).trimEnd().split('\r\n');
    expect(line!.split(',')[header!.split(',').indexOf('Next due')]).toBe(corporationDay);

    // Paused: the grid says so and shows no date that will not be sent.
    const paused = await request.post('api/clients/disable', {
      headers: { Authorization: `Bearer ${token!}` },
      data: { propertyId: client.properties[0]!.id, tenantId: client.properties[0]!.tenantId },
    });
    expect(paused.status()).toBe(200);
    await page.reload();
    // The grid draws placeholder rows until the page arrives.
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Disabled: not sent');
    await expect(row).not.toContainText(corporationDay);
  });
});

test.describe('a bulk upload without reminders', () => {
  test('warns before creating rows without reminders, and the clients screen and Home count them apart', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const { id, email, password, tenantId } = await newCorporation(request, 'Crm', {
      licensedProperties: 20,
    });
    // A corporation that emptied its default reminders: rows without reminders get none.
    const { token } = await apiLogin(request, email, password);
    const emptied = await request.put(`api/corporation/settings/defaultReminders/${tenantId}`, {
      headers: { Authorization: `Bearer ${token}` },
      data: { items: [] },
    });
    expect(emptied.status(), await emptied.text()).toBe(200);

    await openBulkUpload(page, email, password);
    // A CRM's export: no Reminders column.
    const lines = [
      'First name,Last name,Email,Street address,City,State,ZIP',
      ...[1, 2, 3].map(
        (n) => `Crm,Client${'abc'[n - 1]},crm.${n}@${id}.example.com,${n} Export Way,Austin,TX,78701`,
      ),
    ];
    await chooseCsvFile(page, 'crm-export.csv', lines.join('\n'));
    await page.getByRole('button', { name: 'Add 3 rows to the queue' }).click();
    await expect(page.getByTestId('without-reminders')).toContainText(
      '3 rows ready to create have no reminders.',
      { timeout: 30_000 },
    );
    await page.getByRole('button', { name: 'Create 3 clients' }).click();
    await expect(page.getByTestId('process-results')).toContainText('3 clients created', { timeout: 60_000 });

    await page.goto('clients');
    await expect(page.getByRole('button', { name: /^No reminders: 3\./ })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Enabled: 0\./ })).toBeVisible();
    const row = page.getByRole('table', { name: 'Clients' }).locator('tbody tr');
    await expect(row).toHaveCount(3);
    await expect(row.first()).toContainText('No reminders');

    await page.goto('');
    await expect(page.getByRole('link', { name: 'No reminders: 3' })).toBeVisible();
  });
});
