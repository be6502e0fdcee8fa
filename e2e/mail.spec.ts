import { apiLogin, describeSignedIn, expect, test, withScriptOff } from './fixtures';
import { seriousViolations } from './axe';
import { latestEmail } from './outbox';

/**
 * The reminder service as people meet it: the demo reminders that fall due right after start-up
 * reach the outbox, an administrator reads one on Sent mail, and the client's unsubscribe link
 * from that very email stops their reminders.
 */
describeSignedIn('reminder emails', 'admin@acme.test', () => {
  test('an administrator reads a demo reminder; its unsubscribe link stops the client’s reminders', async ({
    page,
    browser,
  }) => {
    // The demo reminders fall due within the first minute after the server started.
    test.setTimeout(150_000);
    await page.goto('adm/sent-mail');
    await expect(page.getByRole('heading', { name: 'Sent Mail' })).toBeVisible();
    await expect(page.getByText('Mail is kept here')).toBeVisible();
    const reminder = page.getByRole('button', { name: /^Reminder: / }).first();
    await expect(reminder).toBeVisible({ timeout: 90_000 });
    const subject = (await reminder.textContent()) ?? '';
    await reminder.click();

    const dialog = page.getByRole('dialog', { name: subject });
    await expect(dialog).toBeVisible();
    // The HTML, as sent, in a sandboxed frame.
    const email = page.frameLocator('iframe[title^="The email"]');
    await expect(email.getByText('It is time for a little maintenance', { exact: false })).toBeVisible();
    await expect(email.getByText('Acme Realty').first()).toBeVisible();
    await expect(email.getByRole('link', { name: 'Unsubscribe from these reminders' })).toBeVisible();
    expect(await page.locator('iframe[title^="The email"]').getAttribute('sandbox')).toBe('');

    // The text part carries the same link: take it from the real email.
    await dialog.getByRole('tab', { name: 'Text' }).click();
    const text = (await dialog.getByTestId('mail-text').textContent()) ?? '';
    const link = /Unsubscribe: (\S+)/.exec(text)?.[1];
    expect(link, 'the unsubscribe link of the email').toMatch(/\/ui\/unsubscribe\?token=[\w-]+$/);
    const clientFirstName = /Hello ([^,]+),/.exec(text)?.[1] ?? '';
    expect(clientFirstName).not.toBe('');
    const token = new URL(link!).searchParams.get('token')!;

    // The client opens the link in a browser of their own, without signing in.
    const clientContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    try {
      const client = await clientContext.newPage();
      await client.goto(`unsubscribe?token=${encodeURIComponent(token)}`);
      await expect(client.getByRole('heading', { name: 'Unsubscribe from reminders' })).toBeVisible();
      await expect(
        client.getByText(`Stop every maintenance reminder email for ${clientFirstName}`),
      ).toBeVisible();
      await expect(client.getByText('from Acme Realty?', { exact: false })).toBeVisible();
      await client.getByRole('button', { name: 'Unsubscribe me' }).click();
      await expect(client.getByRole('status')).toContainText(
        'You are unsubscribed: you will receive no more reminder emails.',
      );
      // The same link later: already done, nothing more to confirm.
      await client.reload();
      await expect(client.getByRole('status')).toContainText('is already unsubscribed');
      await expect(client.getByRole('button', { name: 'Unsubscribe me' })).toHaveCount(0);

      // A link that was tampered with says so plainly.
      await client.goto(`unsubscribe?token=${encodeURIComponent(`${token.slice(0, -3)}AAA`)}`);
      await expect(client.getByText('This link does not work')).toBeVisible();
      await expect(
        client.getByText('This unsubscribe link is not valid or has expired.', { exact: false }),
      ).toBeVisible();
    } finally {
      await clientContext.close();
    }
  });
});

describeSignedIn('a client who unsubscribed', 'manager@acme.test', () => {
  test('shows as unsubscribed on the client, and the manager starts the reminders again at their request', async ({
    page,
    browser,
    request,
  }) => {
    // The demo reminders fall due within the first minute after the server started.
    test.setTimeout(150_000);
    // A client with a reminder in the outbox who has not unsubscribed: the oldest such, as the
    // test above takes the newest reminder and may run at the same time.
    const { token: admin } = await apiLogin(request, 'admin@acme.test');
    let recipients: string[] = [];
    await expect
      .poll(
        async () => {
          const response = await request.post('api/admin/mail/query', {
            data: { page: 1, pageSize: 200 },
            headers: { Authorization: `Bearer ${admin}` },
          });
          expect(response.status()).toBe(200);
          const { items } = (await response.json()) as { items: Array<{ kind: string; toAddress: string }> };
          recipients = items.filter((mail) => mail.kind === 'reminder').map((mail) => mail.toAddress);
          return new Set(recipients).size;
        },
        { timeout: 90_000 },
      )
      .toBeGreaterThan(1);
    let email = '';
    let link = '';
    for (const address of [...new Set(recipients.toReversed())]) {
      const reminder = await latestEmail(request, address, 'reminder');
      const found = /Unsubscribe: \S+\/ui\/(unsubscribe\?token=([\w%-]+))/.exec(reminder.text);
      expect(found, `the unsubscribe link in: ${reminder.text}`).toBeTruthy();
      const preview = await request.post('api/auth/unsubscribe/preview', {
        data: { token: decodeURIComponent(found![2]!) },
      });
      expect(preview.status()).toBe(200);
      if (!((await preview.json()) as { alreadyUnsubscribed: boolean }).alreadyUnsubscribed) {
        [email, link] = [address, found![1]!];
        break;
      }
    }
    expect(email, 'a client who has not unsubscribed').not.toBe('');

    // The client uses the link, signed out, in a browser of their own that runs no script: the
    // page arrives rendered, and its button posts a plain form.
    await withScriptOff(browser, { baseURL: test.info().project.use.baseURL }, async (client) => {
      await client.goto(link);
      await client.getByRole('button', { name: 'Unsubscribe me' }).click();
      await expect(client.getByRole('status')).toContainText('You are unsubscribed');
      await expect(
        client.getByText('Ask your realtor at Acme Realty to start your reminders again'),
      ).toBeVisible();
    });

    // The manager finds the client: the grid says they unsubscribed, and promises no next reminder.
    await page.goto(`clients?q=${encodeURIComponent(email)}`);
    const rows = page.getByRole('table', { name: 'Clients' }).locator('tbody tr');
    await expect(rows.first()).toContainText(email);
    await expect(rows.first()).toContainText(/Unsubscribed \d{2}[A-Z]{3}\d{4}/);
    await expect(rows.first()).toContainText('no reminders sent');
    await expect(rows.first().getByText('Unsubscribed', { exact: true })).toBeVisible();
    await expect(rows.first()).not.toContainText(/\d+ reminders?/);

    await rows.first().getByRole('button').first().click();
    const detail = page.getByRole('dialog', { name: 'Client details' });
    await expect(
      detail.getByText(/^Unsubscribed on \d{2}[A-Z]{3}\d{4} — no reminders are sent$/),
    ).toBeVisible();
    const unsubscribedOn = /\d{2}[A-Z]{3}\d{4}/.exec(
      (await detail.getByText(/^Unsubscribed on /).textContent()) ?? '',
    )![0];
    const reminders = detail.getByRole('list', { name: /^Reminders for / }).first();
    await expect(reminders.getByRole('listitem').first()).toContainText('not sent');
    await expect(detail.getByText(/^in \d+ days?$|^due today$/)).toHaveCount(0);
    // Let the panel finish sliding in: half-faded colours are not what the user reads.
    await page.waitForTimeout(600);
    expect(await seriousViolations(page, { exclude: 'header' })).toEqual([]);

    // Starting again asks first, naming the day the client asked to stop.
    await detail.getByRole('button', { name: 'Start reminders again' }).click();
    const question = page.getByRole('dialog', { name: /^Start reminders for .+ again\?$/ });
    await expect(question).toContainText(`asked to stop all reminder emails on ${unsubscribedOn}`);
    await expect(question).toContainText('only if');
    await question.getByRole('button', { name: 'Keep them stopped' }).click();
    await expect(question).toBeHidden();
    await expect(detail.getByText(/^Unsubscribed on /)).toBeVisible();

    await detail.getByRole('button', { name: 'Start reminders again' }).click();
    await question.getByRole('button', { name: 'Start reminders again' }).click();
    await expect(page.getByText('Reminders started again')).toBeVisible();
    await expect(detail.getByText(/^Unsubscribed on /)).toHaveCount(0);
    await expect(reminders.getByRole('listitem').first()).not.toContainText('not sent');
    await expect(reminders.getByRole('listitem').first()).toContainText(/in \d+ days?|due today/);

    // The grid no longer says so either.
    await page.keyboard.press('Escape');
    await expect(detail).toBeHidden();
    await expect(rows.first()).not.toContainText('Unsubscribed');
    await expect(rows.first()).toContainText(/\d+ reminders?/);
  });
});
