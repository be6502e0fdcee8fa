import { formatDueDate } from '@homeminder/shared/due-date';
import { firstSchedule, lastDoneFromText, lastDoneOptions } from '@homeminder/shared/season-schedule';
import { monthsOfSeason } from '@homeminder/shared/climate';
import { localDateOf } from '@homeminder/shared/schedule';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';

/** Acme keeps New York's zone: every date a person reads is written there. */
const zone = 'America/New_York';
const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
const taskName = `Drain the rain barrels ${suffix}`;

/** Picks an option of a Mantine select: opens it, types to narrow the list, clicks the option. */
async function choose(page: Page, combobox: Locator, text: string, option: string | RegExp = text) {
  await combobox.click();
  await combobox.fill(text);
  await page.getByRole('option', { name: option }).click();
}

test.describe.configure({ mode: 'serial' });

test.describe('an administrator adds an own seasonal task', () => {
  test.use({ account: 'admin@acme.test' });

  test('on Manage Account, with a season', async ({ page }) => {
    await page.goto('accountSettings');
    const panel = page.getByRole('region', { name: 'Your own reminder tasks' });
    await panel.getByRole('button', { name: 'Add a task' }).click();
    const form = panel.getByRole('form', { name: 'Add a task' });
    // The button pressed gives way to the form, whose heading takes the focus; the panel, after.
    await expect(form.getByRole('heading', { name: 'Add a task' })).toBeFocused();
    await form.getByRole('textbox', { name: 'Name' }).fill(taskName);
    await form.getByRole('textbox', { name: 'How to do it' }).fill('Empty the barrels and turn them over.');
    await form.getByRole('textbox', { name: 'Category' }).fill('Outdoor');
    await form.getByRole('combobox', { name: 'Season' }).click();
    await page.getByRole('option', { name: 'Before the first frost' }).click();
    await form.getByRole('button', { name: 'Add the task' }).click();
    const row = panel
      .getByRole('table', { name: 'Your own reminder tasks' })
      .getByRole('row', { name: new RegExp(taskName) });
    await expect(row).toContainText('Before the first frost');
    await expect(row).toContainText('Annual');
    await expect(panel).toBeFocused();
  });
});

test.describe('a manager sets up a client with it', () => {
  test.use({ account: 'manager@acme.test' });

  test('says when it was last done and sees the first due date in the season', async ({ page }) => {
    // The form starts with the default set beside the task chosen here: a long form to fill.
    test.setTimeout(90_000);
    const lastName = `Frosty${suffix}`;
    await page.goto('clients');
    await page.getByRole('button', { name: 'New client' }).click();
    const form = page.getByRole('dialog', { name: 'New client' });
    await form.getByRole('textbox', { name: 'First name' }).fill('Fern');
    await form.getByRole('textbox', { name: 'Last name' }).fill(lastName);
    await form.getByRole('textbox', { name: 'Email' }).fill(`${lastName.toLowerCase()}@example.net`);
    await form.getByRole('textbox', { name: 'Street address' }).fill('4 Pine Street');
    await form.getByRole('textbox', { name: 'City' }).fill('Duluth');
    await choose(page, form.getByRole('combobox', { name: 'State' }), 'Minnesota', 'Minnesota (MN)');
    await form.getByRole('textbox', { name: 'ZIP code' }).fill('55802');
    // Found by its words in any order.
    await choose(
      page,
      form.getByRole('combobox', { name: 'Add a reminder' }),
      `barrels rain ${suffix}`,
      new RegExp(taskName),
    );

    // Last done two months ago: a year after, moved into the autumn before the frost in Minnesota.
    const now = new Date();
    const lastDone = lastDoneOptions(now, zone)[2]!;
    await choose(
      page,
      form.getByRole('combobox', { name: `Last done: ${taskName}` }),
      lastDone.label.split(' ')[0]!,
      lastDone.label,
    );
    const expected = firstSchedule({
      now,
      intervalMonths: 12,
      months: monthsOfSeason('beforeFrost', { state: 'MN', zip: '55802' }),
      lastDone: lastDoneFromText(lastDone.value),
      timeZone: zone,
    })!.nextDueAt;
    expect([9, 10]).toContain(localDateOf(expected, zone).month);
    const chosen = form.getByRole('listitem', { name: taskName });
    await expect(chosen).toContainText('Before the first frost');
    await expect(chosen).toContainText(`first due ${formatDueDate(expected, zone)}`);

    await form.getByRole('button', { name: 'Set up client' }).click();
    const detail = page.getByRole('dialog', { name: 'Client details' });
    await expect(detail.getByRole('heading', { name: `Fern ${lastName}` })).toBeVisible();
    const reminders = detail.getByRole('list', { name: 'Reminders for 4 Pine Street' }).getByRole('listitem');
    await expect(reminders.filter({ hasText: taskName })).toContainText(formatDueDate(expected, zone));
  });
});
