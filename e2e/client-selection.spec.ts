import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext, Page } from '@playwright/test';
import { seriousViolations } from './axe';
import { expectQueueSummary } from './bulk-queue';
import {
  addUserViaApi,
  apiLogin,
  chooseCsvFile,
  expect,
  loginToHome,
  newCorporation,
  openBulkUpload,
  test,
} from './fixtures';

/**
 * The client grid acts on many rows at once (docs/decisions/080): a manager imports two CRM
 * exports, selects every client of a filter and gives them another realtor in one request, which
 * the audit log shows as one entry; a page of rows is disabled, enabled, exported, invited and
 * deleted; Manage users enables and disables a selection.
 */

const fixture = (name: string) =>
  readFileSync(fileURLToPath(new URL(`../fixtures/crm/${name}`, import.meta.url)), 'utf8');

const password = 'Mia-Selects7!';

/** A corporation of its own with two realtors and a manager, each able to sign in. */
async function corporationWithPeople(request: APIRequestContext, word: string) {
  const corporation = await newCorporation(request, word, { licensedProperties: 200 });
  const { token } = await apiLogin(request, corporation.email, corporation.password);
  const person = (firstName: string, lastName: string, role: string) => ({
    email: `${firstName.toLowerCase()}.${corporation.id}@${word.toLowerCase()}.test`,
    firstName,
    lastName,
    role,
  });
  const people = {
    rita: person('Rita', 'Realtor', 'Realtor'),
    ray: person('Ray', 'Reyes', 'Realtor'),
    manager: person('Mia', 'Manager', 'Managers'),
  };
  const ids: Record<string, string> = {};
  for (const [key, one] of Object.entries(people)) {
    ids[key] = await addUserViaApi(request, token, { ...one, temporaryPassword: password });
  }
  return { corporation, token, people, ids };
}

/** Every client of the corporation with their realtor's name, by email, through the API. */
async function realtorsByEmail(request: APIRequestContext, token: string) {
  const grid = await request.post('api/clients/grid', {
    headers: { Authorization: `Bearer ${token}` },
    data: { page: 1, pageSize: 'all' },
  });
  expect(grid.status(), await grid.text()).toBe(200);
  const { items } = (await grid.json()) as { items: Array<{ email: string; realtorName: string | null }> };
  return new Map(items.map((row) => [row.email, row.realtorName]));
}

/** Chooses a realtor for a queued row whose agent is not one of the corporation's. */
async function fixAgent(page: Page, line: number, agent: string, realtor: string) {
  await page.getByRole('button', { name: `Edit line ${line}` }).click();
  const dialog = page.getByRole('dialog', { name: `Edit line ${line}` });
  const choice = dialog.getByRole('combobox', { name: 'Realtor' });
  await expect(choice).toHaveValue(`${agent} (not a realtor of the company)`);
  await choice.click();
  await page.getByRole('option', { name: realtor }).click();
  await dialog.getByRole('button', { name: 'Save row' }).click();
  await expect(dialog).toBeHidden();
}

/** The realtor a Follow Up Boss row names, as the import matches it: by name, in any case and spacing. */
function agentOf(cell: string): string | null {
  const name = cell.trim().replace(/\s+/g, ' ').toLowerCase();
  return name === 'rita realtor' ? 'Rita Realtor' : name === 'ray reyes' ? 'Ray Reyes' : name ? cell : null;
}

test('a manager imports two CRM exports, then gives every client of a filter another realtor in one action, logged once', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const { corporation, token, people, ids } = await corporationWithPeople(request, 'Select');
  const domain = `${corporation.id}.fub.example`;
  const followUpBoss = fixture('follow-up-boss-120.csv').replaceAll('@fub.example', `@${domain}`);
  const kvDomain = `${corporation.id}.kv.example`;
  const kvCore = fixture('kvcore-semicolons.csv').replaceAll('@kv.example', `@${kvDomain}`);

  // ── The 120 Follow Up Boss contacts: three name an agent the corporation does not have.
  await page.setViewportSize({ width: 1280, height: 900 });
  await openBulkUpload(page, people.manager.email, password);
  await chooseCsvFile(page, 'follow-up-boss-120.csv', followUpBoss);
  await expect(page.getByRole('combobox', { name: 'Realtor', exact: true })).toHaveValue('Assigned To');
  await page.getByRole('button', { name: 'Add 120 rows to the queue' }).click();
  await expectQueueSummary(page, 120, 3, 60_000);
  await page.getByRole('switch', { name: 'Only rows with problems' }).check();
  await expect(page.getByTestId('queue-row')).toHaveCount(3);
  await expect(page.getByTestId('queue-row').first()).toContainText(
    '"Nora Nobody" is not a realtor of the company.',
  );
  const rita = `Rita Realtor (${people.rita.email})`;
  const ray = `Ray Reyes (${people.ray.email})`;
  await fixAgent(page, 18, 'Nora Nobody', rita);
  await fixAgent(page, 59, 'Sam Stranger', ray);
  await fixAgent(page, 102, 'Nora Nobody', rita);
  await expectQueueSummary(page, 120, 0);
  await page.getByRole('button', { name: 'Create 120 clients' }).click();
  await expect(page.getByTestId('process-results')).toContainText('120 clients created', { timeout: 90_000 });

  // ── The kvCORE export, with semicolons: its agent by email, one of another corporation.
  await page.goto('clients/upload');
  await chooseCsvFile(page, 'kvcore-semicolons.csv', kvCore);
  await expect(page.getByRole('combobox', { name: 'Realtor', exact: true })).toHaveValue('Agent Email');
  await page.getByRole('button', { name: 'Add 3 rows to the queue' }).click();
  await expectQueueSummary(page, 3, 1);
  await page.getByRole('button', { name: 'Edit line 2' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit line 2' });
  await dialog.getByRole('combobox', { name: 'Realtor' }).click();
  await page.getByRole('option', { name: ray }).click();
  await dialog.getByRole('button', { name: 'Save row' }).click();
  await expectQueueSummary(page, 3, 0);
  await page.getByRole('button', { name: 'Create 3 clients' }).click();
  await expect(page.getByTestId('process-results')).toContainText('3 clients created', { timeout: 60_000 });

  // Each client landed with the realtor its row named, or the one chosen for it.
  const fixed = new Map([
    [18, 'Rita Realtor'],
    [59, 'Ray Reyes'],
    [102, 'Rita Realtor'],
  ]);
  const expected = new Map<string, string | null>();
  followUpBoss
    .trim()
    .split(/\r?\n/)
    .slice(1)
    .forEach((line, index) => {
      const cells = line.slice(1, -1).split('","');
      expected.set(cells[3]!, fixed.get(index + 2) ?? agentOf(cells[11]!));
    });
  expected.set(`lena.lowe@${kvDomain}`, 'Ray Reyes');
  expected.set(`milo.marsh@${kvDomain}`, null);
  expected.set(`nina.north@${kvDomain}`, null);
  const landed = await realtorsByEmail(request, token);
  expect(Object.fromEntries(landed)).toEqual(Object.fromEntries(expected));
  const rays = [...expected.values()].filter((name) => name === 'Ray Reyes').length;

  // ── On the grid: Ray's clients, every one of the filter selected, given to Rita in one action.
  await page.goto(`clients?realtor=${ids['ray']}&size=25`);
  const grid = page.getByRole('table', { name: 'Clients' });
  await expect(grid.getByRole('row')).toHaveCount(26);
  const requests: string[] = [];
  page.on('request', (sent) => {
    if (sent.url().includes('/api/clients/bulk')) requests.push(sent.url());
  });
  // The header checkbox by keyboard, as the row checkboxes are named after their client.
  await page.getByRole('checkbox', { name: 'Select all on this page' }).focus();
  await page.keyboard.press('Space');
  await expect(page.getByText('All 25 on this page are selected.')).toBeVisible();
  await expect(grid.getByRole('checkbox', { name: /^Select / }).first()).toBeChecked();
  await page.getByRole('button', { name: `Select all ${rays} matching clients` }).click();
  await expect(page.getByText(`All ${rays} matching clients are selected.`)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Assign realtor' }).click();
  const assign = page.getByRole('dialog', { name: `Assign a realtor to ${rays} clients` });
  await assign.getByRole('combobox', { name: 'Realtor' }).click();
  await page.getByRole('option', { name: 'Rita Realtor' }).click();
  await assign.getByRole('button', { name: `Assign ${rays} clients` }).click();
  await expect(page.getByRole('status').filter({ hasText: 'assigned' })).toHaveText(
    `${rays} clients assigned to Rita Realtor.`,
  );
  expect(requests).toHaveLength(1);
  await expect(page.getByText('No clients match')).toBeVisible();
  const after = await realtorsByEmail(request, token);
  expect([...after.values()].filter((name) => name === 'Ray Reyes')).toHaveLength(0);

  // The audit log, which the corporation's administrator reads, shows the action once.
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  await page.context().clearCookies();
  await loginToHome(page, corporation.email, corporation.password);
  await page.goto('adm/audit?action=clients.realtor-assigned-bulk');
  const log = page.getByRole('table', { name: 'Audit log' });
  await expect(log.getByRole('row')).toHaveCount(2);
  const entry = log.getByRole('row').nth(1);
  await expect(entry).toContainText('Mia Manager');
  await expect(entry).toContainText(`Assigned clients to a realtor · Rita Realtor · ${rays} clients`);
});

/** Clients set up one by one through the API, each Rita's. */
async function addClients(request: APIRequestContext, token: string, tag: string, count: number) {
  for (let n = 1; n <= count; n += 1) {
    const response = await request.put('api/clients/setup', {
      headers: { Authorization: `Bearer ${token}` },
      data: {
        clientUser: {
          firstName: 'Client',
          lastName: `Number${String(n).padStart(2, '0')}`,
          email: `client.${n}@${tag}.example`,
          phone: '(555) 123-4567',
        },
        property: { line: `${n} Harbor Road`, city: 'Austin', state: 'TX', zip: '78701' },
        subscriptions: [],
      },
    });
    expect(response.status(), await response.text()).toBe(201);
  }
}

test('a page of clients is disabled, enabled, exported, invited and deleted, at both widths', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const { corporation, people } = await corporationWithPeople(request, 'Pages');
  const rita = await apiLogin(request, people.rita.email, password);
  await addClients(request, rita.token, corporation.id, 12);

  await page.setViewportSize({ width: 1280, height: 900 });
  await loginToHome(page, people.manager.email, password);
  await page.goto('clients?size=10');
  const grid = page.getByRole('table', { name: 'Clients' });
  const result = page.getByRole('status').filter({ hasText: /\./ });

  // A row by keyboard, then the whole page.
  const first = grid.getByRole('checkbox', { name: 'Select Client Number01, 1 Harbor Road' });
  await first.focus();
  await page.keyboard.press('Space');
  await expect(page.getByText('1 selected')).toBeVisible();
  await page.getByRole('checkbox', { name: 'Select all on this page' }).check();
  await expect(page.getByText('10 selected')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Disable', exact: true }).click();
  await expect(result).toHaveText('10 properties disabled.');
  await expect(grid.getByText('Disabled', { exact: true })).toHaveCount(10);
  await page.getByRole('checkbox', { name: 'Select all on this page' }).check();
  await page.getByRole('button', { name: 'Enable', exact: true }).click();
  await expect(result).toHaveText('10 properties enabled.');

  // The export holds exactly the rows selected.
  await grid.getByRole('checkbox', { name: 'Select Client Number02, 2 Harbor Road' }).check();
  await grid.getByRole('checkbox', { name: 'Select Client Number03, 3 Harbor Road' }).check();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export selected' }).click(),
  ]);
  const csv = readFileSync(await download.path(), 'utf8')
    .trim()
    .split(/\r?\n/);
  expect(csv).toHaveLength(3);
  expect(csv[1]).toContain(`client.2@${corporation.id}.example`);
  expect(csv[2]).toContain(`client.3@${corporation.id}.example`);
  await page.getByRole('button', { name: 'Clear selection' }).click();

  // Invitations within the per-client limit: the fourth in the hour is skipped.
  const invite = async () => {
    await grid.getByRole('checkbox', { name: 'Select Client Number04, 4 Harbor Road' }).check();
    await page.getByRole('button', { name: 'Invite to sign in' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Invite 1 client' }).click();
  };
  for (let round = 0; round < 3; round += 1) {
    await invite();
    await expect(result).toHaveText('1 client invited to sign in.');
    await page.getByRole('button', { name: 'Dismiss' }).click();
  }
  await invite();
  await expect(result).toHaveText('0 clients invited to sign in. 1 skipped: invited too often this hour.');

  // Deleting asks first, naming the count; the single delete has no undo, nor does this.
  await grid.getByRole('checkbox', { name: 'Select Client Number05, 5 Harbor Road' }).check();
  await grid.getByRole('checkbox', { name: 'Select Client Number06, 6 Harbor Road' }).check();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete 2 clients?' });
  await expect(confirm).toContainText('This cannot be undone.');
  await confirm.getByRole('button', { name: 'Delete 2 clients' }).click();
  await expect(result).toHaveText('2 clients deleted.');
  await expect(page.getByText('1–10 of 10')).toBeVisible();

  // On a phone: the cards carry the checkboxes and the actions fit the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Dismiss' }).click();
  await page.getByRole('checkbox', { name: 'Select all on this page' }).check();
  await expect(page.getByText('10 selected')).toBeVisible();
  await expect(
    page.getByRole('list', { name: 'Clients' }).getByRole('checkbox', { name: /^Select Client/ }),
  ).toHaveCount(10);
  const bar = page.getByRole('region', { name: 'Selection' });
  const box = (await bar.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Disable', exact: true }).click();
  await expect(result).toHaveText('10 properties disabled.');
});

test('Manage users enables and disables a selection, never the own account', async ({ page, request }) => {
  const { corporation, people } = await corporationWithPeople(request, 'Users');
  await loginToHome(page, corporation.email, corporation.password);
  await page.goto('adm/manage-users');
  const grid = page.getByRole('table', { name: 'Users' });
  await grid.getByRole('checkbox', { name: `Select ${people.ray.firstName} ${people.ray.lastName}` }).check();
  await grid.getByRole('checkbox', { name: 'Select Ada Users' }).check();
  await page.getByRole('button', { name: 'Disable', exact: true }).click();
  const result = page.getByRole('status').filter({ hasText: /\./ });
  await expect(result).toHaveText('1 user disabled. 1 skipped: your own account.');
  await grid.getByRole('checkbox', { name: 'Select Ray Reyes' }).check();
  await page.getByRole('button', { name: 'Enable', exact: true }).click();
  await expect(result).toHaveText('1 user enabled.');
});
