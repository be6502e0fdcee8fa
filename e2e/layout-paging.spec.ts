import { randomUUID } from 'node:crypto';
import { describeSignedIn, expect, setupClientViaApi, tenants, test } from './fixtures';

describeSignedIn('paging as the address asks', 'admin@acme.test', () => {
  test('the client grid shows the number of rows a link asks for', async ({ page }) => {
    await page.goto('clients?size=40');
    const rows = page.getByRole('table', { name: 'Clients' }).locator('tbody tr');
    await expect(rows.first()).toBeVisible();
    const total = Number(
      (await page.getByText(/^1–\d+ of [\d,]+$/).innerText()).split(' of ')[1]!.replace(',', ''),
    );
    await expect(rows).toHaveCount(Math.min(40, total));
    await expect(page.getByRole('combobox', { name: 'Rows per page' })).toHaveValue('40');
  });
});

describeSignedIn('the operator', 'sysadmin@demo.test', () => {
  for (const size of [5, 1]) {
    test(`sees page size ${size} of the notifications address chosen`, async ({ page }) => {
      await page.goto(`sys/notifications/${size}/1`);
      await expect(page.getByRole('table', { name: 'Messages' })).toBeVisible();
      await expect(page.getByRole('combobox', { name: 'Rows per page' })).toHaveValue(String(size));
    });
  }
});

test.describe('on a desk', () => {
  test.use({ account: 'admin@acme.test', viewport: { width: 1280, height: 900 } });

  test('the client grid shows whole status words and breaks no email inside a name', async ({
    page,
    token,
  }) => {
    // Real data: a long address and a long email, which squeeze the other columns.
    const stamp = Date.now();
    const email = `alexandra.montgomery-wellington.${stamp}@harbourside-property-partners.example.com`;
    const created = await setupClientViaApi(page.request, token!, {
      email,
      firstName: 'Alexandra',
      lastName: 'Montgomery-Wellington',
      line: '12345 North Riverside Boulevard Apartment 1207',
    });
    expect(created.status(), await created.text()).toBeLessThan(300);
    await page.goto(`clients?q=${stamp}`);
    const table = page.getByRole('table', { name: 'Clients' });
    await expect(table.locator('tbody tr')).toHaveCount(1);
    const cut = await table
      .locator('tbody .mantine-Badge-label')
      .evaluateAll((labels) =>
        labels.filter((label) => label.scrollWidth > label.clientWidth).map((label) => label.textContent),
      );
    expect(cut).toEqual([]);
    // A line of the email starts only at its "@" or at a dot, or after a hyphen: never inside a name.
    const lineStarts = await table
      .locator('tbody tr td')
      .filter({ hasText: email })
      .locator('p')
      .first()
      .evaluate((cell) => {
        const starts: string[] = [];
        const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
        const range = document.createRange();
        let lastTop: number | null = null;
        let previous = '';
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          for (let index = 0; index < (node.textContent ?? '').length; index += 1) {
            range.setStart(node, index);
            range.setEnd(node, index + 1);
            const top = Math.round(range.getBoundingClientRect().top);
            // The character that starts a line, after the one that ended the line before.
            if (lastTop !== null && top > lastTop) starts.push(`${previous}${node.textContent![index]!}`);
            previous = node.textContent![index]!;
            lastTop = top;
          }
        }
        return starts;
      });
    for (const start of lineStarts) expect(start).toMatch(/^(.[@.]|-.)$/);
  });
});

test.describe('on a phone', () => {
  test.use({ account: 'admin@acme.test', viewport: { width: 390, height: 844 } });

  test('the bulk queue fits the screen, with each row’s actions in reach', async ({ page, token }) => {
    const headers = { Authorization: `Bearer ${token}` };
    const row = (n: number) => ({
      itemId: randomUUID(),
      data: {
        firstName: 'Phoebe',
        lastName: `Phone${n}`,
        email: `phoebe.${Date.now()}.${n}@phone-e2e.test`,
        phone: '',
        addressLine: '12 Narrow Street',
        city: 'Portland',
        state: 'OR',
        zip: '97205',
        realtorEmail: '',
        reminders: '',
      },
    });
    const queued = await page.request.post(`api/bulk/${tenants.acme}`, {
      headers,
      data: { items: [row(1), row(2)] },
    });
    expect(queued.status()).toBeLessThan(300);
    try {
      await page.goto('clients/upload');
      const table = page.getByRole('table', { name: 'Queued rows' });
      await expect(table.locator('tbody tr').first()).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      const edit = table.getByRole('button', { name: /^Edit/ }).first();
      const box = await edit.boundingBox();
      expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    } finally {
      await page.request.delete(`api/bulk/${tenants.acme}/all`, { headers });
    }
  });

  test("Home's upcoming reminders fit the screen without scrolling sideways", async ({ page }) => {
    await page.goto('');
    const table = page.locator('main table:has(th:text-is("Due"))');
    await expect(table).toBeVisible();
    const overflow = await table.evaluate((element) => {
      const scroller = element.closest('[class*="scrollContainer"]') ?? element.parentElement!;
      return scroller.scrollWidth - scroller.clientWidth;
    });
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
