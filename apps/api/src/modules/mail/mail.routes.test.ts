import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ReminderActivity, SentMailDetail, SentMailPage } from '@homeminder/shared/contracts/mail';
import { ACME_TENANT_ID, BIRCH_TENANT_ID, demoRemindersDueAtStart } from '../../db/demo-data';
import { describeEachDriver, expectErrors, useTestApp } from '../../test/test-app';
import { testDispatcher } from '../../test/dispatch';
import { outboxSender } from './sender';

describeEachDriver('sent mail and reminder activity', (t) => {
  const query = (token: string, body: object = {}) =>
    t.api({ method: 'POST', path: '/admin/mail/query', token, body: { page: 1, pageSize: 50, ...body } });

  beforeAll(async () => {
    const db = t.database.db;
    // The demo reminders fall due, and Birch's too; without SMTP_URL the mail is kept.
    t.clock.advance(60_000);
    await t.rows(
      sql`update reminder_subscriptions set next_due_at = ${new Date(t.clock.now().getTime() - 1_000).toISOString()}::timestamptz
          where tenant_id = ${BIRCH_TENANT_ID}`,
    );
    const dispatcher = testDispatcher(t, 'http://localhost:8080/ui/');
    expect(await dispatcher.dispatchDue()).toBeGreaterThan(demoRemindersDueAtStart);
    const kept = await outboxSender({ db, transport: null, quietHours: false, now: t.clock.now }).sendDue();
    expect(kept).toMatchObject({ sent: 0, failed: 0 });
    expect(kept.kept).toBeGreaterThan(demoRemindersDueAtStart);
  });

  it("shows a corporate administrator their corporation's mail only, newest first", async () => {
    const response = await query(await t.login('admin@acme.test'));
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json<SentMailPage>();
    expect(page.delivering).toBe(false);
    expect(page.held).toBe(false);
    expect(page.totalItemCount).toBe(demoRemindersDueAtStart);
    expect(page.items.every((item) => item.tenantId === ACME_TENANT_ID)).toBe(true);
    expect(page.items.every((item) => item.status === 'kept' && item.subject.startsWith('Reminder: '))).toBe(
      true,
    );
    // Asking for another corporation changes nothing without the cross-tenant privilege.
    const other = await query(await t.login('admin@acme.test'), { tenantId: BIRCH_TENANT_ID });
    expect(other.json<SentMailPage>().items.every((item) => item.tenantId === ACME_TENANT_ID)).toBe(true);
  });

  it('shows the operator every corporation, or one', async () => {
    const token = await t.login('sysadmin@demo.test');
    const all = (await query(token)).json<SentMailPage>();
    expect(new Set(all.items.map((item) => item.tenantId))).toEqual(
      new Set([ACME_TENANT_ID, BIRCH_TENANT_ID]),
    );
    const birch = (await query(token, { tenantId: BIRCH_TENANT_ID })).json<SentMailPage>();
    expect(birch.totalItemCount).toBeGreaterThan(0);
    expect(birch.items.every((item) => item.tenantName === 'Birch Homes')).toBe(true);
  });

  it('narrows the list to the mail to one address, whatever its letter case', async () => {
    const token = await t.login('sysadmin@demo.test');
    const all = (await query(token)).json<SentMailPage>();
    const address = all.items[0]!.toAddress;
    const one = (await query(token, { to: address.toUpperCase() })).json<SentMailPage>();
    expect(one.totalItemCount).toBe(all.items.filter((item) => item.toAddress === address).length);
    expect(one.items.every((item) => item.toAddress === address)).toBe(true);
    expect((await query(token, { to: 'nobody@nowhere.test' })).json<SentMailPage>().totalItemCount).toBe(0);
  });

  it('opens one email with its HTML and text; another corporation’s is not found', async () => {
    const admin = await t.login('admin@acme.test');
    const [item] = (await query(admin)).json<SentMailPage>().items;
    const detail = await t.api({ path: `/admin/mail/${ACME_TENANT_ID}/${item!.id}`, token: admin });
    expect(detail.statusCode, detail.body).toBe(200);
    const body = detail.json<SentMailDetail>();
    expect(body.html).toContain('<!doctype html>');
    expect(body.html).toContain('Acme Realty');
    expect(body.text).toMatch(/Unsubscribe: http:\/\/localhost:8080\/ui\/unsubscribe\?token=/);

    const birchAdmin = await t.login('admin@birch.test');
    expectErrors(
      await t.api({ path: `/admin/mail/${ACME_TENANT_ID}/${item!.id}`, token: birchAdmin }),
      404,
      'That email was not found.',
    );
  });

  it('refuses managers and realtors', async () => {
    for (const email of ['manager@acme.test', 'realtor@acme.test']) {
      expectErrors(await query(await t.login(email)), 403);
    }
    expectErrors(await t.api({ method: 'POST', path: '/admin/mail/query', body: {} }), 401);
  });

  it('counts reminders sent per day and upcoming, scoped like the client list', async () => {
    const admin = (
      await t.api({ path: '/home/reminder-activity', token: await t.login('admin@acme.test') })
    ).json<ReminderActivity>();
    expect(admin.days).toHaveLength(60);
    expect(admin.totals.sent).toBe(demoRemindersDueAtStart);
    expect(admin.totals.failed).toBe(0);
    expect(admin.totals.upcoming).toBeGreaterThan(0);
    const today = t.clock.now().toISOString().slice(0, 10);
    expect(admin.days.find((day) => day.date === today)!.sent).toBe(demoRemindersDueAtStart);

    const realtor = (
      await t.api({ path: '/home/reminder-activity', token: await t.login('realtor@acme.test') })
    ).json<ReminderActivity>();
    expect(realtor.totals.sent).toBeGreaterThan(0);
    expect(realtor.totals.sent).toBeLessThan(admin.totals.sent);
    expect(realtor.totals.upcoming).toBeLessThan(admin.totals.upcoming);
  });

  it("counts the same upcoming reminders as Home's tile, an unsubscribed client's left out", async () => {
    const token = await t.login('realtor@acme.test');
    const upcoming = async () =>
      (await t.api({ path: '/home/reminder-activity', token })).json<ReminderActivity>().totals.upcoming;
    const tile = async () =>
      (await t.api({ path: '/home/summary', token })).json<{ dueNext30Days: number }>().dueNext30Days;
    const before = await upcoming();
    expect(await tile()).toBe(before);

    // A client of this realtor with reminders in the window unsubscribes: both counts drop alike.
    const [client] = await t.rows<{ id: string; due: number }>(sql`
      select c.id, count(*)::int as due from client_users c
        join tenant_users r on r.tenant_id = c.tenant_id and r.id = c.realtor_id
        join properties p on p.tenant_id = c.tenant_id and p.client_user_id = c.id and p.enabled and not p.pending
        join reminder_subscriptions s on s.tenant_id = p.tenant_id and s.property_id = p.id
      where r.email = 'realtor@acme.test' and c.enabled and c.unsubscribed_at is null
        and s.next_due_at >= ${t.clock.now().toISOString()}::timestamptz
        and s.next_due_at < ${new Date(t.clock.now().getTime() + 30 * 86_400_000).toISOString()}::timestamptz
      group by c.id order by count(*) desc limit 1`);
    expect(client!.due).toBeGreaterThan(0);
    await t.rows(sql`update client_users set unsubscribed_at = now() where id = ${client!.id}`);
    expect(await upcoming()).toBe(before - client!.due);
    expect(await tile()).toBe(before - client!.due);
  });
});

describe('sent mail once mail really leaves [pglite]', () => {
  const t = useTestApp('pglite', { smtpUrl: 'smtp://127.0.0.1:2525' });

  it("withholds an account email's content, which holds a sign-in link, and shows a reminder's", async () => {
    await t.api({ method: 'POST', path: '/auth/forgot-password', body: { email: 'realtor@acme.test' } });
    const admin = await t.login('admin@acme.test');
    const page = (
      await t.api({
        method: 'POST',
        path: '/admin/mail/query',
        token: admin,
        body: { page: 1, pageSize: 10, to: 'realtor@acme.test' },
      })
    ).json<SentMailPage>();
    expect(page.delivering).toBe(true);
    const reset = page.items.find((item) => item.kind === 'password-reset');
    expect(reset).toBeDefined();
    const detail = (
      await t.api({ path: `/admin/mail/${ACME_TENANT_ID}/${reset!.id}`, token: admin })
    ).json<SentMailDetail>();
    expect(detail.text).toContain('is not shown');
    expect(detail.text).not.toMatch(/token=/);
    expect(detail.html).not.toMatch(/token=/);
  });
});
