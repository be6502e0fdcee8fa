import { describeSignedIn, expect, test } from './fixtures';

test.describe('notification messages', () => {
  describeSignedIn('as the operator', 'sysadmin@demo.test', () => {
    test('creates a message, sees it in the list, edits and retires it', async ({ page }) => {
      const title = `Office hours ${Date.now()}`;
      await page.goto('sys/notifications');
      await page.getByRole('button', { name: 'New message' }).click();
      const dialog = page.getByRole('dialog', { name: 'New message' });
      await dialog.getByRole('textbox', { name: 'Title' }).fill(title);
      await dialog.getByRole('button', { name: 'Create message' }).click();
      await expect(dialog.getByText('This value is required')).toBeVisible();
      await dialog
        .getByRole('textbox', { name: 'Message' })
        .fill('Support answers from 8 am to 6 pm on weekdays.');
      await dialog.getByRole('button', { name: 'Create message' }).click();
      await expect(dialog).toBeHidden();

      const row = page.getByRole('row').filter({ hasText: title });
      await expect(row).toContainText('active');
      await row.getByRole('button', { name: 'Edit' }).click();
      const edit = page.getByRole('dialog', { name: 'Edit message' });
      await edit.getByRole('textbox', { name: 'Title' }).fill(`${title} (updated)`);
      await edit.getByRole('button', { name: 'Save changes' }).click();
      const updated = page.getByRole('row').filter({ hasText: `${title} (updated)` });
      await expect(updated).toBeVisible();

      await updated.getByRole('button', { name: 'Retire' }).click();
      await page
        .getByRole('dialog', { name: 'Retire this message?' })
        .getByRole('button', { name: 'Retire' })
        .click();
      await expect(updated).toContainText('retired');
    });

    test('Manage Notifications and Templates fit a phone: nothing scrolls sideways at 390 px', async ({
      page,
    }) => {
      for (const [path, heading] of [
        ['sys/notifications', 'Manage Notifications'],
        ['sys/templates', 'Templates'],
      ] as const) {
        for (const width of [390, 1280]) {
          await page.setViewportSize({ width, height: 844 });
          await page.goto(path);
          await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
          await expect(page.getByRole('table').or(page.getByText('No templates yet')).first()).toBeVisible();
          if (process.env['SCREENSHOTS_DIR'])
            await page.screenshot({
              path: `${process.env['SCREENSHOTS_DIR']}/${path.replace('/', '-')}-${width}.png`,
              fullPage: true,
            });
          const { scrollWidth, clientWidth } = await page.evaluate(() => ({
            scrollWidth: document.documentElement.scrollWidth,
            clientWidth: document.documentElement.clientWidth,
          }));
          expect(scrollWidth, `${path} at ${width} px`).toBeLessThanOrEqual(clientWidth);
        }
      }
    });

    test('closing a message being written asks first', async ({ page }) => {
      await page.goto('sys/notifications');
      await page.getByRole('button', { name: 'New message' }).click();
      const dialog = page.getByRole('dialog', { name: 'New message' });
      await dialog.getByRole('textbox', { name: 'Title' }).fill('A draft');
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      const discard = page.getByRole('dialog', { name: 'Discard your changes?' });
      await discard.getByRole('button', { name: 'Keep editing' }).click();
      await expect(dialog.getByRole('textbox', { name: 'Title' })).toHaveValue('A draft');
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await discard.getByRole('button', { name: 'Discard changes' }).click();
      await expect(dialog).toBeHidden();
    });
  });

  describeSignedIn('as a realtor', 'realtor@acme.test', () => {
    test('sees the active messages under the bell and dismisses one', async ({ page }) => {
      await page.goto('');
      const bell = page.getByRole('button', { name: /^Notifications: \d+ new$/ });
      await bell.click();
      const messages = page.getByRole('dialog').getByRole('alert');
      const first = messages.first();
      // Other tests may add messages meanwhile: follow this one message by its title, not a count.
      const title = (await first.innerText()).split('\n')[0]!.trim();
      expect(title.length).toBeGreaterThan(0);
      await first.getByRole('button', { name: 'Dismiss' }).click();
      await expect(messages.filter({ hasText: title })).toHaveCount(0);

      // The dismissal is kept: after a reload the message stays away.
      await page.reload();
      const bellAgain = page.getByRole('button', { name: /^Notifications: / });
      await bellAgain.click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await expect(page.getByRole('dialog').getByRole('alert').filter({ hasText: title })).toHaveCount(0);
    });
  });
});
