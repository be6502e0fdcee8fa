import type { APIRequestContext } from '@playwright/test';
import { apiLogin, expect } from './fixtures';

interface OutboxMail {
  kind: string;
  subject: string;
  text: string;
  html: string;
}

interface MailItem {
  id: string;
  tenantId: string;
  kind: string;
}

/**
 * The newest email of a kind to an address, read as the operator reads it on the Sent mail screen
 * (POST api/admin/mail/query, then GET api/admin/mail/{tenant}/{id}): without an SMTP server the
 * portal keeps its mail there. Waits a little for it to arrive.
 */
export async function latestEmail(request: APIRequestContext, to: string, kind: string): Promise<OutboxMail> {
  const { token } = await apiLogin(request, 'sysadmin@demo.test');
  const headers = { Authorization: `Bearer ${token}` };
  let found: MailItem | undefined;
  await expect
    .poll(async () => {
      const response = await request.post('api/admin/mail/query', {
        data: { page: 1, pageSize: 20, to },
        headers,
      });
      expect(response.status()).toBe(200);
      found = ((await response.json()) as { items: MailItem[] }).items.find((mail) => mail.kind === kind);
      return Boolean(found);
    })
    .toBe(true);
  const detail = await request.get(`api/admin/mail/${found!.tenantId}/${found!.id}`, { headers });
  expect(detail.status()).toBe(200);
  return (await detail.json()) as OutboxMail;
}

/**
 * The link of an email's button, as a path under the portal (/ui/...): the email names the
 * server's public address, which in tests is not the one the browser uses.
 */
export function linkIn(mail: { text: string }, page: 'reset' | 'register'): string {
  const match = new RegExp(`https?://[^\\s/]+/ui/(${page}\\?token=[A-Za-z0-9_%-]+)`).exec(mail.text);
  expect(match, `a ${page} link in: ${mail.text}`).toBeTruthy();
  return match![1]!;
}
