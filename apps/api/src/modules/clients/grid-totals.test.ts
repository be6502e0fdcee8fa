// The client grid's totals, and the counts by status, are kept per corporation and grid version
// (docs/decisions/036): whatever changes a corporation's clients or properties, through this
// server, another process or by hand in the database, the next grid returns the new total.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ClientGrid, PropertyCounts } from '@homeminder/shared/contracts/clients';
import type { HomeSummary } from '@homeminder/shared/contracts/identity';
import { withAllTenants, withTenant } from '../../db/data-scope';
import { ACME_TENANT_ID, BIRCH_TENANT_ID } from '../../db/demo-data';
import { describeEachDriver } from '../../test/test-app';
import { switchProperty } from '../../test/properties';
import type { GridFilter } from './grid-total-cache';
import { GridTotalCache, gridTotalKey } from './grid-total-cache';

describe('GridTotalCache', () => {
  it('returns a total only at the version it was counted at', () => {
    const cache = new GridTotalCache();
    cache.set('acme', '7', 40);
    expect(cache.get('acme', '7')).toBe(40);
    expect(cache.get('acme', '8')).toBeUndefined();
    expect(cache.get('birch', '7')).toBeUndefined();
    cache.set('acme', '8', 41);
    expect(cache.get('acme', '7')).toBeUndefined();
    expect(cache.get('acme', '8')).toBe(41);
  });

  it('drops the least recently used total when full', () => {
    const cache = new GridTotalCache(2);
    cache.set('a', '1', 1);
    cache.set('b', '1', 2);
    expect(cache.get('a', '1')).toBe(1);
    cache.set('c', '1', 3);
    expect(cache.size).toBe(2);
    expect(cache.get('b', '1')).toBeUndefined();
    expect(cache.get('a', '1')).toBe(1);
    expect(cache.get('c', '1')).toBe(3);
  });

  it('keys a total by what filters the rows, not by sorting or page', () => {
    const base: GridFilter = {
      search: 'oak  street',
      status: 'all',
      realtorId: undefined,
      pending: 0,
      sorting: [],
    };
    const key = gridTotalKey('t', null, base);
    expect(
      gridTotalKey('t', null, {
        ...base,
        search: ' oak street ',
        sorting: [{ propertyName: 'city', dir: 'desc' }],
      }),
    ).toBe(key);
    expect(gridTotalKey('t', 'r', base)).not.toBe(key);
    expect(gridTotalKey('u', null, base)).not.toBe(key);
    expect(gridTotalKey('t', null, { ...base, search: 'oak' })).not.toBe(key);
    expect(gridTotalKey('t', null, { ...base, status: 'disabled' })).not.toBe(key);
    expect(gridTotalKey('t', null, { ...base, pending: 1 })).toBe(
      gridTotalKey('t', null, { ...base, status: 'pending' }),
    );
    // A systems filter is kept by the day it compares with.
    const replaceSoon = (asOf: string) =>
      gridTotalKey('t', null, { ...base, systems: 'replaceSoon', asOf: new Date(asOf) });
    expect(replaceSoon('2026-12-07T08:00:00Z')).not.toBe(key);
    expect(replaceSoon('2026-12-07T08:00:00Z')).toBe(replaceSoon('2026-12-07T20:00:00Z'));
    expect(replaceSoon('2026-12-07T08:00:00Z')).not.toBe(replaceSoon('2026-12-08T08:00:00Z'));
  });
});

describeEachDriver('client grid totals', (t) => {
  let manager = '';
  beforeAll(async () => {
    manager = await t.login('manager@acme.test');
  });

  const total = async (body: object = {}): Promise<number> => {
    const response = await t.api({ method: 'POST', path: '/clients/grid', token: manager, body });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ClientGrid>().totalItemCount;
  };
  /** The counts of clients and properties that are kept by the same version (Home's and the tiles'). */
  const counted = async () => {
    const counts = await t.api({ path: '/clients/properties/count', token: manager });
    const home = await t.api({ path: '/home/summary', token: manager });
    expect(counts.statusCode, counts.body).toBe(200);
    expect(home.statusCode, home.body).toBe(200);
    const { clients } = home.json<HomeSummary>();
    if (clients === null) throw new Error('Home shows a manager no count of clients');
    return { properties: counts.json<PropertyCounts>().count, clients };
  };
  const version = async (tenantId: string): Promise<number> => {
    const [row] = await t.rows<{ v: string | number }>(
      sql`select client_grid_version as v from corporations where id = ${tenantId}`,
    );
    return Number(row!.v);
  };
  /** A new client of `tenantId` with one property, written with `db` as given. */
  const insertClient = (db: typeof t.database.db, tenantId: string, email: string) =>
    db.execute(sql`
      with client as (
        insert into client_users (tenant_id, id, first_name, last_name, email)
        values (${tenantId}, ${randomUUID()}, 'Grid', 'Total', ${email})
        returning tenant_id, id)
      insert into properties (tenant_id, id, client_user_id, address_line, city, state, zip, pending, enabled)
      select tenant_id, ${randomUUID()}, id, '1 Main Street', 'Austin', 'TX', '78701', false, true from client`);

  it('counts a change made by this server', async () => {
    const before = await total();
    expect(await total()).toBe(before);
    const [client] = await t.rows<{ id: string; propertyId: string }>(
      sql`select c.id, p.id as "propertyId" from client_users c join properties p on p.client_user_id = c.id
          where c.tenant_id = ${ACME_TENANT_ID} and p.enabled order by c.email limit 1`,
    );
    const disabledBefore = await total({ status: 'disabled' });
    await switchProperty(t, manager, 'disable', { propertyId: client!.propertyId, tenantId: ACME_TENANT_ID });
    expect(await total({ status: 'disabled' })).toBe(disabledBefore + 1);
    expect(await total()).toBe(before);

    const deleted = await t.api({
      method: 'DELETE',
      path: `/clients/clientUser/${client!.id}`,
      token: manager,
    });
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(await total()).toBe(before - 1);
    expect(await total({ status: 'disabled' })).toBe(disabledBefore);
  });

  it('lets set-ups, edits and disables of one corporation run at once, and counts them all', async () => {
    // Every writer of the corporation's clients now locks its row first (decision 036): at once
    // they must wait for each other, never deadlock, and the total must come out exact.
    const [reminder] = await t.rows<{ id: string }>(sql`select id from reminders order by name limit 1`);
    const existing = await t.rows<{ id: string; propertyId: string; email: string }>(
      sql`select c.id, p.id as "propertyId", c.email from client_users c
          join properties p on p.client_user_id = c.id
          where c.tenant_id = ${ACME_TENANT_ID} and p.enabled order by c.email limit 4`,
    );
    const setUp = (n: number) =>
      t.api({
        method: 'PUT',
        path: '/clients/setup',
        token: manager,
        body: {
          tenantId: ACME_TENANT_ID,
          clientUser: { firstName: 'Rush', lastName: `Hour ${n}`, email: `rush.${n}@example.net` },
          property: { line: `${n} Harbor Road`, city: 'Springfield', state: 'IL', zip: '62704' },
          subscriptions: [{ reminderID: reminder!.id, maintenanceFrequencyID: 1 }],
        },
      });
    const disable = (propertyId: string) =>
      t.api({
        method: 'POST',
        path: '/clients/disable',
        token: manager,
        body: { propertyId, tenantId: ACME_TENANT_ID },
      });
    const deleteClient = (id: string) =>
      t.api({ method: 'DELETE', path: `/clients/clientUser/${id}`, token: manager });

    const responses = await Promise.all([
      ...[1, 2, 3, 4, 5, 6].map(setUp),
      disable(existing[0]!.propertyId),
      disable(existing[1]!.propertyId),
      deleteClient(existing[2]!.id),
      deleteClient(existing[3]!.id),
    ]);
    expect(
      responses.map((response) => response.statusCode),
      responses.map((response) => response.body).join('\n'),
    ).toEqual([201, 201, 201, 201, 201, 201, 200, 200, 204, 204]);

    const [stored] = await t.rows<{ rows: number; disabled: number }>(sql`
      select count(*)::int as rows, (count(*) filter (where not p.enabled))::int as disabled
        from client_users c left join properties p on p.tenant_id = c.tenant_id and p.client_user_id = c.id
       where c.tenant_id = ${ACME_TENANT_ID}`);
    expect(await total()).toBe(stored!.rows);
    expect(await total({ status: 'disabled' })).toBe(stored!.disabled);
    expect(await total({ search: 'Rush Hour' })).toBe(6);
  });

  it('counts a home’s system added, changed and removed, in a corporation’s scope or by the tables’ owner', async () => {
    const replaceSoon = () => total({ systems: 'replaceSoon' });
    const before = await replaceSoon();
    expect(await replaceSoon()).toBe(before);
    const [home] = await t.rows<{ id: string }>(sql`
      select p.id from properties p where p.tenant_id = ${ACME_TENANT_ID}
         and not exists (select 1 from home_systems h where h.tenant_id = p.tenant_id and h.property_id = p.id)
       order by p.id limit 1`);
    const systemId = randomUUID();
    await withTenant(t.database.db, ACME_TENANT_ID, () =>
      t.database.db.execute(sql`
        insert into home_systems (tenant_id, id, property_id, kind, type, installed_year, wears_from)
        values (${ACME_TENANT_ID}, ${systemId}, ${home!.id}, 'waterHeater', 'tankGas', 2001, '2011-07-01')`),
    );
    expect(await replaceSoon()).toBe(before + 1);
    await t.database.ownerDb.execute(
      sql`update home_systems set installed_year = 2024, wears_from = '2032-07-01' where id = ${systemId}`,
    );
    expect(await replaceSoon()).toBe(before);
    await t.database.ownerDb.execute(
      sql`update home_systems set installed_year = 2001, wears_from = '2011-07-01' where id = ${systemId}`,
    );
    expect(await replaceSoon()).toBe(before + 1);
    await withTenant(t.database.db, ACME_TENANT_ID, () =>
      t.database.db.execute(sql`delete from home_systems where id = ${systemId}`),
    );
    expect(await replaceSoon()).toBe(before);
  });

  it('counts a change made elsewhere in one corporation’s scope, as another server process would', async () => {
    const before = await total();
    const search = await total({ search: 'grid-scoped' });
    const birchBefore = await version(BIRCH_TENANT_ID);
    await withTenant(t.database.db, ACME_TENANT_ID, () =>
      insertClient(t.database.db, ACME_TENANT_ID, 'grid-scoped@example.org'),
    );
    expect(await total()).toBe(before + 1);
    expect(await total({ search: 'grid-scoped' })).toBe(search + 1);
    // Another corporation's version stands: its totals stay where they were.
    expect(await version(BIRCH_TENANT_ID)).toBe(birchBefore);
  });

  it('counts a change made across corporations, or by the tables’ owner', async () => {
    const before = await total();
    const countedBefore = await counted();
    const acmeBefore = await version(ACME_TENANT_ID);
    const birchBefore = await version(BIRCH_TENANT_ID);
    await withAllTenants(t.database.db, () =>
      insertClient(t.database.db, ACME_TENANT_ID, 'grid-all-tenants@example.org'),
    );
    expect(await total()).toBe(before + 1);
    await insertClient(t.database.ownerDb, ACME_TENANT_ID, 'grid-owner@example.org');
    expect(await total()).toBe(before + 2);
    expect(await counted()).toEqual({
      properties: countedBefore.properties + 2,
      clients: countedBefore.clients + 2,
    });
    await t.database.ownerDb.execute(
      sql`update properties set city = 'Dallas' where tenant_id = ${ACME_TENANT_ID} and zip = '78701'`,
    );
    expect(await total({ search: 'Dallas' })).toBeGreaterThanOrEqual(2);
    await t.database.ownerDb.execute(
      sql`delete from client_users where email in ('grid-all-tenants@example.org', 'grid-owner@example.org')`,
    );
    expect(await total()).toBe(before);
    expect(await counted()).toEqual(countedBefore);
    expect(await version(ACME_TENANT_ID)).toBeGreaterThan(acmeBefore);
    expect(await version(BIRCH_TENANT_ID)).toBe(birchBefore);
  });
});
