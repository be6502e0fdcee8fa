/**
 * A corporation's default reminder set (docs/decisions/060): every corporation starts with the
 * seed set, whoever sets up clients reads it, only its administrators (or the operator) replace
 * it, never another corporation's, and a wrong list is refused with a plain message.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CorporationDetails } from '@homeminder/shared/contracts/admin';
import {
  defaultReminderMessages,
  maxDefaultReminders,
  type DefaultReminderSet,
} from '@homeminder/shared/contracts/default-reminders';
import { ACME_TENANT_ID, BIRCH_TENANT_ID } from '../../db/demo-data';
import { defaultReminderSeed } from '../../db/default-reminder-seed';
import { reminderCatalogue } from '../../db/reference-data';
import { describeEachDriver, expectErrors, signInRoles, type TestApp } from '../../test/test-app';

/** An expiry (MMYY) a year ahead of the real clock. */
function expiryNextYear(): string {
  const now = new Date();
  return `${String(now.getMonth() + 1).padStart(2, '0')}${String((now.getFullYear() + 1) % 100).padStart(2, '0')}`;
}

const path = (tenantId: string) => `/corporation/settings/defaultReminders/${tenantId}`;

/** The seed set as the API shows it: each reminder at its catalogue frequency. */
function seedItems(t: TestApp) {
  return t.rows<{ reminderId: string; maintenanceFrequencyId: number }>(sql`
    select r.id as "reminderId", r.default_frequency_id as "maintenanceFrequencyId"
      from unnest(array[${sql.join(
        defaultReminderSeed.map((name) => sql`${name}`),
        sql`, `,
      )}]::text[]) with ordinality as seed(name, position)
      join reminders r on r.name = seed.name
     order by seed.position`);
}

it('seeds reminders of the catalogue, and migration 0014 gave existing corporations the same list', () => {
  const names = new Set<string>(reminderCatalogue.map(([name]) => name));
  expect(defaultReminderSeed.filter((name) => !names.has(name))).toEqual([]);
  const migration = readFileSync(
    new URL('../../../drizzle/0014_default_reminder_sets.sql', import.meta.url),
    'utf8',
  );
  const listed = /unnest\(ARRAY\[([^\]]*)\]/.exec(migration)?.[1] ?? '';
  expect([...listed.matchAll(/'([^']*)'/g)].map((match) => match[1])).toEqual([...defaultReminderSeed]);
});

describeEachDriver('default reminders of a corporation', (t) => {
  let sysadmin: string;
  let admin: string;
  let manager: string;
  let realtor: string;
  let birchAdmin: string;
  let reminderIds: string[];
  beforeAll(async () => {
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

  it('start as the seed set, in order, each at its catalogue frequency', async () => {
    const seed = await seedItems(t);
    expect(seed).toHaveLength(defaultReminderSeed.length);
    for (const tenantId of [ACME_TENANT_ID, BIRCH_TENANT_ID]) {
      const response = await read(tenantId, sysadmin);
      expect(response.statusCode, response.body).toBe(200);
      const { items } = response.json<DefaultReminderSet>();
      expect(items.map((item) => item.name)).toEqual([...defaultReminderSeed]);
      expect(
        items.map(({ reminderId, maintenanceFrequencyId }) => ({ reminderId, maintenanceFrequencyId })),
      ).toEqual(seed);
      expect(items[0]).toMatchObject({ name: 'Replace HVAC filter', frequencyName: 'Quarterly' });
    }
  });

  it('are given to a corporation the operator adds', async () => {
    const created = await t.api({
      method: 'POST',
      path: '/admin/corporation',
      token: sysadmin,
      body: {
        name: 'Dogwood Homes',
        site: { siteName: 'Dogwood', timeZone: 'America/Chicago' },
        address: { line: '1 Dogwood Lane', city: 'Austin', state: 'TX', zip: '78701' },
        billing: {
          billingName: 'Dee Dogwood',
          number: '4111 1111 1111 1111',
          cvv: '987',
          expiry: expiryNextYear(),
        },
        license: { licensedProperties: 5, licenseStartsOn: '2026-01-01', licenseEndsOn: '2026-12-31' },
        administrator: {
          email: 'dee@dogwood.test',
          firstName: 'Dee',
          lastName: 'Dogwood',
          password: 'Dogwood-Start9!',
        },
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json<CorporationDetails>();
    const deeToken = await t.login('dee@dogwood.test', 'Dogwood-Start9!');
    const { items } = (await read(id, deeToken)).json<DefaultReminderSet>();
    expect(items.map((item) => item.name)).toEqual([...defaultReminderSeed]);
  });

  describe('privileges and tenancy', () => {
    it('answers 401 without a sign-in', async () => {
      expectErrors(await t.api({ path: path(ACME_TENANT_ID) }), 401);
      expectErrors(await t.api({ method: 'PUT', path: path(ACME_TENANT_ID), body: { items: [] } }), 401);
    });

    it('lets whoever sets up clients read them, but only administrators change them', async () => {
      for (const token of [manager, realtor]) {
        expect((await read(ACME_TENANT_ID, token)).statusCode).toBe(200);
        expectErrors(await replace(ACME_TENANT_ID, token, []), 403);
      }
      const { items } = (await read(ACME_TENANT_ID, admin)).json<DefaultReminderSet>();
      expect(items).toHaveLength(defaultReminderSeed.length);
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
      expect(audit?.details.before).toHaveLength(defaultReminderSeed.length);

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
