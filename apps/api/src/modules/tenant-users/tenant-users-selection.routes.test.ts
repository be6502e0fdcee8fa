import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { BulkResult } from '@homeminder/shared/contracts/client-selection';
import { ACME_TENANT_ID, BIRCH_TENANT_ID } from '../../db/demo-data';
import { describeEachDriver, expectErrors, signInBeforeAll } from '../../test/test-app';
import { tenantUserId } from '../../test/users';

describeEachDriver('manage users selection', (t) => {
  const token = signInBeforeAll(t);

  it('enables and disables the selected users, skipping the own account and another corporation’s', async () => {
    const self = await tenantUserId(t, 'admin@acme.test');
    const realtor = await tenantUserId(t, 'realtor2@acme.test');
    const birch = await tenantUserId(t, 'admin@birch.test');
    const send = (action: 'enable' | 'disable') =>
      t.api({
        method: 'POST',
        path: '/admin/tenantUsers/bulk',
        token: token('admin@acme.test'),
        body: { action, tenantId: ACME_TENANT_ID, userIds: [self, realtor, birch] },
      });
    const disabled = await send('disable');
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect(disabled.json<BulkResult>()).toEqual({
      done: 1,
      skipped: [
        { reason: 'notFound', count: 1 },
        { reason: 'yourself', count: 1 },
      ],
      message: '1 user disabled. 2 skipped: 1 not found, 1 your own account.',
    });
    const enabledOf = async (id: string) =>
      (await t.rows<{ enabled: boolean }>(sql`select enabled from tenant_users where id = ${id}`))[0]!
        .enabled;
    expect(await enabledOf(realtor)).toBe(false);
    expect(await enabledOf(self)).toBe(true);
    expect(await enabledOf(birch)).toBe(true);

    const enabled = await send('enable');
    expect(enabled.json<BulkResult>()).toMatchObject({
      done: 1,
      skipped: [
        { reason: 'notFound', count: 1 },
        { reason: 'unchanged', count: 1 },
      ],
    });
    expect(await enabledOf(realtor)).toBe(true);
    const entries = await t.rows<{ details: Record<string, unknown> }>(
      sql`select details from audit_log where action like 'tenant-users.%-bulk' order by id`,
    );
    expect(entries.map((entry) => entry.details.count)).toEqual([1, 1]);
  });

  it("refuses a realtor, and a manager naming another corporation's users", async () => {
    const body = { action: 'disable', tenantId: BIRCH_TENANT_ID, userIds: [ACME_TENANT_ID] };
    expect(
      (
        await t.api({
          method: 'POST',
          path: '/admin/tenantUsers/bulk',
          token: token('realtor@acme.test'),
          body,
        })
      ).statusCode,
    ).toBe(403);
    expectErrors(
      await t.api({ method: 'POST', path: '/admin/tenantUsers/bulk', token: token('admin@acme.test'), body }),
      404,
    );
  });
});
