/**
 * A corporation's default reminder set (docs/decisions/060): every corporation starts with the
 * set the catalogue holds, whoever sets up clients reads it, only its administrators (or the
 * operator) replace it, never another corporation's, and a wrong list is refused with a plain
 * message.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CorporationDetails } from '@homeminder/shared/contracts/admin';
import {
  defaultReminderMessages,
  maxDefaultReminders,
  type DefaultReminderSet,
} from '@homeminder/shared/contracts/default-reminders';
import { ACME_TENANT_ID, BIRCH_TENANT_ID } from '../../db/demo-data';
import { catalogueDefaultSet, type DefaultSetTask } from '../../test/default-set';
import { describeEachDriver, expectErrors, signInRoles } from '../../test/test-app';

/** An expiry (MMYY) a year ahead of the real clock. */
function expiryNextYear(): string {
  const now = new Date();
  return `${String(now.getMonth() + 1).padStart(2, '0')}${String((now.getFullYear() + 1) % 100).padStart(2, '0')}`;
}

const path = (tenantId: string) => `/corporation/settings/defaultReminders/${tenantId}`;

describeEachDriver('default reminders of a corporation', (t) => {
  let sysadmin: string;
  let admin: string;
  let manager: string;
  let realtor: string;
  let birchAdmin: string;
  let reminderIds: string[];
  let defaultSet: DefaultSetTask[];
  beforeAll(async () => {
    defaultSet = await catalogueDefaultSet(t);
    ({
      sysadmin,
      acmeAdmin: admin,
      acmeManager: manager,
      acmeRealtor: realtor,
      birchAdmin,
    } = await signInRoles(t));
    reminderIds = (await t.rows<{ id: string }>(sql`select id from reminders order by name`)).map(
      (row) => row.id,
    );
  });
  const read = (tenantId: string, token: string) => t.api({ path: path(tenantId), token });
  const replace = (tenantId: string, token: string, items: unknown) =>
    t.api({ method: 'PUT', path: path(tenantId), token, body: { items } });
  const tasksOf = (set: DefaultReminderSet) =>
    set.items.map(({ reminderId, name, maintenanceFrequencyId }) => ({
      reminderId,
      name,
      maintenanceFrequencyId,
    }));

  /** Adds a corporation as the operator does, and returns its id and its administrator's token. */
  async function addCorporation(name: string, email: string) {
    const password = 'Dogwood-Start9!';
    const created = await t.api({
      method: 'POST',
      path: '/admin/corporation',
      token: sysadmin,
      body: {
        name,
        site: { siteName: name, timeZone: 'America/Chicago' },
        address: { line: '1 Dogwood Lane', city: 'Austin', state: 'TX', zip: '78701' },
        billing: {
          billingName: 'Dee Dogwood',
          number: '4111 1111 1111 1111',
          cvv: '987',
          expiry: expiryNextYear(),
        },
        license: { licensedProperties: 5, licenseStartsOn: '2026-01-01', licenseEndsOn: '2026-12-31' },
        administrator: { email, firstName: 'Dee', lastName: 'Dogwood', password },
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json<CorporationDetails>();
    return { id, token: await t.login(email, password) };
  }

  it('are held in the catalogue: shared tasks in use, each at a place of its own', async () => {
    const positioned = await t.rows<{ tenantId: string | null; active: boolean; position: number }>(sql`
      select tenant_id as "tenantId", active, default_position as position
        from reminders where default_position is not null`);
    expect(positioned.length).toBeGreaterThan(0);
    // No more than a corporation may save back.
    expect(positioned.length).toBeLessThanOrEqual(maxDefaultReminders);
    expect(positioned.filter((row) => row.tenantId !== null || !row.active)).toEqual([]);
    expect(new Set(positioned.map((row) => row.position)).size).toBe(positioned.length);
    expect(defaultSet).toHaveLength(positioned.length);
  });

  it('start as the set the catalogue holds, in order, each at its catalogue frequency', async () => {
    for (const tenantId of [ACME_TENANT_ID, BIRCH_TENANT_ID]) {
      const response = await read(tenantId, sysadmin);
      expect(response.statusCode, response.body).toBe(200);
      const set = response.json<DefaultReminderSet>();
      expect(tasksOf(set)).toEqual(defaultSet);
      expect(set.items[0]).toMatchObject({ name: 'Replace HVAC filter', frequencyName: 'Quarterly' });
    }
  });

  it('are given to a corporation the operator adds, as the catalogue holds them then', async () => {
    const dogwood = await addCorporation('Dogwood Homes', 'dee@dogwood.test');
    expect(tasksOf((await read(dogwood.id, dogwood.token)).json<DefaultReminderSet>())).toEqual(defaultSet);

    // A migration changes the set in the catalogue: a task leaves it and another comes first.
    const leaving = defaultSet.at(-1)!;
    const [joining] = await t.rows<DefaultSetTask>(sql`
      select id as "reminderId", name, default_frequency_id as "maintenanceFrequencyId"
        from reminders
       where tenant_id is null and active and default_position is null
       order by name limit 1`);
    const [{ position }] = (await t.rows<{ position: number }>(
      sql`select default_position as position from reminders where id = ${leaving.reminderId}`,
    )) as [{ position: number }];
    await t.rows(sql`update reminders set default_position = null where id = ${leaving.reminderId}`);
    await t.rows(sql`update reminders set default_position = -1 where id = ${joining!.reminderId}`);
    try {
      const elm = await addCorporation('Elm Homes', 'eli@elm.test');
      expect(tasksOf((await read(elm.id, elm.token)).json<DefaultReminderSet>())).toEqual([
        joining,
        ...defaultSet.slice(0, -1),
      ]);
      // A corporation keeps the set it has.
      expect(tasksOf((await read(dogwood.id, dogwood.token)).json<DefaultReminderSet>())).toEqual(defaultSet);
    } finally {
      await t.rows(sql`update reminders set default_position = null where id = ${joining!.reminderId}`);
      await t.rows(sql`update reminders set default_position = ${position} where id = ${leaving.reminderId}`);
    }
  });

  describe('privileges and tenancy', () => {
    it('responds 401 without a sign-in', async () => {
      expectErrors(await t.api({ path: path(ACME_TENANT_ID) }), 401);
      expectErrors(await t.api({ method: 'PUT', path: path(ACME_TENANT_ID), body: { items: [] } }), 401);
    });

    it('lets whoever sets up clients read them, but only administrators change them', async () => {
      for (const token of [manager, realtor]) {
        expect((await read(ACME_TENANT_ID, token)).statusCode).toBe(200);
        expectErrors(await replace(ACME_TENANT_ID, token, []), 403);
      }
      const { items } = (await read(ACME_TENANT_ID, admin)).json<DefaultReminderSet>();
      expect(items).toHaveLength(defaultSet.length);
    });

    it("never reads nor changes another corporation's set", async () => {
      const birchBefore = (await read(BIRCH_TENANT_ID, birchAdmin)).json<DefaultReminderSet>();
      expectErrors(await read(BIRCH_TENANT_ID, admin), 404);
      expectErrors(await replace(BIRCH_TENANT_ID, admin, []), 404);
      expectErrors(await read(BIRCH_TENANT_ID, realtor), 404);
      expect((await read(BIRCH_TENANT_ID, birchAdmin)).json<DefaultReminderSet>()).toEqual(birchBefore);
      // The operator acts on any corporation; an unknown one is not found.
      expectErrors(await read(randomUUID(), sysadmin), 404);
    });
  });

  describe('replacing', () => {
    it('keeps the new list in its order, audits it, and leaves other corporations alone', async () => {
      const birchBefore = (await read(BIRCH_TENANT_ID, birchAdmin)).json<DefaultReminderSet>();
      const items = [
        { reminderId: reminderIds[3]!, maintenanceFrequencyId: 1 },
        { reminderId: reminderIds[0]!.toUpperCase(), maintenanceFrequencyId: '5' },
      ];
      const response = await replace(ACME_TENANT_ID, admin, items);
      expect(response.statusCode, response.body).toBe(200);
      const saved = response.json<DefaultReminderSet>().items;
      expect(
        saved.map(({ reminderId, maintenanceFrequencyId }) => ({ reminderId, maintenanceFrequencyId })),
      ).toEqual([
        { reminderId: reminderIds[3], maintenanceFrequencyId: 1 },
        { reminderId: reminderIds[0], maintenanceFrequencyId: 5 },
      ]);
      expect(saved.map((item) => item.frequencyName)).toEqual(['Monthly', 'Annual']);
      expect((await read(ACME_TENANT_ID, manager)).json<DefaultReminderSet>().items).toEqual(saved);
      expect((await read(BIRCH_TENANT_ID, birchAdmin)).json<DefaultReminderSet>()).toEqual(birchBefore);

      const [audit] = await t.rows<{ actor: string; details: { after: unknown[]; before: unknown[] } }>(sql`
        select actor_user_id as actor, details from audit_log
         where tenant_id = ${ACME_TENANT_ID} and action = 'corporation.default-reminders-updated'
         order by id desc limit 1`);
      expect(audit?.details.after).toHaveLength(2);
      expect(audit?.details.before).toHaveLength(defaultSet.length);

      // The operator may change it too; an empty list is a set of none.
      const emptied = await replace(ACME_TENANT_ID, sysadmin, []);
      expect(emptied.statusCode, emptied.body).toBe(200);
      expect(emptied.json<DefaultReminderSet>().items).toEqual([]);
    });

    it('refuses an unknown task, a task twice, an unknown frequency and too many tasks', async () => {
      const before = (await read(ACME_TENANT_ID, admin)).json<DefaultReminderSet>();
      expectErrors(
        await replace(ACME_TENANT_ID, admin, [{ reminderId: randomUUID(), maintenanceFrequencyId: 1 }]),
        400,
        defaultReminderMessages.reminderUnknown,
      );
      expectErrors(
        await replace(ACME_TENANT_ID, admin, [
          { reminderId: reminderIds[1], maintenanceFrequencyId: 1 },
          { reminderId: reminderIds[1], maintenanceFrequencyId: 3 },
        ]),
        400,
        defaultReminderMessages.duplicate,
      );
      for (const maintenanceFrequencyId of [99, 0, 'often']) {
        expectErrors(
          await replace(ACME_TENANT_ID, admin, [{ reminderId: reminderIds[1], maintenanceFrequencyId }]),
          400,
          defaultReminderMessages.frequencyUnknown,
        );
      }
      expectErrors(
        await replace(
          ACME_TENANT_ID,
          admin,
          Array.from({ length: maxDefaultReminders + 1 }, () => ({
            reminderId: randomUUID(),
            maintenanceFrequencyId: 1,
          })),
        ),
        400,
        defaultReminderMessages.tooMany(maxDefaultReminders),
      );
      expect((await read(ACME_TENANT_ID, admin)).json<DefaultReminderSet>()).toEqual(before);
    });
  });
});
