import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { expect, test } from './fixtures';
import { headerOf, postgresReachable, startMailPortal, type MailPortal } from './mail-portal';

/**
 * A brokerage's journey from its CRM's export to a homeowner's mailbox, on a portal that sends
 * its mail to a real SMTP server.
 */

let portal: MailPortal;

test.describe('from a CRM export to the mailbox', () => {
  test.beforeAll(async () => {
    test.skip(!(await postgresReachable()) && !process.env['CI'], 'needs PostgreSQL at 127.0.0.1:5432');
    test.setTimeout(180_000);
    portal = await startMailPortal();
  });
  test.afterAll(async () => portal?.stop());

  test('a reminder arrives with both unsubscribe headers, a one-click POST unsubscribes, and it fits a phone', async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const [subscription] = await portal.query<{ id: string; email: string }>(
      `select s.id, c.email from reminder_subscriptions s
         join properties p on p.tenant_id = s.tenant_id and p.id = s.property_id
         join client_users c on c.tenant_id = p.tenant_id and c.id = p.client_user_id
        where c.unsubscribed_at is null and c.enabled and p.enabled and not p.pending
        order by c.email limit 1`,
    );
    expect(subscription).toBeDefined();
    await portal.query(
      `update reminder_subscriptions set next_due_at = now() - interval '1 minute' where id = $1`,
      [subscription!.id],
    );

    await expect
      .poll(() => portal.received.some((mail) => mail.to.includes(subscription!.email)), {
        timeout: 60_000,
      })
      .toBe(true);
    const raw = portal.received.find((mail) => mail.to.includes(subscription!.email))!.raw;

    const listUnsubscribe = headerOf(raw, 'List-Unsubscribe') ?? '';
    const oneClick = /<(https?:\/\/[^>]+)>/.exec(listUnsubscribe)?.[1];
    expect(oneClick, listUnsubscribe).toContain('/ui/api/mail/unsubscribe?token=');
    expect(listUnsubscribe).toMatch(/<mailto:reminders@homeminder\.test\?[^>]+>/);
    expect(headerOf(raw, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(headerOf(raw, 'Message-ID')).toMatch(/@homeminder\.test>$/);

    // What a mail provider does when the reader presses its unsubscribe button: a POST, no page.
    const context = await browser.newContext();
    const answer = await context.request.post(oneClick!, { form: { 'List-Unsubscribe': 'One-Click' } });
    expect(answer.status()).toBe(200);
    const [client] = await portal.query<{ unsubscribed_at: Date | null }>(
      'select unsubscribed_at from client_users where lower(email) = lower($1)',
      [subscription!.email],
    );
    expect(client!.unsubscribed_at).not.toBeNull();

    // The email as a phone shows it: 390 px wide, nothing wider.
    const { html } = await simpleParser(raw);
    expect(html).toBeTruthy();
    const phone = await context.newPage();
    await phone.setViewportSize({ width: 390, height: 844 });
    await phone.setContent(html as string);
    const width = await phone.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    const shots = path.join(test.info().project.outputDir, 'crm-import');
    mkdirSync(shots, { recursive: true });
    await phone.screenshot({ path: path.join(shots, 'reminder-390.png'), fullPage: true });
    await context.close();
  });
});
