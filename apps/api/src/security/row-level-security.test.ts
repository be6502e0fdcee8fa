/**
 * Defence in depth: PostgreSQL row-level security (migrations 0004 and 0007, docs/decisions/034
 * and 033). These tests write the queries a careless change might write, with no tenant filter at
 * all, and show that the database itself keeps each corporation's rows to that corporation.
 */
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { OverlappingQueryError } from '../db/client';
import { ALL_TENANTS_ROLE, APP_ROLE, DataScopeError, withAllTenants, withTenant } from '../db/data-scope';
import { ACME_TENANT_ID, BIRCH_TENANT_ID } from '../db/demo-data';
import { hashToken } from '../lib/tokens';
import { describeEachDriver } from '../test/test-app';

interface TenantRow {
  tenant_id: string;
}

describeEachDriver('row-level security', (t) => {
  const db = () => t.database.db;
  const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
  const unfiltered = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await db().execute(query));

  it('puts every table with a tenant column under forced row-level security', async () => {
    const tables = await t.rows<{
      table_name: string;
      enabled: boolean;
      forced: boolean;
      policies: string[];
    }>(sql`
      select c.relname as table_name, c.relrowsecurity as enabled, c.relforcerowsecurity as forced,
             (select array_agg(p.policyname || ' to ' || array_to_string(p.roles, ',') order by p.policyname)
                from pg_policies p where p.schemaname = 'public' and p.tablename = c.relname) as policies
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition
         and (exists (select 1 from information_schema.columns k
                       where k.table_schema = 'public' and k.table_name = c.relname and k.column_name = 'tenant_id')
              or c.relname = 'corporations')
       order by 1`);
    expect(tables.length).toBeGreaterThanOrEqual(13);
    for (const table of tables) {
      // One policy per role, so no policy is an OR the planner cannot estimate.
      expect(table, table.table_name).toMatchObject({
        enabled: true,
        forced: true,
        policies: [`all_tenants to ${ALL_TENANTS_ROLE}`, `tenant_isolation to ${APP_ROLE}`],
      });
    }
  });

  it("grants the roles nothing on a partitioned table's partitions: rows are reached through the table", async () => {
    const partitions = await t.rows<{ name: string; reachable: boolean }>(sql`
      select c.relname as name,
             has_table_privilege(${APP_ROLE}, c.oid, 'select, insert, update, delete')
               or has_table_privilege(${ALL_TENANTS_ROLE}, c.oid, 'select, insert, update, delete') as reachable
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and c.relispartition`);
    expect(partitions.length).toBeGreaterThanOrEqual(4);
    expect(partitions.filter((partition) => partition.reachable)).toEqual([]);
  });

  it('works as roles that own nothing and cannot go around the policies', async () => {
    const roles = await t.rows<{
      rolname: string;
      rolsuper: boolean;
      rolbypassrls: boolean;
      owned: number;
    }>(sql`
      select r.rolname, r.rolsuper, r.rolbypassrls,
             (select count(*)::int from pg_class c where c.relowner = r.oid) as owned
        from pg_roles r where r.rolname in (${APP_ROLE}, ${ALL_TENANTS_ROLE}) order by 1`);
    expect(roles).toEqual(
      [APP_ROLE, ALL_TENANTS_ROLE]
        .sort()
        .map((rolname) => ({ rolname, rolsuper: false, rolbypassrls: false, owned: 0 })),
    );
    const [tenantWho] = await withTenant(db(), ACME_TENANT_ID, () =>
      unfiltered<{ current_user: string }>(sql`select current_user`),
    );
    expect(tenantWho!.current_user).toBe(APP_ROLE);
    const [systemWho] = await withAllTenants(db(), () =>
      unfiltered<{ current_user: string; corporations: number }>(
        sql`select current_user, (select count(distinct tenant_id)::int from client_users) as corporations`,
      ),
    );
    expect(systemWho!.current_user).toBe(ALL_TENANTS_ROLE);
    expect(systemWho!.corporations).toBeGreaterThan(1);
  });

  it('looks a session up in one statement, as the all-tenants role, by its token hash alone', async () => {
    const [lookup] = await t.rows<{ owner: string; definer: boolean; public_grants: number }>(sql`
      select pg_get_userbyid(p.proowner) as owner, p.prosecdef as definer,
             (select count(*)::int from aclexplode(p.proacl) a where a.grantee = 0) as public_grants
        from pg_proc p where p.proname = 'session_by_token'`);
    expect(lookup).toEqual({ owner: ALL_TENANTS_ROLE, definer: true, public_grants: 0 });

    const token = await t.login('realtor@birch.test');
    const find = async (on: typeof t.database.db, tokenHash: string) =>
      rowsOf<{ email: string; tenant_id: string; role_names: string[]; privilege_names: string[] }>(
        await on.execute(sql`select * from session_by_token(${tokenHash})`),
      );
    const [found] = await find(t.database.ownerDb, hashToken(token));
    const granted = await t.rows<{ name: string }>(sql`
      select distinct p.privilege_name as name from user_roles r
        join role_privileges p on p.role_name = r.role_name
        join tenant_users u on u.tenant_id = r.tenant_id and u.id = r.user_id
       where u.email = 'realtor@birch.test' order by 1`);
    expect(found).toMatchObject({
      email: 'realtor@birch.test',
      tenant_id: BIRCH_TENANT_ID,
      role_names: ['Realtor'],
      privilege_names: granted.map((row) => row.name),
    });
    // Within a corporation's scope it still returns the session by the token alone, and nothing for a token
    // that is no session's.
    const inScope = await withTenant(db(), ACME_TENANT_ID, () => find(db(), hashToken(token)));
    expect(inScope.map((row) => row.email)).toEqual(['realtor@birch.test']);
    expect(await find(t.database.ownerDb, hashToken('not-a-token'))).toEqual([]);
  });

  it('returns only the scoped corporation’s rows to a query with no tenant filter', async () => {
    const [everyone] = await t.rows<{ corporations: number }>(
      sql`select count(distinct tenant_id)::int as corporations from client_users`,
    );
    expect(everyone!.corporations).toBeGreaterThan(1);
    for (const tenantId of [ACME_TENANT_ID, BIRCH_TENANT_ID]) {
      for (const table of [
        'client_users',
        'properties',
        'reminder_subscriptions',
        'tenant_users',
        'sessions',
      ]) {
        const rows = await withTenant(db(), tenantId, () =>
          unfiltered<TenantRow>(sql`select tenant_id from ${sql.identifier(table)}`),
        );
        if (table !== 'sessions') expect(rows.length, table).toBeGreaterThan(0);
        expect(new Set(rows.map((row) => row.tenant_id)), table).toEqual(
          new Set(rows.length ? [tenantId] : []),
        );
      }
      const corporations = await withTenant(db(), tenantId, () =>
        unfiltered<{ id: string }>(sql`select id from corporations`),
      );
      expect(corporations.map((row) => row.id)).toEqual([tenantId]);
    }
  });

  it('changes only the scoped corporation’s rows with an unfiltered update or delete', async () => {
    const before = await t.rows<{ tenant_id: string; n: number }>(
      sql`select tenant_id, count(*)::int as n from notification_dismissals group by 1`,
    );
    const updated = await withTenant(db(), BIRCH_TENANT_ID, () =>
      unfiltered<TenantRow>(sql`update client_users set updated_at = updated_at returning tenant_id`),
    );
    expect(updated.length).toBeGreaterThan(0);
    expect(new Set(updated.map((row) => row.tenant_id))).toEqual(new Set([BIRCH_TENANT_ID]));
    // A delete that forgets its filter removes nothing of Acme's.
    const acmeTemplates = await t.rows(sql`select id from templates where tenant_id = ${ACME_TENANT_ID}`);
    await withTenant(db(), BIRCH_TENANT_ID, () => db().execute(sql`delete from templates`));
    expect(await t.rows(sql`select id from templates where tenant_id = ${ACME_TENANT_ID}`)).toEqual(
      acmeTemplates,
    );
    expect(
      await t.rows(sql`select tenant_id, count(*)::int as n from notification_dismissals group by 1`),
    ).toEqual(before);
  });

  it("keeps each corporation's reminder replies to it", async () => {
    const replyOf = (tenantId: string) => sql`insert into reminder_answers
        (tenant_id, kind, client_user_id, property_id, subscription_id, reminder_id, due_at, source)
      select s.tenant_id, 'done', p.client_user_id, p.id, s.id, s.reminder_id, s.next_due_at, 'email'
        from reminder_subscriptions s join properties p on p.tenant_id = s.tenant_id and p.id = s.property_id
       where s.tenant_id = ${tenantId} order by s.id limit 1`;
    for (const tenantId of [ACME_TENANT_ID, BIRCH_TENANT_ID]) {
      await withTenant(db(), tenantId, () => db().execute(replyOf(tenantId)));
    }
    for (const tenantId of [ACME_TENANT_ID, BIRCH_TENANT_ID]) {
      const rows = await withTenant(db(), tenantId, () =>
        unfiltered<TenantRow>(sql`select tenant_id from reminder_answers`),
      );
      expect(rows.map((row) => row.tenant_id)).toEqual([tenantId]);
    }
    // Written from Acme's scope into Birch: refused; deleted without a filter: Birch's row stays.
    const [birch] = await t.rows<Record<string, string>>(sql`select tenant_id, client_user_id, property_id,
      subscription_id, reminder_id, due_at::text as due_at from reminder_answers where tenant_id = ${BIRCH_TENANT_ID}`);
    await expect(
      withTenant(db(), ACME_TENANT_ID, () =>
        db().execute(sql`insert into reminder_answers
            (tenant_id, kind, client_user_id, property_id, subscription_id, reminder_id, due_at, source)
          values (${birch!.tenant_id}, 'help', ${birch!.client_user_id}, ${birch!.property_id},
                  ${birch!.subscription_id}, ${birch!.reminder_id}, ${birch!.due_at}::timestamptz, 'email')`),
      ),
    ).rejects.toThrow();
    await withTenant(db(), ACME_TENANT_ID, () => db().execute(sql`delete from reminder_answers`));
    expect(await t.rows(sql`select tenant_id from reminder_answers`)).toEqual([
      { tenant_id: BIRCH_TENANT_ID },
    ]);
    await t.rows(sql`delete from reminder_answers`);
  });

  it('refuses to write a row into another corporation', async () => {
    await expect(
      withTenant(db(), ACME_TENANT_ID, () =>
        db().execute(sql`insert into audit_log (tenant_id, action) values (${BIRCH_TENANT_ID}, 'rls.probe')`),
      ),
    ).rejects.toThrow();
    await expect(
      withTenant(db(), ACME_TENANT_ID, () =>
        db().execute(sql`update client_users set tenant_id = ${BIRCH_TENANT_ID} where false or true`),
      ),
    ).rejects.toThrow();
    expect(await t.rows(sql`select 1 from audit_log where action = 'rls.probe'`)).toHaveLength(0);
  });

  it('shows a corporation the shared catalogue and its own tasks, and lets it write only its own', async () => {
    const task = (tenantId: string | null, name: string) =>
      sql`insert into reminders (tenant_id, name, description, category, default_frequency_id)
          values (${tenantId}, ${name}, 'Probe', 'Probe', 5)`;
    await withAllTenants(db(), () => db().execute(task(BIRCH_TENANT_ID, 'rls.probe Birch task')));
    const seen = await withTenant(db(), ACME_TENANT_ID, () =>
      unfiltered<{ name: string; tenant_id: string | null }>(sql`select name, tenant_id from reminders`),
    );
    expect(seen.filter((row) => row.tenant_id === null).length).toBeGreaterThan(10);
    expect(seen.map((row) => row.name)).not.toContain('rls.probe Birch task');
    for (const owner of [null, BIRCH_TENANT_ID]) {
      await expect(
        withTenant(db(), ACME_TENANT_ID, () => db().execute(task(owner, `rls.probe ${owner ?? 'shared'}`))),
      ).rejects.toThrow();
    }
    await withTenant(db(), ACME_TENANT_ID, () => db().execute(task(ACME_TENANT_ID, 'rls.probe Acme task')));
    expect(await t.rows(sql`select name from reminders where name like 'rls.probe%' order by name`)).toEqual([
      { name: 'rls.probe Acme task' },
      { name: 'rls.probe Birch task' },
    ]);
  });

  it('shows no tenant rows to a transaction that names no corporation', async () => {
    const rows = await t.database.ownerDb.transaction(async (tx) => {
      await tx.execute(sql`select set_config('role', ${APP_ROLE}, true)`);
      return rowsOf<TenantRow>(await tx.execute(sql`select tenant_id from client_users`));
    });
    expect(rows).toEqual([]);
  });

  it('refuses database work outside a scope, and a scope for another corporation inside one', async () => {
    expect(() => db().select()).toThrow(DataScopeError);
    await expect(
      withTenant(db(), ACME_TENANT_ID, () => withTenant(db(), BIRCH_TENANT_ID, async () => 'reached')),
    ).rejects.toThrow(DataScopeError);
    await expect(
      withTenant(db(), ACME_TENANT_ID, () => withAllTenants(db(), async () => 'reached')),
    ).rejects.toThrow(DataScopeError);
    // A system task may look into one corporation from its scope over all of them.
    await expect(
      withAllTenants(db(), () => withTenant(db(), ACME_TENANT_ID, async () => 'reached')),
    ).resolves.toBe('reached');
  });

  // PostgreSQL only: PGlite runs a transaction's queries one at a time by itself, and
  // node-postgres only warns.
  if (t.driver !== 'postgres') return;
  it('fails, in tests, queries sent on one transaction at once', async () => {
    const count = () => db().execute(sql`select count(*) from client_users`);
    const failure = await withTenant(db(), ACME_TENANT_ID, () => Promise.all([count(), count()])).then(
      () => undefined,
      (error: unknown) => error,
    );
    // Drizzle names the query and keeps the refusal as the cause.
    expect((failure as Error | undefined)?.cause).toBeInstanceOf(OverlappingQueryError);
    // One after the other they run; more transactions than the pool has connections show it whole.
    const oneAfterTheOther = async () => {
      await count();
      await count();
      return 'done';
    };
    for (let i = 0; i < 12; i += 1) {
      await expect(withTenant(db(), ACME_TENANT_ID, oneAfterTheOther)).resolves.toBe('done');
    }
  });
});
