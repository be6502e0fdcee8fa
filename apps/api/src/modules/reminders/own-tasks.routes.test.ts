import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { clientMessages, type ReminderCatalogue } from '@homeminder/shared/contracts/clients';
import {
  reminderTaskMessages,
  type ReminderTask,
  type ReminderTaskList,
  type ReminderTaskRemoved,
} from '@homeminder/shared/contracts/reminder-tasks';
import { ACME_TENANT_ID, BIRCH_TENANT_ID } from '../../db/demo-data';
import { auditActions } from '../../test/audit';
import { setUpClient } from '../../test/clients';
import { describeEachDriver, expectErrors, type TestApp } from '../../test/test-app';

const pool = {
  name: 'Open the pool',
  description: 'Remove the cover, refill and balance the water.',
  category: 'Outdoor',
  defaultFrequencyId: 5,
  season: 'beforeSummer',
};

describeEachDriver('own reminder tasks', (t: TestApp) => {
  const add = (token: string, body: unknown) =>
    t.api({ method: 'POST', path: '/corporation/reminder-tasks', token, body });
  const catalogue = async (token: string, search?: string) =>
    (
      await t.api({
        method: 'POST',
        path: '/clients/reminders',
        token,
        body: { pageSize: 'all', ...(search ? { search } : {}) },
      })
    ).json<ReminderCatalogue>();

  it('an administrator adds, lists, changes and removes own tasks, each audited; two corporations may share a name', async () => {
    const acme = await t.login('admin@acme.test');
    const birch = await t.login('admin@birch.test');
    const created = await add(acme, pool);
    expect(created.statusCode, created.body).toBe(201);
    const task = created.json<ReminderTask>();
    // Fitting every home, as none was named.
    expect(task).toMatchObject({
      ...pool,
      needs: null,
      active: true,
      inUse: 0,
      defaultFrequencyName: 'Annual',
    });

    // Birch may have its own "Open the pool"; Acme may not have two, in any letter case.
    expect((await add(birch, { ...pool, season: null })).statusCode).toBe(201);
    expectErrors(
      await add(acme, { ...pool, name: ' OPEN THE POOL ' }),
      409,
      reminderTaskMessages.nameTaken('OPEN THE POOL'),
    );
    // Nor take a shared task's name.
    expectErrors(
      await add(acme, { ...pool, name: 'clean gutters and downspouts' }),
      409,
      reminderTaskMessages.nameShared('clean gutters and downspouts'),
    );
    expectErrors(
      await add(acme, { ...pool, name: 'Other', season: 'monsoon' }),
      400,
      reminderTaskMessages.seasonUnknown,
    );

    expectErrors(
      await add(acme, { ...pool, name: 'Other', defaultFrequencyId: 99 }),
      400,
      reminderTaskMessages.frequencyUnknown,
    );
    expectErrors(await add(acme, { ...pool, name: '  ' }), 400);

    // Each sees only its own.
    const acmeList = (
      await t.api({ path: '/corporation/reminder-tasks', token: acme })
    ).json<ReminderTaskList>();
    expect(acmeList.items.map((item) => item.id)).toEqual([task.id]);
    const birchList = (
      await t.api({ path: '/corporation/reminder-tasks', token: birch })
    ).json<ReminderTaskList>();
    expect(birchList.items.map((item) => item.id)).not.toContain(task.id);

    const changed = await t.api({
      method: 'PUT',
      path: `/corporation/reminder-tasks/${task.id}`,
      token: acme,
      body: { ...pool, name: 'Open and balance the pool', season: 'spring' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<ReminderTask>()).toMatchObject({
      name: 'Open and balance the pool',
      season: 'spring',
    });

    // Another corporation's task is not found, to change or to remove.
    for (const method of ['PUT', 'DELETE'] as const) {
      expectErrors(
        await t.api({ method, path: `/corporation/reminder-tasks/${task.id}`, token: birch, body: pool }),
        404,
        reminderTaskMessages.notFound,
      );
    }
    const removed = await t.api({
      method: 'DELETE',
      path: `/corporation/reminder-tasks/${task.id}`,
      token: acme,
    });
    expect(removed.json<ReminderTaskRemoved>().outcome).toBe('deleted');
    expect(await auditActions(t, task.id)).toEqual([
      'reminderTask.created',
      'reminderTask.updated',
      'reminderTask.deleted',
    ]);
  });

  it('needs the administrator privilege, checked on the server', async () => {
    for (const email of ['manager@acme.test', 'realtor@acme.test']) {
      const token = await t.login(email);
      expect((await t.api({ path: '/corporation/reminder-tasks', token })).statusCode).toBe(403);
      expect((await add(token, { ...pool, name: 'Sneaky' })).statusCode).toBe(403);
    }
    const rows = await t.rows<{ n: number }>(
      sql`select count(*)::int as n from reminders where name = 'Sneaky'`,
    );
    expect(rows[0]!.n).toBe(0);
  });

  it("the set-up form's catalogue and search show the shared tasks plus the corporation's own, never another's", async () => {
    const acme = await t.login('admin@acme.test');
    const own = (
      await add(acme, {
        ...pool,
        name: 'Winterize the boat dock',
        category: 'Waterfront',
        season: 'beforeFrost',
      })
    ).json<ReminderTask>();
    const acmeRealtor = await t.login('realtor@acme.test');
    const birchRealtor = await t.login('realtor@birch.test');
    const shared = await t.rows<{ n: number }>(
      sql`select count(*)::int as n from reminders where tenant_id is null`,
    );

    const seen = await catalogue(acmeRealtor);
    expect(seen.items.find((item) => item.id === own.id)).toMatchObject({ own: true, season: 'beforeFrost' });
    expect(seen.items.filter((item) => !item.own)).toHaveLength(shared[0]!.n);
    // Words in any order find it.
    expect((await catalogue(acmeRealtor, 'dock winterize')).items.map((item) => item.id)).toEqual([own.id]);
    expect((await catalogue(birchRealtor, 'dock winterize')).items).toHaveLength(0);
    expect((await catalogue(birchRealtor)).items.some((item) => item.id === own.id)).toBe(false);

    // Birch may not subscribe to Acme's task by its id.
    const refused = await t.api({
      method: 'PUT',
      path: '/clients/setup',
      token: birchRealtor,
      body: {
        clientUser: { firstName: 'Olive', lastName: 'Owner', email: 'olive.birch@example.net', phone: '' },
        property: { line: '3 Lake Lane', city: 'Town', state: 'ME', zip: '12345' },
        subscriptions: [{ reminderID: own.id, maintenanceFrequencyID: 5 }],
      },
    });
    expectErrors(refused, 400, clientMessages.reminderUnknown);
  });

  it('a task in use is no longer offered rather than deleted; its subscriptions stay', async () => {
    const acme = await t.login('admin@acme.test');
    const own = (await add(acme, { ...pool, name: 'Check the hot tub', season: null })).json<ReminderTask>();
    const manager = await t.login('manager@acme.test');
    await setUpClient(t, manager, { subscriptions: [{ reminderID: own.id, maintenanceFrequencyID: 3 }] });
    const removed = (
      await t.api({ method: 'DELETE', path: `/corporation/reminder-tasks/${own.id}`, token: acme })
    ).json<ReminderTaskRemoved>();
    expect(removed).toEqual({
      outcome: 'deactivated',
      message: reminderTaskMessages.deactivated('Check the hot tub', 1),
    });
    const [row] = await t.rows<{ active: boolean; subscribed: number }>(
      sql`select active, (select count(*)::int from reminder_subscriptions where reminder_id = ${own.id}) as subscribed
          from reminders where id = ${own.id}`,
    );
    expect(row).toEqual({ active: false, subscribed: 1 });
    expect((await catalogue(manager)).items.some((item) => item.id === own.id)).toBe(false);
    expect(await auditActions(t, own.id)).toEqual(['reminderTask.created', 'reminderTask.deactivated']);
    // Reading the tenant ids keeps the test honest about where the task lives.
    const [owner] = await t.rows<{ tenant_id: string }>(
      sql`select tenant_id from reminders where id = ${own.id}`,
    );
    expect(owner!.tenant_id).toBe(ACME_TENANT_ID);
    expect(owner!.tenant_id).not.toBe(BIRCH_TENANT_ID);
  });

  it("names what a home needs for the task to fit it, one of the plan's needs or none", async () => {
    const acme = await t.login('admin@acme.test');
    expectErrors(
      await add(acme, { ...pool, name: 'Other', needs: 'moat' }),
      400,
      reminderTaskMessages.needsUnknown,
    );
    // A task that fits only homes with a pool (docs/decisions/090).
    const fitted = await add(acme, { ...pool, name: 'Balance the pool water', needs: 'pool' });
    expect(fitted.statusCode, fitted.body).toBe(201);
    const task = fitted.json<ReminderTask>();
    expect(task.needs).toBe('pool');
    const changed = await t.api({
      method: 'PUT',
      path: `/corporation/reminder-tasks/${task.id}`,
      token: acme,
      body: { ...pool, name: task.name, needs: null },
    });
    expect(changed.json<ReminderTask>().needs).toBeNull();
    await t.api({ method: 'DELETE', path: `/corporation/reminder-tasks/${task.id}`, token: acme });
  });
});
