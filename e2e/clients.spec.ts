import type { APIRequestContext, Locator, Page } from '@playwright/test';
import {
  apiLogin,
  appUrl,
  catalogueOf,
  describeSignedIn,
  expect,
  resentOnReset,
  setupClientViaApi,
  tenants,
  test,
} from './fixtures';
import { seriousViolations } from './axe';

/** Picks an option of a Mantine select: opens it, types to narrow the list, clicks the option. */
async function choose(page: Page, combobox: Locator, text: string, option: string | RegExp = text) {
  await combobox.click();
  await combobox.fill(text);
  await page.getByRole('option', { name: option }).click();
}

/** The rows of the client grid (a table at desktop width). */
const gridRows = (page: Page) => page.getByRole('table', { name: 'Clients' }).locator('tbody tr');

/** A new client of the signed-in realtor, with two reminders: returns the name and the second. */
async function clientWithTwoReminders(request: APIRequestContext, token: string) {
  const [kept, removed] = await catalogueOf(request, token);
  const lastName = `Leaving${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  const setup = await setupClientViaApi(request, token, {
    email: `${lastName.toLowerCase()}@example.net`,
    lastName,
    subscriptions: [kept!, removed!].map((reminder) => ({
      reminderID: reminder.id,
      maintenanceFrequencyID: 3,
    })),
  });
  expect(setup.status()).toBe(201);
  return { lastName, removed: removed! };
}

/** The grid's rows for a search, through the API. */
async function gridOf(request: APIRequestContext, token: string, search: string) {
  const response = await request.post('api/clients/grid', {
    ...resentOnReset,
    headers: { Authorization: `Bearer ${token}` },
    data: { search },
  });
  return ((await response.json()) as { items: Array<{ subscriptionCount: number }> }).items;
}

/** Opens the only client a search finds and removes one reminder, leaving it in its undo window. */
async function removeFirstClientsReminder(page: Page, search: string, reminder: string) {
  await page.goto(`clients?q=${search}`);
  await expect(gridRows(page)).toHaveCount(1);
  await gridRows(page).first().getByRole('button').click();
  const detail = page.getByRole('dialog', { name: 'Client details' });
  await expect(detail.getByRole('listitem')).toHaveCount(2);
  await detail.getByRole('button', { name: `Remove ${reminder}` }).click();
  await page
    .getByRole('dialog', { name: 'Remove this reminder?' })
    .getByRole('button', { name: 'Remove' })
    .click();
  await expect(detail.getByRole('listitem')).toHaveCount(1);
}

describeSignedIn('a realtor looks after a client', 'realtor@acme.test', () => {
  test('sets up a client with three reminders, finds them, changes a frequency, pauses the property and removes a reminder', async ({
    page,
  }) => {
    // A long journey: the form starts with the default set, which is removed before three are chosen.
    test.setTimeout(90_000);
    const lastName = `Newcomer${Date.now().toString(36)}`;
    const email = `${lastName.toLowerCase()}@example.net`;

    await page.goto('clients');
    await expect(page.getByRole('heading', { level: 1, name: 'Client Account Information' })).toBeVisible();
    await expect(gridRows(page)).toHaveCount(10);

    // ── Set up ──
    await page.getByRole('button', { name: 'New client' }).click();
    const form = page.getByRole('dialog', { name: 'New client' });
    await expect(form).toBeVisible();
    // A realtor's clients are their own: no realtor to choose.
    await expect(form.getByRole('combobox', { name: 'Realtor' })).toHaveCount(0);
    // The shared rules speak on blur.
    await form.getByRole('textbox', { name: 'Email' }).fill('nora@');
    await form.getByRole('textbox', { name: 'Street address' }).fill('Harbor Road');
    await form.getByRole('textbox', { name: 'First name' }).click();
    await expect(form.getByText('Email address is not valid')).toBeVisible();
    await expect(
      form.getByText("Address must start with a number and include the street's name"),
    ).toBeVisible();

    await form.getByRole('textbox', { name: 'First name' }).fill('Nora');
    await form.getByRole('textbox', { name: 'Last name' }).fill(lastName);
    await form.getByRole('textbox', { name: 'Email' }).fill(email);
    await form.getByRole('textbox', { name: 'Phone' }).fill('(555) 123-4567');
    await form.getByRole('textbox', { name: 'Street address' }).fill('12 Harbor Road');
    await form.getByRole('textbox', { name: 'City' }).fill('Springfield');
    await choose(page, form.getByRole('combobox', { name: 'State' }), 'Illinois', 'Illinois (IL)');
    await form.getByRole('textbox', { name: 'ZIP code' }).fill('62704');
    // The form starts with the corporation's default reminders; this client gets three of their own.
    const chosen = form.getByRole('list', { name: 'Chosen reminders' }).getByRole('listitem');
    await expect(chosen.filter({ hasText: 'Replace HVAC filter' })).toBeVisible();
    while ((await chosen.count()) > 0)
      await chosen
        .first()
        .getByRole('button', { name: /^Remove / })
        .click();
    await expect(form.getByText('0 chosen')).toBeVisible();
    const addReminder = form.getByRole('combobox', { name: 'Add a reminder' });
    await choose(page, addReminder, 'HVAC', 'Replace HVAC filter');
    await choose(page, addReminder, 'gutters', 'Clean gutters and downspouts');
    // Words in any order find a task.
    await choose(page, addReminder, 'det smoke', 'Test smoke and CO detectors');
    await expect(form.getByRole('list', { name: 'Chosen reminders' }).getByRole('listitem')).toHaveCount(3);
    await form.getByRole('button', { name: 'Set up client' }).click();

    // The new client opens in the panel, each reminder with its first due date.
    const detail = page.getByRole('dialog', { name: 'Client details' });
    await expect(detail.getByRole('heading', { name: `Nora ${lastName}` })).toBeVisible();
    const reminders = detail
      .getByRole('list', { name: 'Reminders for 12 Harbor Road' })
      .getByRole('listitem');
    await expect(reminders).toHaveCount(3);
    await expect(reminders.filter({ hasText: 'Replace HVAC filter' })).toContainText('Quarterly');
    await expect(reminders.first()).toContainText(/\d{2}[A-Z]{3}\d{4}/);
    await page.keyboard.press('Escape');
    await expect(detail).toBeHidden();

    // ── Find in the grid ──
    await page.getByRole('searchbox', { name: 'Search' }).fill(lastName);
    await expect(page).toHaveURL(/[?&]q=/);
    await expect(gridRows(page)).toHaveCount(1);
    await expect(gridRows(page).first()).toContainText('12 Harbor Road');
    await expect(gridRows(page).first()).toContainText('Enabled');
    await gridRows(page)
      .first()
      .getByRole('button', { name: `Nora ${lastName}` })
      .click();
    await expect(detail.getByRole('heading', { name: `Nora ${lastName}` })).toBeVisible();

    // ── Change a frequency ──
    await detail.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit client' });
    await expect(edit.getByRole('textbox', { name: 'Last name' })).toHaveValue(lastName);
    await edit.getByRole('combobox', { name: 'How often: Replace HVAC filter' }).click();
    await page.getByRole('option', { name: 'Monthly' }).click();
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expect(reminders.filter({ hasText: 'Replace HVAC filter' })).toContainText('Monthly');
    await expect(reminders).toHaveCount(3);

    // ── Disable and enable the property ──
    const property = detail.getByRole('region', { name: 'Property 12 Harbor Road' });
    await property.getByRole('button', { name: /^Disable / }).click();
    // One word for it: the badge and each reminder's date say Disabled, as the grid does.
    await expect(property.getByText('Disabled', { exact: true })).toHaveCount(4);
    await expect(property.getByText('Paused')).toHaveCount(0);
    await expect(gridRows(page).first()).toContainText('Disabled');
    await property.getByRole('button', { name: /^Enable / }).click();
    await expect(property.getByText('Enabled', { exact: true })).toBeVisible();
    await expect(gridRows(page).first()).toContainText('Enabled');

    // ── Remove a reminder (after a confirmation, with a few seconds to undo) ──
    await detail.getByRole('button', { name: 'Remove Clean gutters and downspouts' }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove this reminder?' });
    await confirm.getByRole('button', { name: 'Keep it' }).click();
    await expect(reminders).toHaveCount(3);

    await detail.getByRole('button', { name: 'Remove Clean gutters and downspouts' }).click();
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await expect(reminders).toHaveCount(2);
    await expect(page.getByRole('button', { name: 'Undo' })).toBeVisible();
    const removal = await page.waitForResponse(
      (response) =>
        response.url().includes('/api/clients/reminderSubscription/') &&
        response.request().method() === 'DELETE',
      { timeout: 15_000 },
    );
    expect(removal.status()).toBe(204);

    // Saved: a fresh load shows two reminders.
    await page.reload();
    await expect(gridRows(page)).toHaveCount(1);
    await expect(gridRows(page).first()).toContainText('2 reminders');
  });

  test('an undone removal keeps the reminder', async ({ page, token }) => {
    const { lastName, removed } = await clientWithTwoReminders(page.request, token!);
    let deleted = false;
    page.on('request', (request) => {
      if (request.method() === 'DELETE') deleted = true;
    });
    await page.clock.install();
    await page.goto(`clients?q=${lastName}`);
    await expect(gridRows(page)).toHaveCount(1);
    await gridRows(page).first().getByRole('button').click();
    const detail = page.getByRole('dialog', { name: 'Client details' });
    const reminders = detail.getByRole('listitem');
    await expect(reminders).toHaveCount(2);
    await detail.getByRole('button', { name: `Remove ${removed.name}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove this reminder?' });
    await expect(confirm).toBeVisible();

    // The page's time moves only as the test says from here, so the few seconds to undo cannot run
    // out on a busy machine before the click.
    await page.clock.pauseAt(Date.now() + 2_000);
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await page.clock.runFor(1_000);
    await expect(reminders).toHaveCount(1);
    await page.getByRole('button', { name: 'Undo' }).click();
    await page.clock.runFor(1_000);
    await expect(reminders).toHaveCount(2);
    await page.clock.runFor(10_000);
    expect(deleted).toBe(false);
    expect((await gridOf(page.request, token!, lastName)).map((row) => row.subscriptionCount)).toEqual([2]);
  });
  test('closing a half-filled client panel asks first, and keeping on editing keeps what was typed', async ({
    page,
  }) => {
    await page.goto('clients');
    await page.getByRole('button', { name: 'New client' }).click();
    const form = page.getByRole('dialog', { name: 'New client' });
    const discard = page.getByRole('dialog', { name: 'Discard your changes?' });

    // Untouched, the panel closes at once.
    await form.getByRole('textbox', { name: 'First name' }).click();
    await page.keyboard.press('Escape');
    await expect(form).toBeHidden();

    await page.getByRole('button', { name: 'New client' }).click();
    await form.getByRole('textbox', { name: 'First name' }).fill('Half');
    await page.keyboard.press('Escape');
    await expect(discard).toBeVisible();
    await discard.getByRole('button', { name: 'Keep editing' }).click();
    await expect(discard).toBeHidden();
    await expect(form.getByRole('textbox', { name: 'First name' })).toHaveValue('Half');

    await form.getByRole('button', { name: 'Cancel' }).click();
    await discard.getByRole('button', { name: 'Discard changes' }).click();
    await expect(form).toBeHidden();
  });

  test('a removal still in its undo window is sent when the page is closed or reloaded, not lost', async ({
    page,
    token,
  }) => {
    const { lastName, removed } = await clientWithTwoReminders(page.request, token!);
    await removeFirstClientsReminder(page, lastName, removed.name);

    await page.reload();
    await expect
      .poll(async () => (await gridOf(page.request, token!, lastName)).map((row) => row.subscriptionCount))
      .toEqual([1]);
  });

  test('a removal still in its undo window is sent before signing out, not lost', async ({ page, token }) => {
    const { lastName, removed } = await clientWithTwoReminders(page.request, token!);
    await removeFirstClientsReminder(page, lastName, removed.name);

    // Signing out at once, well within the few seconds to undo: the removal goes first, while the
    // session still stands, and is done.
    const calls: string[] = [];
    page.on('response', (response) => {
      const request = response.request();
      if (request.method() === 'DELETE') calls.push(`removal ${response.status()}`);
      if (request.url().includes('/api/auth/logout')) calls.push('sign-out');
    });
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: /^Account menu for/ }).click();
    await page.getByRole('link', { name: 'Sign out' }).click();
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    expect(calls).toEqual(['removal 204', 'sign-out']);

    const { token: again } = await apiLogin(page.request, 'realtor@acme.test');
    expect((await gridOf(page.request, again, lastName)).map((row) => row.subscriptionCount)).toEqual([1]);
  });

  test('editing within the undo window of a removal shows the reminder gone, and saving keeps what the form shows', async ({
    page,
    token,
  }) => {
    const { lastName, removed } = await clientWithTwoReminders(page.request, token!);
    const removals: number[] = [];
    page.on('response', (response) => {
      if (response.request().method() === 'DELETE') removals.push(response.status());
    });
    await removeFirstClientsReminder(page, lastName, removed.name);

    // Within the few seconds to undo, Edit: the removal is done first, and the form leaves it out.
    const detail = page.getByRole('dialog', { name: 'Client details' });
    await detail.getByRole('button', { name: 'Edit', exact: true }).click();
    const edit = page.getByRole('dialog', { name: 'Edit client' });
    const chosen = edit.getByRole('list', { name: 'Chosen reminders' }).getByRole('listitem');
    await expect(chosen).toHaveCount(1);
    await expect(edit.getByText('1 chosen')).toBeVisible();
    await expect(edit.getByRole('listitem', { name: removed.name })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Undo' })).toBeHidden();
    expect(removals).toEqual([204]);

    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expect(detail.getByRole('listitem')).toHaveCount(1);
    // Past the end of the undo window nothing more is removed: the client keeps what was saved.
    await page.waitForTimeout(6_000);
    expect(removals).toEqual([204]);
    await expect(page.getByText(/could not be removed/)).toHaveCount(0);
    await expect(detail.getByRole('listitem')).toHaveCount(1);
    expect((await gridOf(page.request, token!, lastName)).map((row) => row.subscriptionCount)).toEqual([1]);
  });

  test('a client with two properties: Edit opens the property of the row, and each property can be edited', async ({
    page,
    token,
  }) => {
    const headers = { Authorization: `Bearer ${token!}` };
    const lastName = `Twohomes${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
    const email = `${lastName.toLowerCase()}@example.net`;
    const first = await setupClientViaApi(page.request, token!, { email, lastName, line: '5 Elm Court' });
    expect(first.status()).toBe(201);
    const { id: clientId } = (await first.json()) as { id: string };
    // The second property, added as the API documents it: the client's id and no property id.
    const second = await page.request.post('api/clients/setup', {
      headers,
      data: {
        tenantUserID: clientId,
        clientUser: { firstName: 'Filler', lastName, email, phone: '' },
        property: { line: '9 Birch Way', city: 'Salem', state: 'OR', zip: '97301', pending: false },
        subscriptions: [],
      },
    });
    expect(second.status(), await second.text()).toBe(200);

    await page.goto(`clients?q=${lastName}`);
    await expect(gridRows(page)).toHaveCount(2);
    await gridRows(page).filter({ hasText: '9 Birch Way' }).getByRole('button').click();
    const detail = page.getByRole('dialog', { name: 'Client details' });
    await expect(detail.getByRole('region', { name: /^Property / })).toHaveCount(2);

    // Opened from the second property's row, Edit changes the second property.
    await detail.getByRole('button', { name: 'Edit', exact: true }).click();
    const edit = page.getByRole('dialog', { name: 'Edit client' });
    await expect(edit.getByRole('textbox', { name: 'Street address' })).toHaveValue('9 Birch Way');
    await edit.getByRole('textbox', { name: 'Street address' }).fill('11 Birch Way');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expect(detail.getByRole('region', { name: 'Property 11 Birch Way' })).toBeVisible();
    await expect(detail.getByRole('region', { name: 'Property 5 Elm Court' })).toBeVisible();

    // Each property has its own Edit.
    await detail.getByRole('button', { name: 'Edit 5 Elm Court, Portland, OR 97205' }).click();
    await expect(edit.getByRole('textbox', { name: 'Street address' })).toHaveValue('5 Elm Court');
    await edit.getByRole('button', { name: 'Cancel' }).click();
    await detail.getByRole('button', { name: 'Edit 11 Birch Way, Salem, OR 97301' }).click();
    await expect(edit.getByRole('textbox', { name: 'Street address' })).toHaveValue('11 Birch Way');
    await expect(edit.getByRole('textbox', { name: 'City' })).toHaveValue('Salem');
  });
});

describeSignedIn('an administrator edits a client on its own page', 'admin@acme.test', () => {
  test('leaving with changes not saved asks first; saving moves on without asking', async ({
    page,
    token,
  }) => {
    const lastName = `Unsaved${Date.now().toString(36)}`;
    const setup = await setupClientViaApi(page.request, token!, {
      email: `${lastName.toLowerCase()}@example.net`,
      lastName,
    });
    expect(setup.status()).toBe(201);
    const { id } = (await setup.json()) as { id: string };
    const discard = page.getByRole('dialog', { name: 'Discard your changes?' });

    await page.goto(`adm/edit/client-user/${id}`);
    const firstName = page.getByRole('textbox', { name: 'First name' });
    await expect(firstName).toHaveValue('Filler');
    await firstName.fill('Changed');
    await page.getByRole('link', { name: 'Back to the client list' }).click();
    await expect(discard).toBeVisible();
    await discard.getByRole('button', { name: 'Keep editing' }).click();
    await expect(firstName).toHaveValue('Changed');

    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page).toHaveURL(appUrl('/clients'));
    await expect(discard).toBeHidden();
  });
});

describeSignedIn('upcoming reminders on Home', 'realtor@acme.test', () => {
  test('lists what falls due, switches to overdue, and opens a client from the list', async ({ page }) => {
    await page.goto('.');
    const upcoming = page.getByRole('region', { name: 'Upcoming reminders' });
    const rows = upcoming.locator('tbody tr');
    await expect(rows.first()).toBeVisible();
    // The tile and the list count the same reminders.
    const tile = page.getByText('Reminders due').locator('..');
    const due = Number((await tile.locator('p').nth(1).innerText()).replace(/\D/g, ''));
    const shown = await rows.count();
    if (due > shown) await expect(upcoming).toContainText(`${due} reminders`);
    else expect(shown).toBe(due);

    // Each client links to their details' own address; Back comes back to Home.
    const clientLink = rows.first().getByRole('link');
    const client = (await clientLink.innerText()).trim();
    await clientLink.click();
    await expect(page).toHaveURL(/\/ui\/clients\?open=[0-9a-f-]{36}$/);
    const detail = page.getByRole('dialog', { name: 'Client details' });
    await expect(detail).toContainText(client);
    await page.goBack();
    await expect(detail).toBeHidden();
    await expect(page).toHaveURL(appUrl('/'));

    const overdueResponse = page.waitForResponse(
      (response) =>
        response.url().includes('api/reminder/subscriptions/') &&
        (response.request().postDataJSON() as { daysFilter?: number } | null)?.daysFilter === -30,
    );
    await upcoming.getByText('Overdue').click();
    const overdue = (await (await overdueResponse).json()) as {
      totalItemCount: number;
      items: Array<{ nextDueAt: string }>;
    };
    // The demo's reminders due right after start-up may be waiting to go out; nothing else is late.
    if (overdue.totalItemCount === 0) {
      await expect(upcoming.getByText('Nothing is overdue. Every reminder went out on time.')).toBeVisible();
    } else {
      await expect(rows).toHaveCount(Math.min(overdue.totalItemCount, 8));
      for (const item of overdue.items) {
        expect(new Date(item.nextDueAt).getTime()).toBeLessThan(Date.now());
      }
    }
  });
});

describeSignedIn('a manager narrows the list', 'manager@acme.test', () => {
  test('filters by realtor and by pending, and the address keeps the filter', async ({ page }) => {
    await page.goto('clients');
    await expect(gridRows(page)).toHaveCount(10);

    await choose(page, page.getByRole('combobox', { name: 'Realtor' }), 'Ray', 'Ray Reyes');
    await expect(page).toHaveURL(/[?&]realtor=[0-9a-f-]{36}/);
    await expect(page.getByText(/^1–10 of 2\d$/)).toBeVisible();
    for (const row of await gridRows(page).all()) await expect(row).toContainText('Ray Reyes');

    await page.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'Pending' });
    await expect(page).toHaveURL(/[?&]status=pending/);
    // Every row, once the filtered page has arrived, is one of Ray's pending properties.
    let shown = 0;
    await expect(async () => {
      const texts = await gridRows(page).allInnerTexts();
      expect(texts.length).toBeGreaterThan(0);
      expect(texts.every((text) => text.includes('Ray Reyes') && /pending/i.test(text))).toBe(true);
      shown = texts.length;
    }).toPass();

    // A reload (or a shared link) shows the same list.
    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Status' })).toHaveValue('pending');
    await expect(page.getByRole('combobox', { name: 'Realtor' })).toHaveValue('Ray Reyes');
    await expect(gridRows(page)).toHaveCount(shown);

    // Without the realtor filter: every realtor's pending properties.
    await choose(page, page.getByRole('combobox', { name: 'Realtor' }), 'All', 'All realtors');
    await expect(page).not.toHaveURL(/realtor=/);
    await expect(page.getByRole('button', { name: /^Pending: \d+/ })).toHaveAttribute('aria-pressed', 'true');
    await expect(async () => {
      const everyone = await gridRows(page).allInnerTexts();
      expect(everyone.every((text) => /pending/i.test(text))).toBe(true);
      expect(everyone.some((text) => !text.includes('Ray Reyes'))).toBe(true);
    }).toPass();
  });
});

describeSignedIn('paging and sorting on 250 clients', 'manager@acme.test', () => {
  // 210 clients on top of the demo's 40, set up through the API. Pending, so they use no license,
  // and without a realtor, so the realtor filter of the other tests is not disturbed.
  test.beforeAll(async ({ playwright }) => {
    const request = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
    const { token } = await apiLogin(request, 'manager@acme.test');
    const existing = await request.post('api/clients/grid', {
      headers: { Authorization: `Bearer ${token}` },
      data: { search: 'paging-e2e.test', pageSize: 1 },
    });
    if (((await existing.json()) as { totalItemCount: number }).totalItemCount < 210) {
      for (let start = 0; start < 210; start += 15) {
        const batch = Array.from({ length: Math.min(15, 210 - start) }, (_, offset) => start + offset);
        const responses = await Promise.all(
          batch.map((index) =>
            setupClientViaApi(request, token, {
              email: `paging.${index}@paging-e2e.test`,
              firstName: 'Paging',
              lastName: `Client ${String.fromCharCode(65 + (index % 26))}`,
              line: `${100 + index} Paging Street`,
              pending: true,
            }),
          ),
        );
        // 409: an earlier attempt (a retry) already set that client up.
        for (const response of responses) expect([201, 409]).toContain(response.status());
      }
    }
    await request.dispose();
  });

  test('pages through the list and sorts it both ways', async ({ page }) => {
    await page.goto('clients');
    await expect(page.getByText(/^1–10 of 2[5-9]\d$/)).toBeVisible();

    await page.goto('clients?q=paging-e2e.test');
    await expect(page.getByText('1–10 of 210', { exact: true })).toBeVisible();

    await page.getByRole('combobox', { name: 'Rows per page' }).selectOption({ label: '25 per page' });
    await expect(page).toHaveURL(/[?&]size=25/);
    await expect(gridRows(page)).toHaveCount(25);
    await expect(page.getByRole('button', { name: 'Page 9' })).toBeVisible();

    // Sort by property, ascending then descending: the house numbers are 100 to 309.
    const property = page.getByRole('columnheader', { name: 'Property' });
    await property.getByRole('button').click();
    await expect(property).toHaveAttribute('aria-sort', 'ascending');
    await expect(page).toHaveURL(/[?&]sort=address%3Aasc/);
    await expect(gridRows(page).first()).toContainText('100 Paging Street');
    await expect(gridRows(page).nth(24)).toContainText('124 Paging Street');

    await page.getByRole('button', { name: 'Page 2' }).click();
    await expect(page).toHaveURL(/[?&]page=2/);
    await expect(page.getByText('26–50 of 210', { exact: true })).toBeVisible();
    await expect(gridRows(page).first()).toContainText('125 Paging Street');

    await page.getByRole('button', { name: 'Page 9' }).click();
    await expect(gridRows(page)).toHaveCount(10);
    await expect(gridRows(page).last()).toContainText('309 Paging Street');

    // Sorting again starts at page 1, the other way round.
    await property.getByRole('button').click();
    await expect(property).toHaveAttribute('aria-sort', 'descending');
    await expect(page).not.toHaveURL(/[?&]page=/);
    await expect(gridRows(page).first()).toContainText('309 Paging Street');
    await expect(gridRows(page).nth(1)).toContainText('308 Paging Street');

    // The browser's Back button returns to the earlier page of the list.
    await page.goBack();
    await expect(gridRows(page).last()).toContainText('309 Paging Street');
    await expect(property).toHaveAttribute('aria-sort', 'ascending');

    // "All" shows up to 200 rows on one page.
    await page.getByRole('combobox', { name: 'Rows per page' }).selectOption({ label: 'All (up to 200)' });
    await expect(gridRows(page)).toHaveCount(200);
    await expect(page.getByText('1–200 of 210', { exact: true })).toBeVisible();
  });
});

describeSignedIn('licenses', 'admin@birch.test', () => {
  test('setting up a client beyond the license says how many licenses are free', async ({
    page,
    expectConsoleErrors,
  }) => {
    // Birch Homes has 25 licenses; fill the free ones through the API until one is refused.
    const { token } = await apiLogin(page.request, 'admin@birch.test');
    let refusal = '';
    for (let index = 0; index < 30 && !refusal; index += 1) {
      const response = await setupClientViaApi(page.request, token, {
        email: `license.${Date.now()}.${index}@birch-e2e.test`,
      });
      if (response.status() === 409) refusal = ((await response.json()) as { Errors: string[] }).Errors[0]!;
      else expect(response.status()).toBe(201);
    }
    expect(refusal).toContain('0 of 25 licenses are free');

    expectConsoleErrors(/status of 409/);
    await page.goto('clients');
    await expect(page.getByRole('status', { name: 'Licenses free: 0' })).toBeVisible();
    await page.getByRole('button', { name: 'New client' }).click();
    const form = page.getByRole('dialog', { name: 'New client' });
    await form.getByRole('textbox', { name: 'First name' }).fill('Late');
    await form.getByRole('textbox', { name: 'Last name' }).fill('Comer');
    await form.getByRole('textbox', { name: 'Email' }).fill(`late.comer.${Date.now()}@birch-e2e.test`);
    await form.getByRole('textbox', { name: 'Street address' }).fill('9 Birch Boulevard');
    await form.getByRole('textbox', { name: 'City' }).fill('Portland');
    await choose(page, form.getByRole('combobox', { name: 'State' }), 'Oregon', 'Oregon (OR)');
    await form.getByRole('textbox', { name: 'ZIP code' }).fill('97205');
    await form.getByRole('button', { name: 'Set up client' }).click();
    await expect(form.getByRole('alert')).toContainText('Not enough licenses: 0 of 25 licenses are free');

    // As pending it needs no license.
    await form.getByRole('checkbox', { name: /Pending/ }).check();
    await form.getByRole('button', { name: 'Set up client' }).click();
    await expect(
      page.getByRole('dialog', { name: 'Client details' }).getByRole('heading', { name: 'Late Comer' }),
    ).toBeVisible();
  });
});

describeSignedIn('the edit page', 'manager@acme.test', () => {
  test('/adm/edit/client-user/:id edits one client with the same form', async ({ page }) => {
    const { token } = await apiLogin(page.request, 'manager@acme.test');
    const grid = await page.request.post('api/clients/grid', {
      headers: { Authorization: `Bearer ${token}`, 'tenant-id': tenants.acme },
      data: { search: 'olivia', pageSize: 1 },
    });
    const [row] = ((await grid.json()) as { items: Array<{ clientId: string; lastName: string }> }).items;
    await page.goto(`adm/edit/client-user/${row!.clientId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Edit Client Accounts' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'First name' })).toHaveValue('Olivia');
    await page.getByRole('textbox', { name: 'Phone' }).fill('555 987 6543');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page).toHaveURL(appUrl('/clients'));
    await expect(page.getByText('Client saved')).toBeVisible();

    await page.goto('adm/edit/client-user/not-an-id');
    await expect(page.getByText('Unable to retrieve client user')).toBeVisible();
  });
});

describeSignedIn('accessibility of the clients area (axe, WCAG 2 A and AA)', 'manager@acme.test', () => {
  test('the grid, the client details and the set-up form', async ({ page }) => {
    // Three full axe runs take a while on a small machine.
    test.setTimeout(90_000);
    await page.goto('clients');
    await expect(gridRows(page)).toHaveCount(10);
    expect(await seriousViolations(page, { exclude: 'header' })).toEqual([]);

    await gridRows(page).first().getByRole('button').click();
    const detail = page.getByRole('dialog', { name: 'Client details' });
    await expect(detail.getByRole('button', { name: 'Edit' })).toBeVisible();
    // Let the panel finish sliding in: half-faded colours are not what the user reads.
    await page.waitForTimeout(600);
    expect(await seriousViolations(page, { exclude: 'header' })).toEqual([]);

    await detail.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit client' });
    await expect(edit.getByRole('textbox', { name: 'First name' })).not.toHaveValue('');
    await edit.getByRole('textbox', { name: 'Email' }).fill('not-an-address');
    await edit.getByRole('textbox', { name: 'First name' }).click();
    await expect(edit.getByText('Email address is not valid')).toBeVisible();
    await page.waitForTimeout(600);
    expect(await seriousViolations(page, { exclude: 'header' })).toEqual([]);
  });
});
