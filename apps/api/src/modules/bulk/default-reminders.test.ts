/**
 * Rows of a bulk upload that name no reminders (an empty cell, or a file without a Reminders
 * column) get the corporation's default set when their clients are created, each reminder at the
 * set's frequency; a row with reminders keeps its own. The preview says so first (docs/decisions/060).
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import type { BulkPreview, BulkProcessResult } from '@homeminder/shared/contracts/bulk';
import type { DefaultReminderSet } from '@homeminder/shared/contracts/default-reminders';
import { BIRCH_TENANT_ID } from '../../db/demo-data';
import { catalogueDefaultSet } from '../../test/default-set';
import { describeEachDriver } from '../../test/test-app';
import { queueBulkRows } from '../../test/bulk-rows';

const row = (email: string, reminders?: string) => ({
  itemId: randomUUID(),
  data: {
    firstName: 'Crm',
    lastName: 'Row',
    email,
    addressLine: '1 Export Way',
    city: 'Portland',
    state: 'OR',
    zip: '97205',
    ...(reminders === undefined ? {} : { reminders }),
  },
});

describeEachDriver('default reminders in a bulk upload', (t) => {
  let admin: string;
  beforeAll(async () => {
    admin = await t.login('admin@birch.test');
  });

  /** The subscriptions of the client with `email`, by reminder id, with their frequency. */
  const subscriptionsOf = (email: string) =>
    t.rows<{ reminderId: string; maintenanceFrequencyId: number; firstDue: boolean }>(sql`
      select s.reminder_id as "reminderId", s.maintenance_frequency_id as "maintenanceFrequencyId",
             s.next_due_at > now() as "firstDue"
        from reminder_subscriptions s
        join properties p on p.tenant_id = s.tenant_id and p.id = s.property_id
        join client_users c on c.tenant_id = p.tenant_id and c.id = p.client_user_id
       where c.tenant_id = ${BIRCH_TENANT_ID} and c.email = ${email}
       order by s.reminder_id`);

  it('gives rows without reminders the default set, says so first, and leaves rows with reminders alone', async () => {
    // The administrator's own choice of set, one frequency changed from the catalogue's.
    const seeded = (
      await t.api({ path: `/corporation/settings/defaultReminders/${BIRCH_TENANT_ID}`, token: admin })
    ).json<DefaultReminderSet>().items;
    expect(seeded.map((item) => item.name)).toEqual((await catalogueDefaultSet(t)).map((task) => task.name));
    const chosen = [
      { reminderId: seeded[0]!.reminderId, maintenanceFrequencyId: 1 },
      { reminderId: seeded[2]!.reminderId, maintenanceFrequencyId: seeded[2]!.maintenanceFrequencyId },
    ];
    const saved = await t.api({
      method: 'PUT',
      path: `/corporation/settings/defaultReminders/${BIRCH_TENANT_ID}`,
      token: admin,
      body: { items: chosen },
    });
    expect(saved.statusCode, saved.body).toBe(200);

    const queued = await queueBulkRows(t, admin, BIRCH_TENANT_ID, [
      row('no.column@crm.test'),
      row('empty.cell@crm.test', ''),
      row('own.reminder@crm.test', 'Test the sump pump: Monthly'),
    ]);
    expect(queued.statusCode, queued.body).toBe(200);

    const preview = (
      await t.api({ path: `/bulk/${BIRCH_TENANT_ID}/preview`, token: admin })
    ).json<BulkPreview>();
    expect(preview).toMatchObject({ valid: 3, withoutReminders: 2 });
    expect(preview.defaultReminders).toEqual([
      { name: seeded[0]!.name, frequencyName: 'Monthly' },
      { name: seeded[2]!.name, frequencyName: seeded[2]!.frequencyName },
    ]);

    const processed = await t.api({ method: 'POST', path: `/bulk/process/${BIRCH_TENANT_ID}`, token: admin });
    expect(processed.statusCode, processed.body).toBe(200);
    expect(processed.json<BulkProcessResult>()).toMatchObject({ created: 3, errors: {} });

    const expected = chosen
      .map((item) => ({ ...item, firstDue: true }))
      .sort((a, b) => a.reminderId.localeCompare(b.reminderId));
    expect(await subscriptionsOf('no.column@crm.test')).toEqual(expected);
    expect(await subscriptionsOf('empty.cell@crm.test')).toEqual(expected);
    const [sumpPump] = await t.rows<{ id: string }>(
      sql`select id from reminders where name = 'Test the sump pump'`,
    );
    expect(await subscriptionsOf('own.reminder@crm.test')).toEqual([
      { reminderId: sumpPump!.id, maintenanceFrequencyId: 1, firstDue: true },
    ]);

    // The audit entry of each client names the reminders it was created with.
    const [audit] = await t.rows<{ added: string[] }>(sql`
      select details->'subscriptionsAdded' as added from audit_log
       where tenant_id = ${BIRCH_TENANT_ID} and action = 'client.created' and details->>'email' = 'empty.cell@crm.test'`);
    expect(audit?.added).toEqual(chosen.map((item) => item.reminderId));
  });

  it('creates clients without reminders when the set is empty, as before', async () => {
    const emptied = await t.api({
      method: 'PUT',
      path: `/corporation/settings/defaultReminders/${BIRCH_TENANT_ID}`,
      token: admin,
      body: { items: [] },
    });
    expect(emptied.statusCode, emptied.body).toBe(200);
    await queueBulkRows(t, admin, BIRCH_TENANT_ID, [row('no.set@crm.test')]);
    const preview = (
      await t.api({ path: `/bulk/${BIRCH_TENANT_ID}/preview`, token: admin })
    ).json<BulkPreview>();
    expect(preview).toMatchObject({ withoutReminders: 1, defaultReminders: [] });
    const processed = await t.api({ method: 'POST', path: `/bulk/process/${BIRCH_TENANT_ID}`, token: admin });
    expect(processed.json<BulkProcessResult>()).toMatchObject({ created: 1 });
    expect(await subscriptionsOf('no.set@crm.test')).toEqual([]);
  });
});
