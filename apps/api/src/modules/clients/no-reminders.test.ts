/**
 * A property without any reminder is a status of its own: the grid's rows and status filter, the
 * counts, Home's tiles and the export all call it "no reminders" and none counts it among the
 * properties getting reminders. The bulk upload's preview says how many ready rows have none.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import type { ClientDetail, ClientGrid, PropertyCounts } from '@homeminder/shared/contracts/clients';
import type { BulkPreview } from '@homeminder/shared/contracts/bulk';
import type { HomeSummary } from '@homeminder/shared/contracts/identity';
import { ACME_TENANT_ID } from '../../db/demo-data';
import { describeEachDriver, type TestApp } from '../../test/test-app';
import { queueBulkRows } from '../../test/bulk-rows';
import { setUpClient } from '../../test/clients';

async function everyCount(t: TestApp, token: string) {
  const total = async (status: string) => {
    const response = await t.api({ method: 'POST', path: '/clients/grid', token, body: { status } });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ClientGrid>().totalItemCount;
  };
  const counts = (await t.api({ path: '/clients/properties/count', token })).json<PropertyCounts>();
  const home = (await t.api({ path: '/home/summary', token })).json<HomeSummary>();
  return {
    grid: {
      enabled: await total('enabled'),
      noReminders: await total('noReminders'),
      pending: await total('pending'),
    },
    counts,
    home,
  };
}

describeEachDriver('properties without reminders', (t) => {
  let manager: string;
  beforeAll(async () => {
    manager = await t.login('manager@acme.test');
  });

  it('are their own status in the grid, the counts, Home and the export', async () => {
    const before = await everyCount(t, manager);
    expect(before.grid.noReminders).toBe(0);

    const { client } = await setUpClient(t, manager, {
      clientUser: { firstName: 'Quiet', lastName: 'Owner' },
    });

    const after = await everyCount(t, manager);
    expect(after.grid).toEqual({ ...before.grid, noReminders: 1 });
    expect(after.counts.noReminders).toBe(1);
    expect(after.counts.enabled).toBe(before.counts.enabled);
    expect(after.counts.enabled).toBe(after.grid.enabled);
    expect(after.counts.pending).toBe(after.grid.pending);
    // It uses a license, as every enabled property that is not pending does.
    expect(after.counts.licensesUsed).toBe(before.counts.licensesUsed + 1);
    expect(after.counts.enabled + after.counts.noReminders + after.counts.unsubscribed).toBe(
      after.counts.licensesUsed,
    );
    expect(after.home).toMatchObject({
      enabledProperties: after.grid.enabled,
      noReminderProperties: 1,
      pendingProperties: after.grid.pending,
    });

    const rows = await t.api({
      method: 'POST',
      path: '/clients/grid',
      token: manager,
      body: { status: 'noReminders' },
    });
    expect(rows.json<ClientGrid>().items).toMatchObject([
      { clientId: client.id, status: 'noReminders', subscriptionCount: 0, nextDueAt: null },
    ]);
    const csv = await t.api({
      method: 'POST',
      path: '/clients/export',
      token: manager,
      body: { status: 'noReminders' },
    });
    const [header, line] = csv.body.trimEnd().split('\r\n');
    const cells = line!.split(',');
    const column = (name: string) => cells[header!.split(',').indexOf(name)];
    expect(column('Status')).toBe('No reminders');
    // The Reminders cell is written as the bulk upload reads it: empty for none.
    expect(column('Reminders')).toBe('');

    // Its first reminder makes it a property getting reminders, in every count at once.
    const [reminder] = await t.rows<{ id: string }>(sql`select id from reminders order by name limit 1`);
    const changed = await t.api({
      method: 'POST',
      path: '/clients/setup',
      token: manager,
      body: {
        tenantUserID: client.id,
        firstName: 'Quiet',
        lastName: 'Owner',
        subscriptions: [{ reminderID: reminder!.id, maintenanceFrequencyID: 1 }],
      },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const last = await everyCount(t, manager);
    expect(last.grid).toEqual({ ...before.grid, enabled: before.grid.enabled + 1 });
    expect(last.counts.noReminders).toBe(0);
    expect(last.home).toMatchObject({ enabledProperties: before.grid.enabled + 1, noReminderProperties: 0 });

    // Removing its only reminder alone (no change to the client or the property) moves it back,
    // in the grid's totals, the counts and Home's tiles too: each is kept per version, which
    // subscriptions move on.
    const subscriptionId = changed.json<ClientDetail>().properties[0]!.subscriptions[0]!.id;
    const removed = await t.api({
      method: 'DELETE',
      path: `/clients/reminderSubscription/${subscriptionId}`,
      token: manager,
    });
    expect(removed.statusCode, removed.body).toBe(204);
    const removedLast = await everyCount(t, manager);
    expect(removedLast.grid).toEqual({ ...before.grid, noReminders: 1 });
    expect(removedLast.counts).toMatchObject({ enabled: before.counts.enabled, noReminders: 1 });
    expect(removedLast.home).toMatchObject({
      enabledProperties: before.grid.enabled,
      noReminderProperties: 1,
    });
  });

  it('are counted before a bulk upload creates them', async () => {
    const admin = await t.login('admin@acme.test');
    const queued = await queueBulkRows(t, admin, ACME_TENANT_ID, [
      {
        itemId: '0b0b0b0b-0000-4000-8000-000000000001',
        data: {
          firstName: 'Crm',
          lastName: 'One',
          email: 'crm.one@example.net',
          addressLine: '1 Export Way',
          city: 'Springfield',
          state: 'IL',
          zip: '62704',
        },
      },
      {
        itemId: '0b0b0b0b-0000-4000-8000-000000000002',
        data: {
          firstName: 'Crm',
          lastName: 'Two',
          email: 'crm.two@example.net',
          addressLine: '2 Export Way',
          city: 'Springfield',
          state: 'IL',
          zip: '62704',
          reminders: 'Replace HVAC filter',
        },
      },
    ]);
    expect(queued.statusCode, queued.body).toBeLessThan(300);
    const preview = (
      await t.api({ path: `/bulk/${ACME_TENANT_ID}/preview`, token: admin })
    ).json<BulkPreview>();
    expect(preview).toMatchObject({ valid: 2, withoutReminders: 1 });
  });
});
