import { expect, test } from './fixtures';

/**
 * The reminder service as people meet it: the demo reminders that fall due right after start-up
 * reach the outbox, an administrator reads one on Sent mail, and the client's unsubscribe link
 * from that very email stops their reminders.
 */
test.describe('reminder emails', () => {
  test.use({ account: 'admin@acme.test' });

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
