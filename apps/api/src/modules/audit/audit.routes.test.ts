import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { AuditPage } from '@homeminder/shared/contracts/audit';
import { messages } from '@homeminder/shared/validation/messages';
import { ACME_TENANT_ID, BIRCH_TENANT_ID } from '../../db/demo-data';
import { describeEachDriver, expectErrors } from '../../test/test-app';

describeEachDriver('audit log', (t) => {
  it("shows a corporate administrator their own corporation's entries only", async () => {
    await t.login('realtor@birch.test');
    const admin = await t.login('admin@acme.test');
    const page = (
      await t.api({ method: 'POST', path: '/admin/audit/query', token: admin, body: { pageSize: 200 } })
    ).json<AuditPage>();
    expect(page.items.length).toBeGreaterThan(0);
    expect(new Set(page.items.map((entry) => entry.tenantId))).toEqual(new Set([ACME_TENANT_ID]));
    // Even when asking for another corporation.
    const foreign = await t.api({
      method: 'POST',
      path: '/admin/audit/query',
      token: admin,
      body: { tenantId: BIRCH_TENANT_ID },
    });
    expect(foreign.json<AuditPage>().items.every((entry) => entry.tenantId === ACME_TENANT_ID)).toBe(true);
  });

  it('lets the operator read every corporation, or one, and filter by action', async () => {
    await t.login('realtor@birch.test');
    await t.login('manager@acme.test');
    const operator = await t.login('sysadmin@demo.test');
    const all = (
      await t.api({ method: 'POST', path: '/admin/audit/query', token: operator, body: { pageSize: 200 } })
    ).json<AuditPage>();
    expect(new Set(all.items.map((entry) => entry.tenantId)).size).toBeGreaterThanOrEqual(3);

    const birch = await t.api({
      method: 'POST',
      path: '/admin/audit/query',
      token: operator,
      body: { tenantId: BIRCH_TENANT_ID, action: 'auth.login' },
    });
    const items = birch.json<AuditPage>().items;
    expect(items.length).toBeGreaterThan(0);
    expect(
      items.every((entry) => entry.tenantId === BIRCH_TENANT_ID && entry.action.includes('auth.login')),
    ).toBe(true);
    expect(items[0]?.actorName).toBe('Ben Brooks');
  });

  it('names the person really acting under impersonation', async () => {
    const admin = await t.login('admin@acme.test');
    const [realtor] = await t.rows<{ id: string }>(
      sql`select id from tenant_users where email = 'realtor2@acme.test'`,
    );
    const { token } = (
      await t.api({ method: 'POST', path: `/auth/impersonate/${realtor!.id}`, token: admin })
    ).json<{ token: string }>();
    await t.api({ path: '/home/summary', token: admin, headers: { impersonation: `Impersonated ${token}` } });
    const page = await t.api({
      method: 'POST',
      path: '/admin/audit/query',
      token: admin,
      body: { action: 'auth.impersonation-started' },
    });
    expect(page.json<AuditPage>().items[0]).toMatchObject({
      actorName: 'Ray Reyes',
      realActorName: 'Alice Admin',
      recordName: 'Ray Reyes',
      session: { requests: 1, endedAt: null, items: [] },
    });
  });

  it('is closed to realtors and managers, and checks its query', async () => {
    expectErrors(
      await t.api({
        method: 'POST',
        path: '/admin/audit/query',
        token: await t.login('realtor@acme.test'),
        body: {},
      }),
      403,
    );
    expectErrors(
      await t.api({
        method: 'POST',
        path: '/admin/audit/query',
        token: await t.login('manager@acme.test'),
        body: {},
      }),
      403,
    );
    const admin = await t.login('admin@acme.test');
    expectErrors(
      await t.api({ method: 'POST', path: '/admin/audit/query', token: admin, body: { page: 0 } }),
      400,
      messages.minOne,
    );
  });
});
