import {
  addUserViaApi,
  apiLogin,
  chooseCsvFile,
  expect,
  loginToHome,
  newCorporation,
  test,
} from './fixtures';
import { seriousViolations } from './axe';

/**
 * A corporation's default reminders (docs/decisions/060): its administrator edits them on Manage
 * Account, a manager's new client starts with them, and a CRM file without a Reminders column is
 * told about them before its clients are created with them; the homes of those clients get their
 * reminders a week ahead, as the administrator chose for new homes.
 */
test('an administrator edits the default reminders; new clients, typed or uploaded, start with them', async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(150_000);
  const corporation = await newCorporation(request, 'Defaults', { licensedProperties: 10 });

  // ── The administrator edits the set on Manage Account ──
  await loginToHome(page, corporation.email, corporation.password);
  await page.goto('accountSettings');
  const panel = page.getByRole('region', { name: 'Default reminders for new clients' });
  const items = panel.getByRole('list', { name: 'Default reminders' }).getByRole('listitem');
  await expect(items).toHaveCount(7);
  await expect(items.first()).toHaveAttribute('aria-label', 'Replace HVAC filter');
  expect(
    await seriousViolations(page, { include: 'section[aria-label="Default reminders for new clients"]' }),
  ).toEqual([]);
  await panel.getByRole('button', { name: 'Remove Test smoke and CO detectors' }).click();
  await panel.getByRole('button', { name: 'Remove Service air conditioner' }).click();
  await panel.getByRole('combobox', { name: 'How often: Replace HVAC filter' }).click();
  await page.getByRole('option', { name: 'Monthly', exact: true }).click();
  const add = panel.getByRole('combobox', { name: 'Add a task' });
  await add.click();
  await add.fill('pump sump');
  await page.getByRole('option', { name: 'Test the sump pump' }).click();
  await expect(items).toHaveCount(6);
  await panel.getByRole('button', { name: 'Save default reminders' }).click();
  await expect(panel.getByRole('status')).toHaveText('Saved. New clients will start with 6 reminders.');
  const expected = [
    'Replace HVAC filter',
    'Clean gutters and downspouts',
    'Flush the water heater',
    'Clean the dryer vent',
    'Service heating system',
    'Test the sump pump',
  ];
  // New homes' reminders a week ahead (docs/decisions/102).
  const timing = page.getByRole('radiogroup', { name: "When new clients' homes get their reminders" });
  await timing.getByRole('radio', { name: '1 week before' }).click();
  await expect(page.getByText("New homes' reminders will come 1 week before.")).toBeVisible();
  await page.reload();
  await expect(timing.getByRole('radio', { name: '1 week before' })).toBeChecked();
  await expect(items).toHaveCount(6);
  expect(await items.evaluateAll((list) => list.map((item) => item.getAttribute('aria-label')))).toEqual(
    expected,
  );

  // ── A manager's new client starts with them ──
  const { token } = await apiLogin(request, corporation.email, corporation.password);
  const managerEmail = `mia.${corporation.id}@defaults.test`;
  const managerPassword = 'Mia-Manages7!';
  await addUserViaApi(request, token, {
    email: managerEmail,
    firstName: 'Mia',
    lastName: 'Manager',
    role: 'Managers',
    temporaryPassword: managerPassword,
  });
  const managerContext = await browser.newContext({ baseURL });
  const manager = await managerContext.newPage();
  await loginToHome(manager, managerEmail, managerPassword);
  await manager.goto('clients');
  await manager.getByRole('button', { name: 'New client' }).first().click();
  const form = manager.getByRole('dialog', { name: 'New client' });
  const chosen = form.getByRole('list', { name: 'Chosen reminders' }).getByRole('listitem');
  await expect(chosen).toHaveCount(6);
  expect(await chosen.evaluateAll((list) => list.map((item) => item.getAttribute('aria-label')))).toEqual(
    expected,
  );
  await expect(form.getByRole('combobox', { name: 'How often: Replace HVAC filter' })).toHaveValue('Monthly');
  await managerContext.close();

  // ── A CRM export without a Reminders column gets them, said before creating ──
  await page.goto('clients/upload');
  await expect(page.getByText('The queue is empty')).toBeVisible();
  const lines = [
    'First name,Last name,Email,Street address,City,State,ZIP',
    `Crm,Alpha${corporation.id},crm.1.${corporation.id}@defaults.test,1 Export Way,Austin,TX,78701`,
    `Crm,Beta${corporation.id},crm.2.${corporation.id}@defaults.test,2 Export Way,Austin,TX,78701`,
  ];
  await chooseCsvFile(page, 'crm-export.csv', lines.join('\n'));
  await page.getByRole('button', { name: 'Add 2 rows to the queue' }).click();
  const notice = page.getByTestId('without-reminders');
  await expect(notice).toContainText(
    '2 rows name no reminders: they will get your default set of 6 reminders.',
    {
      timeout: 30_000,
    },
  );
  await expect(notice.getByRole('listitem')).toHaveCount(6);
  await expect(notice.getByRole('listitem').first()).toHaveText('Replace HVAC filter (monthly)');
  await page.getByRole('button', { name: 'Create 2 clients' }).click();
  await expect(page.getByTestId('process-results')).toContainText('2 clients created', { timeout: 60_000 });

  const grid = await request.post('api/clients/grid', {
    headers: { Authorization: `Bearer ${token}` },
    data: { search: `Alpha${corporation.id}` },
  });
  const rows = ((await grid.json()) as { items: Array<{ subscriptionCount: number; clientId: string }> })
    .items;
  expect(rows.map((row) => row.subscriptionCount)).toEqual([6]);
  // Its home gets its reminders a week ahead, as the corporation chose.
  const detail = await request.get(`api/clients/client/${rows[0]!.clientId}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  const { properties } = (await detail.json()) as { properties: Array<{ leadDays: number }> };
  expect(properties.map((property) => property.leadDays)).toEqual([7]);
});
