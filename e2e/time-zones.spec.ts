import type { APIRequestContext } from '@playwright/test';
import { formatDateTime, timeZoneNote } from '@homeminder/shared/format';
import { apiLogin, describeSignedIn, expect, test } from './fixtures';

/*
 * Every time on a staff screen is in the corporation's zone, and the screen says which
 * (docs/decisions/074): a browser half a world away shows the same 13:52 as the office.
 */

const browserZone = 'Asia/Tokyo';

/** The caller's corporation's zone, and an authorised call as the admin. */
async function asAdmin(request: APIRequestContext) {
  const { token } = await apiLogin(request, 'admin@acme.test');
  const headers = { Authorization: `Bearer ${token}` };
  const details = (await (await request.get('api/id/tenant-details', { headers })).json()) as {
    timeZone: string;
  };
  return { headers, timeZone: details.timeZone };
}

describeSignedIn('times on staff screens', 'admin@acme.test', () => {
  test.use({ timezoneId: browserZone });

  test('the audit log shows a sign-in at the corporation-zone time, and names the zone', async ({
    page,
    request,
  }) => {
    const { headers, timeZone } = await asAdmin(request);
    expect(timeZone).not.toBe(browserZone);
    const log = await request.post('api/admin/audit/query', { headers, data: { page: 1, pageSize: 1 } });
    const [entry] = ((await log.json()) as { items: Array<{ at: string }> }).items;
    const office = formatDateTime(entry!.at, timeZone);
    expect(office).not.toBe(formatDateTime(entry!.at, browserZone));

    await page.goto('adm/audit');

    await expect(page.getByText(timeZoneNote(timeZone))).toBeVisible();
    await expect(page.getByRole('cell', { name: office, exact: true }).first()).toBeVisible();
    await expect(
      page.getByRole('cell', { name: formatDateTime(entry!.at, browserZone), exact: true }),
    ).toHaveCount(0);
  });

  test('sent mail shows an email at the corporation-zone time, and names the zone', async ({
    page,
    request,
  }) => {
    const { headers, timeZone } = await asAdmin(request);
    const users = await request.post('api/admin/tenantusers/query-realtors', {
      headers,
      data: { pageSize: 'all' },
    });
    const realtor = ((await users.json()) as { items: Array<{ id: string; email: string }> }).items.find(
      (user) => user.email === 'realtor2@acme.test',
    );
    expect((await request.post(`api/admin/user/${realtor!.id}/send-reset`, { headers })).ok()).toBe(true);
    const mail = await request.post('api/admin/mail/query', {
      headers,
      data: { page: 1, pageSize: 1, to: 'realtor2@acme.test' },
    });
    const [sent] = ((await mail.json()) as { items: Array<{ createdAt: string; sentAt: string | null }> })
      .items;
    const at = sent!.sentAt ?? sent!.createdAt;
    const office = formatDateTime(at, timeZone);

    await page.goto('adm/sent-mail');

    await expect(page.getByText(timeZoneNote(timeZone))).toBeVisible();
    await expect(page.getByRole('cell', { name: office, exact: true }).first()).toBeVisible();
    await expect(page.getByRole('cell', { name: formatDateTime(at, browserZone), exact: true })).toHaveCount(
      0,
    );
  });
});
