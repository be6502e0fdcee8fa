import type { APIRequestContext } from '@playwright/test';
import { apiLogin, expect } from './fixtures';

interface OutboxMail {
  kind: string;
  subject: string;
  text: string;
  html: string;
}

/**
 * The newest email of a kind to an address, read as the operator reads the outbox
 * (GET api/admin/outbox): the server keeps mail there when no SMTP server is configured. Waits a
 * little for it to arrive.
 */
export async function latestEmail(request: APIRequestContext, to: string, kind: string): Promise<OutboxMail> {
  const { token } = await apiLogin(request, 'sysadmin@demo.test');
  let found: OutboxMail | undefined;
  await expect
    .poll(async () => {
      const response = await request.get('api/admin/outbox', {
        params: { to },
        headers: { Authorization: `Bearer ${token}` },
      });
      expect(response.status()).toBe(200);
      found = ((await response.json()) as OutboxMail[]).find((mail) => mail.kind === kind);
      return Boolean(found);
    })
    .toBe(true);
  return found!;
}

/**
 * The link of an email's button, as a path under the portal (/ui/...): the email names the
 * server's public address, which in tests is not the one the browser uses.
 */
export function linkIn(mail: OutboxMail, page: 'reset' | 'register'): string {
  const match = new RegExp(`https?://[^\\s/]+/ui/(${page}\\?token=[A-Za-z0-9_%-]+)`).exec(mail.text);
  expect(match, `a ${page} link in: ${mail.text}`).toBeTruthy();
  return match![1]!;
}
