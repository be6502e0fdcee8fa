import { mkdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { seriousViolations } from './axe';
import { expectQueueSummary } from './bulk-queue';
import {
  addUserViaApi,
  apiLogin,
  chooseCsvFile,
  dismissNotifications,
  expect,
  newCorporation,
  openBulkUpload,
  test,
} from './fixtures';

/**
 * A Follow Up Boss contact export whose agents are named in "Assigned To": each client lands with
 * its realtor, an unknown agent is fixed in the row's dialog, and the summary says before creating
 * how many rows will have no realtor (docs/decisions/079).
 */

const followUpBoss = readFileSync(
  fileURLToPath(new URL('../fixtures/crm/follow-up-boss.csv', import.meta.url)),
  'utf8',
);

/** Where the screenshots go when IMPORT_SHOTS names a folder. */
const shots = process.env['IMPORT_SHOTS'];

/** A phone first, then a desktop: each picture kept when asked to, the page left at the phone's width. */
async function atBothWidths(page: Page, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    if (shots) {
      // The page from its top, with no control focused, as a reader first sees it.
      await page.evaluate(() => {
        (document.activeElement as HTMLElement | null)?.blur();
        window.scrollTo(0, 0);
      });
      mkdirSync(shots, { recursive: true });
      await page.screenshot({ path: `${shots}/${name}-${width}.png`, fullPage: true });
    }
  }
  await page.setViewportSize({ width: 390, height: 844 });
}

test('a manager imports a Follow Up Boss export: named agents become realtors, an unknown one is chosen in the dialog', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const corporation = await newCorporation(request, 'Agent', { licensedProperties: 20 });
  const { token } = await apiLogin(request, corporation.email, corporation.password);
  const people = [
    { email: `rita.${corporation.id}@agent.test`, firstName: 'Rita', lastName: 'Realtor', role: 'Realtor' },
    { email: `ray.${corporation.id}@agent.test`, firstName: 'Ray', lastName: 'Reyes', role: 'Realtor' },
    { email: `mia.${corporation.id}@agent.test`, firstName: 'Mia', lastName: 'Manager', role: 'Managers' },
  ];
  const password = 'Mia-Imports7!';
  for (const person of people)
    await addUserViaApi(request, token, { ...person, temporaryPassword: password });
  const [, ray, manager] = people as [(typeof people)[0], (typeof people)[0], (typeof people)[0]];
  const domain = `${corporation.id}.fub.example`;

  await openBulkUpload(page, manager.email, password);
  await chooseCsvFile(page, 'follow-up-boss.csv', followUpBoss.replaceAll('@fub.example', `@${domain}`));
  // The agent column is recognised, and the file may give its rows without one a realtor.
  await expect(page.getByRole('combobox', { name: 'Realtor', exact: true })).toHaveValue('Assigned To');
  await expect(page.getByRole('combobox', { name: 'Realtor for rows without one' })).toHaveValue(
    'No realtor',
  );
  await expect(page.getByText('Given to the rows whose Realtor cell is empty.')).toBeVisible();
  await atBothWidths(page, 'import-mapping');
  await page.getByRole('button', { name: 'Add 6 rows to the queue' }).click();
  await expectQueueSummary(page, 6, 1);
  await expect(page.getByTestId('queue-row').filter({ hasText: 'Ivy' })).toContainText(
    '"Nora Nobody" is not a realtor of the company.',
  );

  // The unknown agent is replaced by a realtor chosen from the corporation's.
  await page.getByRole('button', { name: 'Edit line 4' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit line 4' });
  const choice = dialog.getByRole('combobox', { name: 'Realtor' });
  await expect(choice).toHaveValue('Nora Nobody (not a realtor of the company)');
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await seriousViolations(page), `the row dialog at ${width}px`).toEqual([]);
  }
  await choice.click();
  await page.getByRole('option', { name: `Ray Reyes (${ray.email})` }).click();
  await dialog.getByRole('button', { name: 'Save row' }).click();
  await expect(dialog).toBeHidden();
  await expectQueueSummary(page, 6, 0);

  // Said before creating: the two rows with an empty "Assigned To" will be nobody's.
  await expect(page.getByTestId('without-realtor')).toHaveText(
    '2 rows will have no realtor. Choose a realtor for rows without one, or give them one on the Clients screen once they are created.',
  );
  await dismissNotifications(page);
  await atBothWidths(page, 'import-summary');
  await page.getByRole('button', { name: 'Create 6 clients' }).click();
  await expect(page.getByTestId('process-results')).toContainText('6 clients created', { timeout: 60_000 });

  // Each client has the realtor its row named.
  const grid = await request.post('api/clients/grid', {
    headers: { Authorization: `Bearer ${token}` },
    data: { page: 1, pageSize: 50 },
  });
  expect(grid.status(), await grid.text()).toBe(200);
  const rows = ((await grid.json()) as { items: Array<{ firstName: string; realtorName: string | null }> })
    .items;
  expect(Object.fromEntries(rows.map((row) => [row.firstName, row.realtorName]))).toEqual({
    Hazel: 'Rita Realtor',
    Owen: 'Ray Reyes',
    Ivy: 'Ray Reyes',
    Felix: null,
    Gwen: 'Ray Reyes',
    Hugo: null,
  });
});
