import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type {
  ActiveNotification,
  Notification,
  NotificationPage,
} from '@homeminder/shared/contracts/notifications';
import { messages } from '@homeminder/shared/validation/messages';
import { BIRCH_TENANT_ID } from '../../db/demo-data';
import { auditActions } from '../../test/audit';
import { describeEachDriver, expectErrors } from '../../test/test-app';

const hour = 60 * 60 * 1000;

describeEachDriver('notification routes', (t) => {
  /** The operator's administrator, who manages the messages. */
  let operator: string;
  beforeAll(async () => {
    operator = await t.login('sysadmin@demo.test');
  });

  const message = (overrides: Record<string, unknown> = {}) => ({
    title: 'Scheduled maintenance',
    body: 'HomeMinder will be unavailable on Sunday from 2 to 3 am.',
    severity: 'warning',
    startsAt: new Date(t.clock.now().getTime() - hour).toISOString(),
    endsAt: null,
    ...overrides,
  });

  /** Creates a message as the operator and returns it. */
  const publish = async (operator: string, body: object) =>
    (await t.api({ method: 'POST', path: '/notification', token: operator, body })).json<Notification>();

  /** The titles of the messages shown to a user, or to one acting for `tenantId`. */
  const activeTitles = async (token: string, tenantId?: string) =>
    (await t.api({ path: '/notification/active', token, ...(tenantId ? { tenantId } : {}) }))
      .json<ActiveNotification[]>()
      .map((item) => item.title);

  it('lets the operator create, read, list, edit and retire a message, and audits each change', async () => {
    const token = operator;
    const created = await t.api({ method: 'POST', path: '/notification', token, body: message() });
    expect(created.statusCode, created.body).toBe(201);
    const { id, status } = created.json<Notification>();
    expect(status).toBe('active');

    expect((await t.api({ path: `/notification/${id}`, token })).json<Notification>().title).toBe(
      'Scheduled maintenance',
    );

    const list = (await t.api({ path: '/notification/10/1/all', token })).json<NotificationPage>();
    expect(list.items.map((item) => item.id)).toContain(id);
    expect(list.totalItemCount).toBeGreaterThanOrEqual(1);

    const edited = await t.api({
      method: 'PUT',
      path: `/notification/${id}`,
      token,
      body: message({ title: 'Planned upgrade' }),
    });
    expect(edited.json<Notification>().title).toBe('Planned upgrade');

    const retired = await t.api({ method: 'POST', path: `/notification/${id}/retire`, token });
    expect(retired.json<Notification>().status).toBe('retired');

    expect(await auditActions(t, id)).toEqual([
      'notification.create',
      'notification.update',
      'notification.retire',
    ]);
  });

  it('shows active messages to signed-in users until they dismiss them, and never scheduled or retired ones', async () => {
    const active = await publish(operator, message({ title: 'Now showing' }));
    const later = message({
      title: 'Tomorrow',
      startsAt: new Date(t.clock.now().getTime() + 24 * hour).toISOString(),
    });
    await t.api({ method: 'POST', path: '/notification', token: operator, body: later });

    const realtor = await t.login('realtor@birch.test');
    const titles = () => activeTitles(realtor);
    expect(await titles()).toContain('Now showing');
    expect(await titles()).not.toContain('Tomorrow');

    expect(
      (await t.api({ method: 'POST', path: `/notification/${active.id}/dismiss`, token: realtor }))
        .statusCode,
    ).toBe(204);
    expect(await titles()).not.toContain('Now showing');
    // Another user still sees it.
    expect(await activeTitles(await t.login('manager@acme.test'))).toContain('Now showing');
  });

  it("keeps the operator's dismissals their own while they act for another corporation", async () => {
    const shown = await publish(operator, message({ title: 'Dismissed while acting' }));
    const titles = (tenantId?: string) => activeTitles(operator, tenantId);
    expect(await titles(BIRCH_TENANT_ID)).toContain('Dismissed while acting');

    const dismissed = await t.api({
      method: 'POST',
      path: `/notification/${shown.id}/dismiss`,
      token: operator,
      tenantId: BIRCH_TENANT_ID,
    });
    expect(dismissed.statusCode, dismissed.body).toBe(204);
    expect(await titles(BIRCH_TENANT_ID)).not.toContain('Dismissed while acting');
    expect(await titles()).not.toContain('Dismissed while acting');
    // Birch's own people still see it.
    expect(await activeTitles(await t.login('admin@birch.test'))).toContain('Dismissed while acting');
  });

  it('lets the operator write messages while acting for another corporation, audited as their own', async () => {
    const acting = { token: operator, tenantId: BIRCH_TENANT_ID };
    const created = await t.api({ method: 'POST', path: '/notification', ...acting, body: message() });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json<Notification>();
    const edited = await t.api({
      method: 'PUT',
      path: `/notification/${id}`,
      ...acting,
      body: message({ title: 'Edited while acting' }),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const retired = await t.api({ method: 'POST', path: `/notification/${id}/retire`, ...acting });
    expect(retired.statusCode, retired.body).toBe(200);
    const audit = await t.rows<{ tenant_id: string }>(
      sql`select tenant_id from audit_log where record_id = ${id} order by id`,
    );
    expect(audit).toHaveLength(3);
    expect(audit.every((row) => row.tenant_id !== BIRCH_TENANT_ID)).toBe(true);
  });

  it('keeps management to holders of ManageNotifications', async () => {
    const admin = await t.login('admin@acme.test');
    expectErrors(await t.api({ method: 'POST', path: '/notification', token: admin, body: message() }), 403);
    expectErrors(await t.api({ path: '/notification/10/1/all', token: admin }), 403);
    expectErrors(await t.api({ path: '/notification/10/1/all' }), 401);
  });

  it('refuses bad paging and bad messages with the shared messages', async () => {
    const token = operator;
    expectErrors(await t.api({ path: '/notification/0/1/all', token }), 400, messages.minOne);
    expectErrors(await t.api({ path: '/notification/10/0/all', token }), 400, messages.minOne);
    expectErrors(await t.api({ path: '/notification/not-an-id', token }), 400);
    const bad = await t.api({
      method: 'POST',
      path: '/notification',
      token,
      body: message({ title: ' ', endsAt: new Date(t.clock.now().getTime() - 2 * hour).toISOString() }),
    });
    expect(expectErrors(bad, 400)).toEqual(
      expect.arrayContaining([messages.required, messages.endBeforeStart]),
    );
    expectErrors(await t.api({ path: '/notification/00000000-0000-4000-8000-0000000000ff', token }), 404);
  });
});

describe('notification status', () => {
  it('follows the schedule', async () => {
    const { notificationStatus } = await import('@homeminder/shared/contracts/notifications');
    const now = new Date('2026-11-23T12:00:00Z');
    const at = (iso: string) => new Date(iso);
    expect(
      notificationStatus({ startsAt: at('2026-11-24T00:00:00Z'), endsAt: null, retiredAt: null }, now),
    ).toBe('scheduled');
    expect(
      notificationStatus({ startsAt: at('2026-11-22T00:00:00Z'), endsAt: null, retiredAt: null }, now),
    ).toBe('active');
    expect(
      notificationStatus(
        { startsAt: at('2026-11-22T00:00:00Z'), endsAt: at('2026-11-23T11:00:00Z'), retiredAt: null },
        now,
      ),
    ).toBe('ended');
    expect(
      notificationStatus({ startsAt: at('2026-11-22T00:00:00Z'), endsAt: null, retiredAt: now }, now),
    ).toBe('retired');
  });
});
