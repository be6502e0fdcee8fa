import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allPrivileges, startingRolePrivileges } from '@homeminder/shared/permissions';
import { verifyPassword } from '../lib/password';
import { createTestDatabase, drivers, queryRows, skipDriver, type TestDatabase } from '../test/test-app';
import type { DatabaseHandle } from './client';
import { ACME_TENANT_ID, BIRCH_TENANT_ID, DEMO_PASSWORD, demoUsers } from './demo-data';
import { prepareDatabase } from './prepare';
import { frequencyCatalogue, reminderCatalogue, SYSTEM_TENANT_ID } from './reference-data';

const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));
/** The committed migrations, as drizzle-kit lists them. */
const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
  entries: Array<{ tag: string }>;
};
const migrationCount = journal.entries.length;

/** Applies only the first migration, as an installation of the first version had it. */
async function migrateFirstOnly(database: DatabaseHandle): Promise<void> {
  const folder = mkdtempSync(path.join(tmpdir(), 'homeminder-migrations-'));
  try {
    const first = journal.entries[0]!;
    mkdirSync(path.join(folder, 'meta'));
    writeFileSync(path.join(folder, 'meta/_journal.json'), JSON.stringify({ ...journal, entries: [first] }));
    copyFileSync(path.join(migrationsFolder, `${first.tag}.sql`), path.join(folder, `${first.tag}.sql`));
    if (database.driver === 'pglite') {
      const { migrate } = await import('drizzle-orm/pglite/migrator');
      await migrate(database.ownerDb as unknown as Parameters<typeof migrate>[0], {
        migrationsFolder: folder,
      });
    } else {
      const { migrate } = await import('drizzle-orm/node-postgres/migrator');
      await migrate(database.ownerDb as unknown as Parameters<typeof migrate>[0], {
        migrationsFolder: folder,
      });
    }
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/**
 * Each shared catalogue task's place in the default set new corporations get and what a home needs
 * for it to fit, by name.
 */
const defaultPositions = (database: DatabaseHandle) =>
  queryRows<{ name: string; position: number | null; needs: string | null }>(
    database,
    sql`select name, default_position as position, needs from reminders where tenant_id is null order by name`,
  );

/** The same, as the reference data gives a new installation. */
const referencePositions = reminderCatalogue
  .map(([name, , , , , position, needs]) => ({ name, position, needs }))
  .sort((a, b) => (a.name < b.name ? -1 : 1));

const count = async (database: DatabaseHandle, table: string): Promise<number> => {
  const [row] = await queryRows<{ n: number }>(database, sql.raw(`select count(*)::int as n from ${table}`));
  return row!.n;
};

/** Row counts of every table the data lives in, to show that something changed nothing. */
async function census(database: DatabaseHandle) {
  const tables = [
    'corporations',
    'privileges',
    'roles',
    'role_privileges',
    'maintenance_frequencies',
    'reminders',
    'tenant_users',
    'user_roles',
    'client_users',
    'properties',
    'reminder_subscriptions',
    'notifications',
    'drizzle.__drizzle_migrations',
  ];
  const counts: Record<string, number> = {};
  for (const table of tables) counts[table] = await count(database, table);
  return counts;
}

const startingRoleGrantCount = Object.values(startingRolePrivileges).reduce(
  (sum, list) => sum + list.length,
  0,
);

for (const driver of drivers) {
  describe.skipIf(skipDriver(driver))(`database preparation [${driver}]`, () => {
    // A fresh PGlite takes seconds to start, so each scenario follows one database through its
    // life, test after test, in order.
    const opened: TestDatabase[] = [];
    const fresh = async (options?: { dataDir?: string }) => {
      const testDatabase = await createTestDatabase(driver, options);
      opened.push(testDatabase);
      return testDatabase;
    };
    afterAll(async () => {
      for (const testDatabase of opened.splice(0)) await testDatabase.dispose();
    });

    describe('an installation without demo data', () => {
      let database: DatabaseHandle;
      let tables: { name: string }[];
      let counts: Record<string, number>;
      beforeAll(async () => {
        database = (await fresh()).database;
      });

      it('migrates an empty database, and migrating again is a no-op', async () => {
        await database.migrate();
        tables = await queryRows<{ name: string }>(
          database,
          sql`select table_name as name from information_schema.tables where table_schema = 'public' order by 1`,
        );
        expect(tables.map((table) => table.name)).toEqual(
          expect.arrayContaining(['corporations', 'tenant_users', 'sessions', 'audit_log', 'email_outbox']),
        );
        const before = await census(database);
        expect(before['drizzle.__drizzle_migrations']).toBe(migrationCount);
        expect(before.corporations).toBe(0);

        await database.migrate();
        await database.migrate();
        expect(await census(database)).toEqual(before);
        const tablesAfter = await queryRows<{ name: string }>(
          database,
          sql`select table_name as name from information_schema.tables where table_schema = 'public' order by 1`,
        );
        expect(tablesAfter).toEqual(tables);
      });

      it('gives it the reference data but no users when seedDemo is false', async () => {
        expect(await prepareDatabase(database, { seedDemo: false })).toEqual({ seeded: false });
        counts = await census(database);
        expect(counts).toMatchObject({
          tenant_users: 0,
          user_roles: 0,
          client_users: 0,
          properties: 0,
          notifications: 0,
          corporations: 1,
          privileges: allPrivileges.length,
          roles: Object.keys(startingRolePrivileges).length,
          role_privileges: startingRoleGrantCount,
          maintenance_frequencies: frequencyCatalogue.length,
          reminders: reminderCatalogue.length,
          'drizzle.__drizzle_migrations': migrationCount,
        });
        const corporations = await queryRows<{ id: string; is_system: boolean }>(
          database,
          sql`select id, is_system from corporations`,
        );
        expect(corporations).toEqual([{ id: SYSTEM_TENANT_ID, is_system: true }]);
        expect(await defaultPositions(database)).toEqual(referencePositions);
      });

      it('adds nothing when prepared again', async () => {
        expect(await prepareDatabase(database, { seedDemo: false })).toEqual({ seeded: false });
        expect(await census(database)).toEqual(counts);
      });

      it('keeps later edits of the roles when prepared again', async () => {
        await database.ownerDb.execute(
          sql`delete from role_privileges where role_name = 'Managers' and privilege_name = 'CanBulkUploadClients'`,
        );
        await prepareDatabase(database, { seedDemo: false });
        expect(await count(database, 'role_privileges')).toBe(startingRoleGrantCount - 1);
      });

      it('does not get the demo world once it has a user, even when asked for', async () => {
        await database.ownerDb.execute(
          sql`insert into tenant_users (tenant_id, email, first_name, last_name)
              values (${SYSTEM_TENANT_ID}, 'owner@example.com', 'Real', 'Owner')`,
        );
        expect(await prepareDatabase(database, { seedDemo: true })).toEqual({ seeded: false });
        expect(await count(database, 'tenant_users')).toBe(1);
        expect(await count(database, 'client_users')).toBe(0);
        expect(await count(database, 'corporations')).toBe(1);
      });
    });

    it('brings an installation in use since the first version to the default set a new one gets', async () => {
      // Its catalogue was added while the first migration was the last; the later ones (with the
      // reference data, which adds only missing tasks) must give it the set a new installation has.
      const { database } = await fresh();
      await migrateFirstOnly(database);
      await database.ownerDb.execute(sql`
        insert into maintenance_frequencies (id, name, interval_months, sort_order)
        values ${sql.join(
          frequencyCatalogue.map(
            ({ id, name, intervalMonths, sortOrder }) =>
              sql`(${id}, ${name}, ${intervalMonths}, ${sortOrder})`,
          ),
          sql`, `,
        )}`);
      await database.ownerDb.execute(sql`
        insert into reminders (name, description, category, default_frequency_id)
        values ${sql.join(
          reminderCatalogue.map(
            ([name, description, category, frequencyId]) =>
              sql`(${name}, ${description}, ${category}, ${frequencyId})`,
          ),
          sql`, `,
        )}`);
      expect(await prepareDatabase(database, { seedDemo: false })).toEqual({ seeded: false });
      expect(await defaultPositions(database)).toEqual(referencePositions);
    });

    describe('a demo installation', () => {
      let testDatabase: TestDatabase;
      let counts: Record<string, number>;
      beforeAll(async () => {
        testDatabase = await fresh();
      });

      it('seeds the demo world into an empty database', async () => {
        const { database } = testDatabase;
        expect(await prepareDatabase(database, { seedDemo: true })).toEqual({ seeded: true });
        counts = await census(database);
        expect(counts).toMatchObject({
          tenant_users: demoUsers.length,
          user_roles: demoUsers.length,
          corporations: 3,
          client_users: 50,
          properties: 50,
          reminder_subscriptions: 150,
          notifications: 3,
          role_privileges: startingRoleGrantCount,
        });
        const perTenant = await queryRows<{ tenant_id: string; n: number }>(
          database,
          sql`select tenant_id, count(*)::int as n from client_users group by tenant_id order by n desc`,
        );
        expect(perTenant).toEqual([
          { tenant_id: ACME_TENANT_ID, n: 40 },
          { tenant_id: BIRCH_TENANT_ID, n: 10 },
        ]);
      });

      it('hashes the demo passwords with argon2id at the OWASP parameters', async () => {
        const users = await queryRows<{ email: string; password_hash: string }>(
          testDatabase.database,
          sql`select email, password_hash from tenant_users order by email`,
        );
        expect(users.map((user) => user.email)).toEqual(demoUsers.map((user) => user.email).sort());
        for (const user of users) expect(user.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
        expect(new Set(users.map((user) => user.password_hash)).size).toBe(users.length);
        expect(await verifyPassword(users[0]!.password_hash, DEMO_PASSWORD)).toBe(true);
        expect(await verifyPassword(users[0]!.password_hash, 'Demo-Passw0rd?')).toBe(false);
      });

      it('does not seed again', async () => {
        expect(await prepareDatabase(testDatabase.database, { seedDemo: true })).toEqual({ seeded: false });
        expect(await census(testDatabase.database)).toEqual(counts);
      });

      if (driver === 'postgres') {
        it('does not seed again from another process on the same database', async () => {
          const second = await testDatabase.reopen();
          expect(await prepareDatabase(second, { seedDemo: true })).toEqual({ seeded: false });
          expect(await census(second)).toEqual(counts);
        });
      }
    });

    if (driver === 'postgres') {
      it('migrates safely when several processes start at once', async () => {
        const testDatabase = await fresh();
        const handles = [testDatabase.database, await testDatabase.reopen(), await testDatabase.reopen()];
        await Promise.all(handles.map((handle) => handle.migrate()));
        expect(await count(testDatabase.database, 'drizzle.__drizzle_migrations')).toBe(migrationCount);
      });

      it('prepares and seeds once when several processes start at once', async () => {
        const testDatabase = await fresh();
        const handles = [testDatabase.database, await testDatabase.reopen(), await testDatabase.reopen()];
        const results = await Promise.all(
          handles.map((handle) => prepareDatabase(handle, { seedDemo: true })),
        );
        expect(results.filter((result) => result.seeded)).toHaveLength(1);
        expect(await census(testDatabase.database)).toMatchObject({
          tenant_users: demoUsers.length,
          corporations: 3,
          client_users: 50,
          role_privileges: startingRoleGrantCount,
        });
      });
    } else {
      it('keeps the data of a PGlite directory across a restart and does not seed again', async () => {
        const dataDir = mkdtempSync(path.join(tmpdir(), 'homeminder-pglite-'));
        try {
          const testDatabase = await fresh({ dataDir });
          expect(await prepareDatabase(testDatabase.database, { seedDemo: true })).toEqual({ seeded: true });
          const counts = await census(testDatabase.database);
          await testDatabase.database.close();

          const restarted = await testDatabase.reopen();
          expect(await prepareDatabase(restarted, { seedDemo: true })).toEqual({ seeded: false });
          expect(await census(restarted)).toEqual(counts);
          await testDatabase.dispose();
        } finally {
          rmSync(dataDir, { recursive: true, force: true });
        }
        // Two PGlite starts from disk: slow, more so on a busy machine.
      }, 120_000);
    }
  });
}
