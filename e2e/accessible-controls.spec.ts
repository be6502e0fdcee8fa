import { seriousViolations } from './axe';
import { describeSignedIn, expect, test } from './fixtures';

test.describe('a keyboard and screen-reader user', () => {
  describeSignedIn('as a corporate administrator', 'admin@acme.test', () => {
    test('skips the navigation with the first Tab and lands in the page', async ({ page }) => {
      await page.goto('clients');
      await expect(page.getByRole('table', { name: 'Clients' }).locator('tbody tr').first()).toBeVisible();
      await page.keyboard.press('Tab');
      const skip = page.getByRole('link', { name: 'Skip to main content' });
      await expect(skip).toBeFocused();
      await expect(skip).toBeVisible();
      await page.keyboard.press('Enter');
      expect(await page.evaluate(() => Boolean(document.activeElement?.closest('main')))).toBe(true);
    });

    for (const [path, heading] of [
      ['adm/audit', 'Audit Log'],
      ['adm/sent-mail', 'Sent Mail'],
    ] as const) {
      test(`finds every control of ${heading} named, and its text readable`, async ({ page }) => {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
        await expect(page.getByRole('button', { name: 'Next page' })).toBeVisible();
        await expect(page.getByRole('button', { name: 'Previous page' })).toBeVisible();
        expect(await seriousViolations(page, { include: 'main' })).toEqual([]);
      });
    }
  });

  describeSignedIn('as the operator', 'sysadmin@demo.test', () => {
    test("hears each message's Edit and Retire apart, and the actions column named", async ({ page }) => {
      await page.goto('sys/notifications');
      const table = page.getByRole('table', { name: 'Messages' });
      const firstRow = table.locator('tbody tr').first();
      await expect(firstRow).toBeVisible();
      const title = (await firstRow.locator('td').first().locator('p').first().innerText()).trim();
      await expect(firstRow.getByRole('button', { name: `Edit ${title}` })).toBeVisible();
      await expect(firstRow.getByRole('button', { name: `Retire ${title}` })).toBeVisible();
      await expect(table.getByRole('columnheader', { name: 'Actions' })).toHaveText('Actions');
      await expect(page.getByRole('button', { name: 'Next page' })).toBeVisible();
      expect(await seriousViolations(page, { include: 'main' })).toEqual([]);
    });
  });
});
