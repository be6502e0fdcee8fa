import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { firstDueAt } from '@homeminder/shared/schedule';
import {
  clientMessages,
  clientStatusFilters,
  clientSystemFilters,
  type ClientDetail,
  type ClientGrid,
  type ClientSetupInput,
  type PropertyCounts,
  type ReminderCatalogue,
  type UpcomingReminderList,
} from '@homeminder/shared/contracts/clients';
import { adminMessages } from '@homeminder/shared/contracts/admin';
import {
  clientFieldSortNames,
  clientFieldSorts,
  clientSearchFieldNames,
} from '@homeminder/shared/contracts/client-fields';
import { messages } from '@homeminder/shared/validation/messages';
import { ACME_TENANT_ID, BIRCH_TENANT_ID } from '../../db/demo-data';
import { frequencyCatalogue, reminderCatalogue } from '../../db/reference-data';
import { tenantMessages } from '../../access/auth-context';
import {
  describeEachDriver,
  expectErrors,
  signInBeforeAll,
  type ApiRequest,
  type TestApp,
} from '../../test/test-app';
import { setUpClient } from '../../test/clients';
import { tenantUserId } from '../../test/users';

const MISSING_ID = '5e5e5e5e-0000-4000-8000-00000000dead';

interface ClientRef {
  clientId: string;
  propertyId: string;
  subscriptionId: string;
  email: string;
}

/** One client of the given realtor (or of the corporation), straight from the tables. */
async function someClient(
  t: TestApp,
  tenantId: string,
  realtorEmail?: string,
  offset = 0,
): Promise<ClientRef> {
  const realtorFilter = realtorEmail
    ? sql`and c.realtor_id = (select id from tenant_users where email = ${realtorEmail})`
    : sql``;
  const [row] = await t.rows<ClientRef>(
    sql`select c.id as "clientId", p.id as "propertyId", c.email,
          (select s.id from reminder_subscriptions s where s.tenant_id = p.tenant_id and s.property_id = p.id order by s.id limit 1) as "subscriptionId"
        from client_users c join properties p on p.tenant_id = c.tenant_id and p.client_user_id = c.id
        where c.tenant_id = ${tenantId} ${realtorFilter}
        order by c.email limit 1 offset ${offset}`,
  );
  return row!;
}

async function count(t: TestApp, query: ReturnType<typeof sql>): Promise<number> {
  const [row] = await t.rows<{ n: number }>(query);
  return row!.n;
}

const countClients = (t: TestApp) => count(t, sql`select count(*)::int as n from client_users`);
const countAudit = (t: TestApp, action: string) =>
  count(t, sql`select count(*)::int as n from audit_log where action = ${action}`);

async function catalogue(t: TestApp): Promise<Array<{ id: string; name: string; season: string | null }>> {
  return t.rows(sql`select id, name, season from reminders where tenant_id is null order by name`);
}

function setupBody(
  overrides: Partial<ClientSetupInput> & { email: string },
  reminderIds: string[] = [],
): ClientSetupInput {
  const { email, ...rest } = overrides;
  return {
    clientUser: { firstName: 'Nora', lastName: 'Newcomer', email, phone: '(555) 123-4567' },
    property: { line: '12 Harbor Road', city: 'Springfield', state: 'il', zip: '62704' },
    subscriptions: reminderIds.map((reminderID, index) => ({
      reminderID,
      maintenanceFrequencyID: [1, 3, 5][index % 3]!,
    })),
    ...rest,
  };
}

/** A call on a client that is out of reach, and the message of the 404 that responds to it. */
type RefusedCall = Pick<ApiRequest, 'method' | 'path' | 'body'> & { message: string };

/** Reading the client, on both routes, and its property. */
const readsOf = (ref: ClientRef): RefusedCall[] => [
  { path: `/clients/client/${ref.clientId}`, message: messages.unableClientUser },
  { path: `/admin/clientUsers/${ref.clientId}`, message: messages.unableClientUser },
  { path: `/clients/property/${ref.propertyId}`, message: messages.unableProperty },
];

const toggleProperty = (path: string, ref: ClientRef, tenantId: string): RefusedCall => ({
  method: 'POST',
  path,
  body: { propertyId: ref.propertyId, tenantId },
  message: messages.unableProperty,
});

const deleteSubscription = (prefix: string, ref: ClientRef): RefusedCall => ({
  method: 'DELETE',
  path: `${prefix}/reminderSubscription/${ref.subscriptionId}`,
  message: clientMessages.subscriptionNotFound,
});

const deleteClientUser = (prefix: string, ref: ClientRef): RefusedCall => ({
  method: 'DELETE',
  path: `${prefix}/clientUser/${ref.clientId}`,
  message: messages.unableClientUser,
});

/** Saving the client's set-up: PUT on the clients route, POST on the admin one. */
const saveSetup = (path: '/clients/setup' | '/admin/clientUsers/setup', ref: ClientRef): RefusedCall => ({
  method: path === '/clients/setup' ? 'PUT' : 'POST',
  path,
  body: setupBody({ email: ref.email, tenantUserID: ref.clientId }),
  message: messages.unableClientUser,
});

describeEachDriver('clients routes', (t) => {
  const token = signInBeforeAll(t);

  /** Saves a client's set-up as `email`, on the clients route. */
  const putSetup = (email: string, body: object) =>
    t.api({ method: 'PUT', path: '/clients/setup', token: token(email), body });
  const userId = (email: string) => tenantUserId(t, email);

  const grid = async (email: string, body: object = {}, path = '/clients/grid'): Promise<ClientGrid> => {
    const response = await t.api({ method: 'POST', path, token: token(email), body });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ClientGrid>();
  };

  describe('the grid', () => {
    it('shows a realtor their own clients and a manager the whole corporation', async () => {
      const manager = await grid('manager@acme.test', { pageSize: 'all' });
      expect(manager.totalItemCount).toBe(40);
      expect(manager.items).toHaveLength(40);
      const rita = await grid('realtor@acme.test', { pageSize: 'all' });
      expect(rita.totalItemCount).toBe(20);
      const ritaId = await userId('realtor@acme.test');
      expect(rita.items.every((row) => row.realtorId === ritaId)).toBe(true);
      expect(rita.items.every((row) => row.realtorName === 'Rita Realtor')).toBe(true);
      const birch = await grid('realtor@birch.test', { pageSize: 'all' });
      expect(birch.totalItemCount).toBe(10);
      expect(birch.items.every((row) => row.email.endsWith('@example.org'))).toBe(true);
      // The admin variant is the same grid.
      expect(await grid('manager@acme.test', { pageSize: 'all' }, '/admin/clientUsers/grid')).toEqual(
        manager,
      );
      // POST api/clients responds with the rows alone.
      const list = await t.api({
        method: 'POST',
        path: '/clients',
        token: token('manager@acme.test'),
        body: { pageSize: 5 },
      });
      expect(list.json()).toEqual({ items: manager.items.slice(0, 5) });
      // No body at all is the first page of 10.
      const bare = await t.api({ method: 'POST', path: '/clients/grid', token: token('manager@acme.test') });
      expect(bare.json<ClientGrid>().items).toEqual(manager.items.slice(0, 10));
    });

    it('pages without gaps or repeats, and past the end keeps the total', async () => {
      const all = await grid('manager@acme.test', { pageSize: 200 });
      const pages = await Promise.all(
        [1, 2, 3, 4].map((page) => grid('manager@acme.test', { page, pageSize: 10 })),
      );
      expect(pages.flatMap((page) => page.items.map((row) => row.rowId))).toEqual(
        all.items.map((row) => row.rowId),
      );
      expect(pages.every((page) => page.totalItemCount === 40)).toBe(true);
      const beyond = await grid('manager@acme.test', { page: 9, pageSize: 10 });
      expect(beyond).toEqual({ items: [], totalItemCount: 40 });
    });

    it('sorts in the direction asked for, by any column', async () => {
      const expected = await t.rows<{ id: string }>(
        sql`select p.id from client_users c join properties p on p.tenant_id = c.tenant_id and p.client_user_id = c.id
            where c.tenant_id = ${ACME_TENANT_ID}
            order by lower(c.email) desc, lower(c.last_name), lower(c.first_name), c.id`,
      );
      const byEmail = await grid('manager@acme.test', {
        pageSize: 'all',
        sorting: [{ propertyName: 'email', dir: 'desc' }],
      });
      expect(byEmail.items.map((row) => row.rowId)).toEqual(expected.map((row) => row.id));

      const byCity = await grid('manager@acme.test', {
        pageSize: 'all',
        sorting: [{ propertyName: 'city', dir: 'asc' }],
      });
      const cities = byCity.items.map((row) => row.city!.toLowerCase());
      expect(cities).toEqual([...cities].sort());

      const byDue = await grid('manager@acme.test', {
        pageSize: 'all',
        sorting: [{ propertyName: 'nextDueAt', dir: 'asc' }],
      });
      const dues = byDue.items.map((row) => row.nextDueAt!);
      expect(dues).toEqual([...dues].sort());
      const byDueDesc = await grid('manager@acme.test', {
        pageSize: 'all',
        sorting: [{ propertyName: 'nextDueAt', dir: 'desc' }],
      });
      expect(byDueDesc.items.map((row) => row.nextDueAt)).toEqual([...dues].reverse());

      for (const propertyName of [
        'clientName',
        'status',
        'realtorName',
        'zip',
        'createdAt',
        'address',
        'state',
      ]) {
        const sorted = await grid('manager@acme.test', {
          pageSize: 'all',
          sorting: [{ propertyName, dir: 'desc' }],
        });
        expect(sorted.totalItemCount, propertyName).toBe(40);
      }
    });

    it.each(clientFieldSortNames)('sorts by the described field asked for as %s', async (sortName) => {
      const { field, as } = clientFieldSorts[sortName];
      const sorted = await grid('manager@acme.test', {
        pageSize: 'all',
        sorting: [{ propertyName: sortName, dir: 'asc' }],
      });
      const values = sorted.items.map((row) => {
        const value = row[field] ?? '';
        return as === 'text' ? value.toLowerCase() : value;
      });
      // The database's own order of the same values, under its collation.
      const inOrder = await t.rows<{ v: string }>(
        sql`select v from unnest(${sql.param(values)}::text[]) as v order by v`,
      );
      expect(values).toEqual(inOrder.map((row) => row.v));
      expect(new Set(values).size, 'the demo data differ in this field').toBeGreaterThan(1);
    });

    it.each(clientSearchFieldNames)('finds a client by a word of the described field %s', async (field) => {
      const all = await grid('manager@acme.test', { pageSize: 'all' });
      const row = all.items.find((one) => one[field]);
      const word = row![field]!.split(/\s+/).at(-1)!;
      const found = await grid('manager@acme.test', { search: word, pageSize: 'all' });
      expect(found.items.map((one) => one.rowId)).toContain(row!.rowId);
    });

    it('searches names, emails and addresses, word by word', async () => {
      const target = await someClient(t, ACME_TENANT_ID, undefined, 3);
      const byEmail = await grid('manager@acme.test', { search: target.email.toUpperCase() });
      expect(byEmail.items.map((row) => row.clientId)).toEqual([target.clientId]);

      const maple = await grid('manager@acme.test', { search: 'maple', pageSize: 'all' });
      const expected = await count(
        t,
        sql`select count(*)::int as n from properties where tenant_id = ${ACME_TENANT_ID} and address_line ilike '%maple%'`,
      );
      expect(maple.totalItemCount).toBe(expected);
      expect(maple.items.every((row) => /maple/i.test(row.addressLine!))).toBe(true);

      const [first] = await t.rows<{ first_name: string; city: string }>(
        sql`select c.first_name, p.city from client_users c join properties p on p.client_user_id = c.id
            where c.tenant_id = ${ACME_TENANT_ID} order by c.email limit 1`,
      );
      const twoWords = await grid('manager@acme.test', {
        search: `${first!.first_name} ${first!.city}`,
        pageSize: 'all',
      });
      expect(twoWords.items.length).toBeGreaterThan(0);
      expect(
        twoWords.items.every((row) => row.firstName === first!.first_name && row.city === first!.city),
      ).toBe(true);

      // LIKE wildcards match only themselves.
      expect((await grid('manager@acme.test', { search: '%' })).totalItemCount).toBe(0);
      expect((await grid('manager@acme.test', { search: '_' })).totalItemCount).toBe(0);
    });

    it('filters by status, pending flag and realtor', async () => {
      const [expected] = await t.rows<{ enabled: number; disabled: number; pending: number }>(
        sql`select count(*) filter (where enabled and not pending)::int as enabled,
                   count(*) filter (where not enabled)::int as disabled,
                   count(*) filter (where enabled and pending)::int as pending
            from properties where tenant_id = ${ACME_TENANT_ID}`,
      );
      for (const status of ['enabled', 'disabled', 'pending'] as const) {
        const filtered = await grid('manager@acme.test', { status, pageSize: 'all' });
        expect(filtered.totalItemCount, status).toBe(expected![status]);
        expect(filtered.items.every((row) => row.status === status)).toBe(true);
      }
      expect(expected!.pending).toBeGreaterThan(0);
      expect(expected!.disabled).toBeGreaterThan(0);

      // The pending flag keeps the total as the pending count (docs/requirements.md §5).
      const pending = await grid('manager@acme.test', { pending: 1 });
      const pendingCount = await t.api({
        path: '/clients/properties/pendingCount',
        token: token('manager@acme.test'),
      });
      expect(pending.totalItemCount).toBe(pendingCount.json<{ count: number }>().count);

      const ray = await userId('realtor2@acme.test');
      const rays = await grid('manager@acme.test', { realtorId: ray, pageSize: 'all' });
      expect(rays.totalItemCount).toBe(20);
      expect(rays.items.every((row) => row.realtorId === ray)).toBe(true);
      // A realtor asking for another realtor's clients gets none.
      expect((await grid('realtor@acme.test', { realtorId: ray })).totalItemCount).toBe(0);
      // An empty realtor filter means every realtor.
      expect((await grid('manager@acme.test', { realtorId: '' })).totalItemCount).toBe(40);
    });

    it.each([
      [{ sorting: [{ propertyName: 'email', dir: 'up' }] }, messages.sortDirectionInvalid],
      [{ sorting: [{ propertyName: 'password_hash', dir: 'asc' }] }, adminMessages.sortColumnInvalid],
      [{ pageSize: 0 }, messages.minOne],
      [{ pageSize: 201 }, messages.numberOutOfRange],
      [{ page: 0 }, messages.minOne],
      [{ status: 'archived' }, messages.filterInvalid('status', clientStatusFilters)],
      [{ systems: 'bogus' }, messages.filterInvalid('systems', clientSystemFilters)],
      [{ realtorId: 'not-an-id' }, messages.guidInvalid],
      [{ pending: 2 }, messages.invalidValue],
      [{ search: 'x'.repeat(101) }, messages.tooLong(100)],
    ])('refuses the query %j with the shared message', async (body, message) => {
      const response = await t.api({
        method: 'POST',
        path: '/clients/grid',
        token: token('manager@acme.test'),
        body,
      });
      expectErrors(response, 400, message);
    });

    it('walks to the next client under the same query', async () => {
      const query = { sorting: [{ propertyName: 'lastName', dir: 'asc' }], status: 'enabled' };
      const all = await grid('realtor@acme.test', { ...query, pageSize: 'all' });
      const next = async (currentId: string) => {
        const response = await t.api({
          method: 'POST',
          path: '/clients/nextTenant',
          token: token('realtor@acme.test'),
          body: { ...query, currentId },
        });
        expect(response.statusCode, response.body).toBe(200);
        return response.json<ClientGrid>();
      };
      expect(await next(all.items[0]!.rowId)).toEqual({
        items: [all.items[1]],
        totalItemCount: all.totalItemCount,
      });
      expect(await next(all.items.at(-2)!.rowId)).toEqual({
        items: [all.items.at(-1)],
        totalItemCount: all.totalItemCount,
      });
      expect(await next(all.items.at(-1)!.rowId)).toEqual({ items: [], totalItemCount: 0 });
      // Another realtor's client is not in this list.
      const ray = await someClient(t, ACME_TENANT_ID, 'realtor2@acme.test');
      expect(await next(ray.propertyId)).toEqual({ items: [], totalItemCount: 0 });
    });

    it('counts properties by status, with the licenses', async () => {
      const counts = await t.api({ path: '/clients/properties/count', token: token('manager@acme.test') });
      expect(counts.statusCode).toBe(200);
      const body = counts.json<PropertyCounts>();
      const [expected] = await t.rows<{ n: number; active: number }>(
        sql`select count(*)::int as n, count(*) filter (where enabled and not pending)::int as active
            from properties where tenant_id = ${ACME_TENANT_ID}`,
      );
      expect(body).toMatchObject({
        count: expected!.n,
        enabled: expected!.active,
        licensed: 100,
        licensesUsed: expected!.active,
      });
      expect(body.licensesFree).toBe(100 - expected!.active);
      expect(body.enabled + body.pending + body.disabled).toBe(body.count);

      const rita = (
        await t.api({ path: '/clients/properties/count', token: token('realtor@acme.test') })
      ).json<PropertyCounts>();
      expect(rita.count).toBe(20);

      const admin = await t.api({
        path: `/admin/clientusers/properties/count/${ACME_TENANT_ID}`,
        token: token('manager@acme.test'),
      });
      expect(admin.json()).toEqual(body);
      const pending = await t.api({
        path: `/admin/clientUsers/properties/pendingCount/${ACME_TENANT_ID}`,
        token: token('manager@acme.test'),
      });
      expect(pending.json()).toEqual({ count: body.pending });
      // The operator may name any corporation; a corporation's own staff only their own.
      const operator = await t.api({
        path: `/admin/clientUsers/properties/count/${BIRCH_TENANT_ID}`,
        token: token('sysadmin@demo.test'),
      });
      expect(operator.json<PropertyCounts>().count).toBeGreaterThanOrEqual(10);
      expectErrors(
        await t.api({
          path: `/admin/clientUsers/properties/count/${BIRCH_TENANT_ID}`,
          token: token('manager@acme.test'),
        }),
        404,
        tenantMessages.unknownTenant,
      );
    });

    it('lists the realtors a client can be given to', async () => {
      const manager = await t.api({ path: '/clients/realtors', token: token('manager@acme.test') });
      expect(manager.json<Array<{ email: string }>>().map((realtor) => realtor.email)).toEqual([
        'realtor@acme.test',
        'realtor2@acme.test',
      ]);
      const realtor = await t.api({ path: '/clients/realtors', token: token('realtor2@acme.test') });
      expect(realtor.json<Array<{ email: string }>>().map((r) => r.email)).toEqual(['realtor2@acme.test']);
    });

    it('offers the reminder catalogue, searchable, and the frequencies', async () => {
      const all = await t.api({
        method: 'POST',
        path: '/clients/reminders',
        token: token('realtor@acme.test'),
        body: { pageSize: 'all' },
      });
      expect(all.statusCode).toBe(200);
      const body = all.json<ReminderCatalogue>();
      expect(body.totalItemCount).toBe(reminderCatalogue.length);
      expect(body.totalItemCount).toBe(27);
      expect(body.items.every((item) => item.name.length > 0 && item.defaultFrequencyName.length > 0)).toBe(
        true,
      );
      const filters = await t.api({
        method: 'POST',
        path: '/admin/clientUsers/reminders',
        token: token('realtor@acme.test'),
        body: { search: 'filter', sorting: [{ propertyName: 'name', dir: 'desc' }] },
      });
      expect(filters.json<ReminderCatalogue>().items.map((item) => item.name)).toEqual([
        // Its description says to clean the filter.
        'Service the pool or spa',
        'Replace refrigerator water filter',
        'Replace HVAC filter',
        'Clean the range hood filter',
      ]);
      const frequencies = await t.api({ path: '/clients/frequencies', token: token('realtor@acme.test') });
      expect(frequencies.json()).toEqual(
        frequencyCatalogue.map(({ id, name, intervalMonths }) => ({ id, name, intervalMonths })),
      );
    });
  });

  describe('set-up', () => {
    it('creates a client with a property and subscriptions due one interval from today', async () => {
      const reminders = await catalogue(t);
      const picks = reminders.slice(0, 3).map((reminder) => reminder.id);
      const before = await countAudit(t, 'client.created');
      const response = await putSetup(
        'realtor@acme.test',
        setupBody({ email: 'Nora.Newcomer@Example.net', tenantId: ACME_TENANT_ID }, picks),
      );
      expect(response.statusCode, response.body).toBe(201);
      const client = response.json<ClientDetail>();
      const rita = await userId('realtor@acme.test');
      expect(client).toMatchObject({
        firstName: 'Nora',
        lastName: 'Newcomer',
        email: 'Nora.Newcomer@Example.net',
        phone: '5551234567',
        realtorId: rita,
        realtorName: 'Rita Realtor',
        tenantId: ACME_TENANT_ID,
        enabled: true,
        registered: false,
      });
      expect(client.properties).toHaveLength(1);
      const property = client.properties[0]!;
      expect(property).toMatchObject({
        addressLine: '12 Harbor Road',
        city: 'Springfield',
        state: 'IL',
        zip: '62704',
        status: 'enabled',
      });
      expect(property.subscriptions).toHaveLength(3);
      const intervals = new Map<number, number>(frequencyCatalogue.map((f) => [f.id, f.intervalMonths]));
      for (const subscription of property.subscriptions) {
        expect(picks).toContain(subscription.reminderId);
        const expectedDue = firstDueAt(
          t.clock.now(),
          intervals.get(subscription.maintenanceFrequencyId)!,
          'America/New_York',
        );
        expect(subscription.nextDueAt).toBe(expectedDue.toISOString());
      }
      expect(property.subscriptions.map((s) => s.maintenanceFrequencyId).sort()).toEqual([1, 3, 5]);
      expect(await countAudit(t, 'client.created')).toBe(before + 1);
      const [audit] = await t.rows<{ actor: string; record_id: string; tenant_id: string }>(
        sql`select actor_user_id as actor, record_id, tenant_id from audit_log where action = 'client.created' order by id desc limit 1`,
      );
      expect(audit).toEqual({ actor: rita, record_id: client.id, tenant_id: ACME_TENANT_ID });

      // It is in the realtor's grid and found by name.
      const found = await grid('realtor@acme.test', { search: 'Newcomer' });
      expect(found.items.map((row) => row.clientId)).toEqual([client.id]);
      expect(found.items[0]).toMatchObject({ subscriptionCount: 3, status: 'enabled' });
      // POST with tenantID works the same way.
      const post = await t.api({
        method: 'POST',
        path: '/clients/setup',
        token: token('manager@acme.test'),
        body: setupBody(
          { email: 'second.newcomer@example.net', tenantID: ACME_TENANT_ID, realtorID: rita },
          picks.slice(0, 1),
        ),
      });
      expect(post.statusCode, post.body).toBe(201);
      expect(post.json<ClientDetail>().realtorId).toBe(rita);
    });

    it('changes a client: names, address, a frequency, and the subscription list', async () => {
      // Tasks without a season: their new cycles start from today (seasons: season-setup.test.ts).
      const reminders = (await catalogue(t)).filter((reminder) => reminder.season === null);
      const picks = reminders.slice(5, 8).map((reminder) => reminder.id);
      const { client: created } = await setUpClient(
        t,
        token('realtor@acme.test'),
        setupBody({ email: 'edit.me@example.net' }, picks),
      );
      const property = created.properties[0]!;
      const byReminder = new Map(property.subscriptions.map((s) => [s.reminderId, s]));
      t.clock.advance(60_000);

      const response = await t.api({
        method: 'PUT',
        path: '/clients/setup',
        token: token('realtor@acme.test'),
        body: {
          tenantUserID: created.id,
          clientUser: { firstName: 'Edith', lastName: 'Edited', email: 'edit.me@example.net', phone: '' },
          property: {
            propertyId: property.id,
            line: '14 Harbor Road',
            city: 'Springfield',
            state: 'IL',
            zip: '62704',
          },
          subscriptions: [
            {
              reminderID: picks[0],
              maintenanceFrequencyID: byReminder.get(picks[0]!)!.maintenanceFrequencyId,
            },
            { reminderID: picks[1], maintenanceFrequencyID: 6 },
            { reminderID: reminders[10]!.id, maintenanceFrequencyID: '2' },
          ],
        },
      });
      expect(response.statusCode, response.body).toBe(200);
      const changed = response.json<ClientDetail>();
      expect(changed).toMatchObject({ id: created.id, firstName: 'Edith', lastName: 'Edited', phone: null });
      expect(changed.properties).toHaveLength(1);
      const after = changed.properties[0]!;
      expect(after.addressLine).toBe('14 Harbor Road');
      const subs = new Map(after.subscriptions.map((s) => [s.reminderId, s]));
      expect([...subs.keys()].sort()).toEqual([picks[0], picks[1], reminders[10]!.id].sort());
      // Unchanged: same row, same due date. Changed frequency: a new cycle from today.
      expect(subs.get(picks[0]!)).toEqual(byReminder.get(picks[0]!));
      expect(subs.get(picks[1]!)!.id).toBe(byReminder.get(picks[1]!)!.id);
      expect(subs.get(picks[1]!)!.nextDueAt).toBe(
        firstDueAt(t.clock.now(), 24, 'America/New_York').toISOString(),
      );
      expect(subs.get(reminders[10]!.id)!.nextDueAt).toBe(
        firstDueAt(t.clock.now(), 2, 'America/New_York').toISOString(),
      );
      expect(
        await count(
          t,
          sql`select count(*)::int as n from reminder_subscriptions where property_id = ${property.id}`,
        ),
      ).toBe(3);
      expect(await countAudit(t, 'client.updated')).toBeGreaterThanOrEqual(1);
    });

    it('refuses a second client with the same email in the corporation, in any letter case', async () => {
      const existing = await someClient(t, ACME_TENANT_ID, 'realtor2@acme.test');
      const before = await countClients(t);
      expectErrors(
        await putSetup('realtor@acme.test', setupBody({ email: existing.email.toUpperCase() })),
        409,
        clientMessages.emailTaken,
      );
      expect(await countClients(t)).toBe(before);
      // Another corporation may have a client with that email.
      const birch = await t.api({
        method: 'PUT',
        path: '/clients/setup',
        token: token('admin@birch.test'),
        body: setupBody({
          email: existing.email,
          property: { line: '1 Elm Court', city: 'Portland', state: 'OR', zip: '97205', pending: true },
        }),
      });
      expect(birch.statusCode, birch.body).toBe(201);
    });

    it('refuses a state that is not a US state, on POST as on PUT, and creates nothing', async () => {
      const before = await countClients(t);
      const beforeProperties = await count(t, sql`select count(*)::int as n from properties`);
      const good = setupBody({ email: 'zz.state@example.net', tenantID: ACME_TENANT_ID });
      for (const state of ['ZZ', 'zz', 'PR']) {
        expectErrors(
          await t.api({
            method: 'POST',
            path: '/clients/setup',
            token: token('manager@acme.test'),
            body: { ...good, property: { ...good.property, state } },
          }),
          400,
          messages.stateUnknown,
        );
      }
      expect(await countClients(t)).toBe(before);
      expect(await count(t, sql`select count(*)::int as n from properties`)).toBe(beforeProperties);
    });

    it('refuses bad bodies with the shared messages and changes nothing', async () => {
      const before = await countClients(t);
      const beforeProperties = await count(t, sql`select count(*)::int as n from properties`);
      const put = (body: object) => putSetup('realtor@acme.test', body);
      const good = setupBody({ email: 'valid.person@example.net' });
      expectErrors(
        await put({ ...good, clientUser: { ...good.clientUser, email: 'a@b' } }),
        400,
        messages.emailTooShort,
      );
      expectErrors(
        await put({ ...good, clientUser: { ...good.clientUser, email: 'not-an-address' } }),
        400,
        messages.emailInvalid,
      );
      expectErrors(
        await put({ ...good, clientUser: { ...good.clientUser, firstName: '9lives' } }),
        400,
        messages.nameFieldInvalid,
      );
      expectErrors(
        await put({ ...good, clientUser: { ...good.clientUser, lastName: '  ' } }),
        400,
        messages.required,
      );
      expectErrors(
        await put({ ...good, clientUser: { ...good.clientUser, phone: '555-CALL-NOW' } }),
        400,
        messages.phoneInvalid,
      );
      expectErrors(
        await put({ ...good, property: { ...good.property, line: 'Harbor Road' } }),
        400,
        messages.addressLine,
      );
      expectErrors(
        await put({ ...good, property: { ...good.property, zip: '1234' } }),
        400,
        messages.zipLength,
      );
      expectErrors(
        await put({ ...good, property: { ...good.property, state: 'Illinois' } }),
        400,
        messages.stateCodeInvalid,
      );
      expectErrors(
        await put({ ...good, property: { ...good.property, city: '123' } }),
        400,
        messages.cityInvalid,
      );
      expectErrors(
        await put({ ...good, property: { ...good.property, state: 'ZZ' } }),
        400,
        messages.stateUnknown,
      );
      expectErrors(
        await put({ ...good, clientUser: { ...good.clientUser, firstName: 'A'.repeat(300) } }),
        400,
        messages.tooLong(100),
      );
      expectErrors(await put({ ...good, clientUser: undefined }), 400, messages.required);
      expectErrors(await put({ ...good, property: undefined }), 400, messages.required);
      expectErrors(await put({ ...good, tenantUserID: 'x1' }), 400, messages.guidInvalid);
      const [reminder] = await catalogue(t);
      expectErrors(
        await put({
          ...good,
          subscriptions: [
            { reminderID: reminder!.id, maintenanceFrequencyID: 1 },
            { reminderID: reminder!.id, maintenanceFrequencyID: 3 },
          ],
        }),
        400,
        clientMessages.duplicateReminder,
      );
      expectErrors(
        await put({ ...good, subscriptions: [{ reminderID: reminder!.id, maintenanceFrequencyID: '' }] }),
        400,
        messages.required,
      );
      expectErrors(
        await put({ ...good, subscriptions: [{ reminderID: reminder!.id, maintenanceFrequencyID: 99 }] }),
        400,
        clientMessages.frequencyUnknown,
      );
      expectErrors(
        await put({ ...good, subscriptions: [{ reminderID: MISSING_ID, maintenanceFrequencyID: 1 }] }),
        400,
        clientMessages.reminderUnknown,
      );
      expectErrors(await put({}), 400, messages.required);
      expect(await countClients(t)).toBe(before);
      expect(await count(t, sql`select count(*)::int as n from properties`)).toBe(beforeProperties);
    });

    it('keeps a realtor to their own clients and managers to real realtors of the corporation', async () => {
      const ray = await userId('realtor2@acme.test');
      const birchRealtor = await userId('realtor@birch.test');
      const manager = await userId('manager@acme.test');
      const before = await countClients(t);
      expectErrors(
        await putSetup('realtor@acme.test', setupBody({ email: 'x1@example.net', realtorID: ray })),
        403,
        clientMessages.realtorOnlyOwn,
      );
      expectErrors(
        await putSetup('manager@acme.test', setupBody({ email: 'x2@example.net', realtorID: birchRealtor })),
        404,
        clientMessages.realtorUnknown,
      );
      expectErrors(
        await putSetup('manager@acme.test', setupBody({ email: 'x3@example.net', realtorID: manager })),
        404,
        clientMessages.realtorUnknown,
      );
      expectErrors(
        await putSetup(
          'manager@acme.test',
          setupBody({ email: 'x4@example.net', tenantId: BIRCH_TENANT_ID }),
        ),
        404,
        tenantMessages.unknownTenant,
      );
      expect(await countClients(t)).toBe(before);
    });
  });

  describe('another realtor, another corporation', () => {
    it("responds 404 for another realtor's client on every call, and changes nothing", async () => {
      const ray = await someClient(t, ACME_TENANT_ID, 'realtor2@acme.test', 1);
      const rita = token('realtor@acme.test');
      const calls = [
        ...readsOf(ray),
        toggleProperty('/clients/disable', ray, ACME_TENANT_ID),
        toggleProperty('/admin/clientUsers/enable', ray, ACME_TENANT_ID),
        deleteSubscription('/clients', ray),
        deleteClientUser('/clients', ray),
        deleteClientUser('/admin/clientUsers', ray),
        saveSetup('/clients/setup', ray),
      ];
      for (const call of calls) {
        expectErrors(await t.api({ ...call, token: rita }), 404, call.message);
      }
      // Still there and unchanged; the other realtor and the manager see it.
      expect(
        (await t.api({ path: `/clients/client/${ray.clientId}`, token: token('realtor2@acme.test') }))
          .statusCode,
      ).toBe(200);
      const seen = await t.api({
        path: `/clients/client/${ray.clientId}`,
        token: token('manager@acme.test'),
      });
      expect(seen.statusCode).toBe(200);
      expect(seen.json<ClientDetail>().properties[0]!.subscriptions.map((s) => s.id)).toContain(
        ray.subscriptionId,
      );
    });

    it('lets no Acme user reach a Birch client by any endpoint', async () => {
      const birch = await someClient(t, BIRCH_TENANT_ID, 'realtor@birch.test', 2);
      const before = await t.rows(sql`select * from properties where id = ${birch.propertyId}`);
      for (const email of ['realtor@acme.test', 'manager@acme.test', 'admin@acme.test']) {
        const acme = token(email);
        const notFound = [
          ...readsOf(birch),
          toggleProperty('/clients/disable', birch, ACME_TENANT_ID),
          toggleProperty('/clients/disable', birch, BIRCH_TENANT_ID),
          toggleProperty('/admin/clientUsers/enable', birch, BIRCH_TENANT_ID),
          deleteSubscription('/clients', birch),
          deleteSubscription('/admin/clientUsers', birch),
          deleteClientUser('/clients', birch),
          saveSetup('/clients/setup', birch),
          saveSetup('/admin/clientUsers/setup', birch),
          {
            path: `/admin/clientUsers/properties/count/${BIRCH_TENANT_ID}`,
            message: tenantMessages.unknownTenant,
          },
          {
            path: `/admin/clientUsers/properties/pendingCount/${BIRCH_TENANT_ID}`,
            message: tenantMessages.unknownTenant,
          },
        ];
        for (const call of notFound) {
          expectErrors(await t.api({ ...call, token: acme }), 404, call.message);
        }
        // A property of Birch under an Acme client of one's own is not found either.
        const own = await someClient(t, ACME_TENANT_ID, email === 'realtor@acme.test' ? email : undefined);
        expectErrors(
          await t.api({
            method: 'PUT',
            path: '/clients/setup',
            token: acme,
            body: setupBody({
              email: own.email,
              tenantUserID: own.clientId,
              property: {
                propertyId: birch.propertyId,
                line: '1 Elm Court',
                city: 'Portland',
                state: 'OR',
                zip: '97205',
              },
            }),
          }),
          404,
          messages.unableProperty,
        );
        // Lists never show it.
        expect((await grid(email, { search: birch.email })).totalItemCount).toBe(0);
        const next = await t.api({
          method: 'POST',
          path: '/clients/nextTenant',
          token: acme,
          body: { currentId: birch.propertyId },
        });
        expect(next.json()).toEqual({ items: [], totalItemCount: 0 });
        const csv = await t.api({ method: 'POST', path: '/clients/export', token: acme, body: {} });
        expect(csv.body).not.toContain(birch.email);
        // Selecting Birch with the tenant-id header is refused outright.
        expectErrors(
          await t.api({ path: `/clients/client/${birch.clientId}`, token: acme, tenantId: BIRCH_TENANT_ID }),
          403,
        );
      }
      expect(await t.rows(sql`select * from properties where id = ${birch.propertyId}`)).toEqual(before);
      expect(
        (await t.api({ path: `/clients/client/${birch.clientId}`, token: token('realtor@birch.test') }))
          .statusCode,
      ).toBe(200);
    });

    it('responds with the required messages for ids that do not exist', async () => {
      const manager = token('manager@acme.test');
      expectErrors(
        await t.api({ path: `/clients/client/${MISSING_ID}`, token: manager }),
        404,
        messages.unableClientUser,
      );
      expectErrors(
        await t.api({ path: `/clients/property/${MISSING_ID}`, token: manager }),
        404,
        messages.unableProperty,
      );
      expectErrors(
        await t.api({
          method: 'POST',
          path: '/clients/enable',
          token: manager,
          body: { propertyId: MISSING_ID, tenantId: ACME_TENANT_ID },
        }),
        404,
        messages.unableProperty,
      );
      expectErrors(await t.api({ path: '/clients/client/x1', token: manager }), 400, messages.guidInvalid);
      expectErrors(
        await t.api({
          method: 'POST',
          path: '/clients/enable',
          token: manager,
          body: { tenantId: ACME_TENANT_ID },
        }),
        400,
        messages.required,
      );
    });

    it('needs a sign-in and CanManageClients', async () => {
      expectErrors(await t.api({ method: 'POST', path: '/clients/grid', body: {} }), 401);
      expectErrors(await t.api({ path: '/clients/properties/count' }), 401);
      // A user of Acme without any role holds no privilege.
      await t.rows(
        sql`insert into tenant_users (tenant_id, email, first_name, last_name, password_hash)
            select tenant_id, 'norole@acme.test', 'No', 'Role', password_hash from tenant_users where email = 'realtor@acme.test'`,
      );
      const noRole = await t.login('norole@acme.test');
      expectErrors(await t.api({ method: 'POST', path: '/clients/grid', token: noRole, body: {} }), 403);
      expectErrors(await t.api({ path: '/clients/realtors', token: noRole }), 403);
      expectErrors(
        await t.api({
          method: 'POST',
          path: '/reminder/subscriptions/10/1',
          token: noRole,
          body: { daysFilter: 30 },
        }),
        403,
      );
      const client = await someClient(t, ACME_TENANT_ID);
      expectErrors(
        await t.api({ method: 'DELETE', path: `/clients/clientUser/${client.clientId}`, token: noRole }),
        403,
      );
    });
  });

  describe('enable, disable, delete', () => {
    it('disables and enables a property, with audit entries', async () => {
      const rita = await someClient(t, ACME_TENANT_ID, 'realtor@acme.test', 4);
      const toggle = (action: 'enable' | 'disable') =>
        t.api({
          method: 'POST',
          path: `/clients/${action}`,
          token: token('realtor@acme.test'),
          body: { propertyId: rita.propertyId, tenantId: ACME_TENANT_ID },
        });
      const disabledBefore = await countAudit(t, 'property.disabled');
      const disabled = await toggle('disable');
      expect(disabled.statusCode, disabled.body).toBe(200);
      expect(disabled.json()).toEqual({ propertyId: rita.propertyId, enabled: false, status: 'disabled' });
      expect(await countAudit(t, 'property.disabled')).toBe(disabledBefore + 1);
      const [row] = await t.rows<{ p: boolean; c: boolean }>(
        sql`select p.enabled as p, c.enabled as c from properties p join client_users c on c.id = p.client_user_id where p.id = ${rita.propertyId}`,
      );
      expect(row).toEqual({ p: false, c: false });
      expect((await grid('realtor@acme.test', { search: rita.email })).items[0]!.status).toBe('disabled');

      const enabled = await toggle('enable');
      expect(enabled.json()).toMatchObject({ enabled: true });
      expect((await t.rows(sql`select enabled from client_users where id = ${rita.clientId}`))[0]).toEqual({
        enabled: true,
      });
      expect(await countAudit(t, 'property.enabled')).toBeGreaterThanOrEqual(1);
      // Enabling what is enabled changes nothing and logs nothing.
      const enabledAudits = await countAudit(t, 'property.enabled');
      expect((await toggle('enable')).statusCode).toBe(200);
      expect(await countAudit(t, 'property.enabled')).toBe(enabledAudits);
    });

    it('deletes a subscription and then a client with everything of theirs', async () => {
      const reminders = await catalogue(t);
      const { client: created } = await setUpClient(
        t,
        token('realtor2@acme.test'),
        setupBody(
          { email: 'short.lived@example.net' },
          reminders.slice(0, 3).map((r) => r.id),
        ),
      );
      const [first] = created.properties[0]!.subscriptions;
      const deleted = await t.api({
        method: 'DELETE',
        path: `/clients/reminderSubscription/${first!.id}`,
        token: token('realtor2@acme.test'),
      });
      expect(deleted.statusCode, deleted.body).toBe(204);
      expect(
        await count(t, sql`select count(*)::int as n from reminder_subscriptions where id = ${first!.id}`),
      ).toBe(0);
      const [audit] = await t.rows<{ details: { reminderName: string } }>(
        sql`select details from audit_log where action = 'subscription.deleted' and record_id = ${first!.id}`,
      );
      expect(audit!.details.reminderName).toBe(first!.reminderName);
      expectErrors(
        await t.api({
          method: 'DELETE',
          path: `/clients/reminderSubscription/${first!.id}`,
          token: token('realtor2@acme.test'),
        }),
        404,
        clientMessages.subscriptionNotFound,
      );

      const gone = await t.api({
        method: 'DELETE',
        path: `/admin/clientUsers/clientUser/${created.id}`,
        token: token('manager@acme.test'),
      });
      expect(gone.statusCode).toBe(204);
      expect(
        await count(t, sql`select count(*)::int as n from properties where client_user_id = ${created.id}`),
      ).toBe(0);
      expect(
        await count(
          t,
          sql`select count(*)::int as n from reminder_subscriptions where property_id = ${created.properties[0]!.id}`,
        ),
      ).toBe(0);
      expect(
        await count(
          t,
          sql`select count(*)::int as n from audit_log where action = 'client.deleted' and record_id = ${created.id}`,
        ),
      ).toBe(1);
      expectErrors(
        await t.api({ path: `/clients/client/${created.id}`, token: token('manager@acme.test') }),
        404,
        messages.unableClientUser,
      );
    });
  });

  describe('licenses', () => {
    it('refuses an active property beyond the license, saying how many are free', async () => {
      const admin = token('admin@birch.test');
      const counts = async () =>
        (await t.api({ path: '/clients/properties/count', token: admin })).json<PropertyCounts>();
      const start = await counts();
      expect(start.licensed).toBe(25);
      for (let index = 0; index < start.licensesFree; index += 1) {
        await setUpClient(
          t,
          admin,
          setupBody({ email: `fill.${index}@example.org` }),
          '/admin/clientUsers/setup',
        );
      }
      expect((await counts()).licensesFree).toBe(0);
      const clientsBefore = await countClients(t);
      const refused = await t.api({
        method: 'PUT',
        path: '/clients/setup',
        token: admin,
        body: setupBody({ email: 'one.too.many@example.org' }),
      });
      expectErrors(refused, 409, clientMessages.licenseExhausted(25, 0));
      expect(refused.json()).toEqual({ Errors: [expect.stringContaining('0 of 25 licenses are free')] });
      expect(await countClients(t)).toBe(clientsBefore);

      // A pending property needs no license.
      const pending = await t.api({
        method: 'PUT',
        path: '/clients/setup',
        token: admin,
        body: setupBody({
          email: 'waiting@example.org',
          property: { line: '3 Oak Avenue', city: 'Portland', state: 'OR', zip: '97205', pending: true },
        }),
      });
      expect(pending.statusCode, pending.body).toBe(201);
      const waiting = pending.json<ClientDetail>();
      expect(waiting.properties[0]!.status).toBe('pending');
      // Confirming it (no longer pending) would need one.
      expectErrors(
        await t.api({
          method: 'PUT',
          path: '/clients/setup',
          token: admin,
          body: setupBody({
            email: 'waiting@example.org',
            tenantUserID: waiting.id,
            property: {
              propertyId: waiting.properties[0]!.id,
              line: '3 Oak Avenue',
              city: 'Portland',
              state: 'OR',
              zip: '97205',
              pending: false,
            },
          }),
        }),
        409,
        clientMessages.licenseExhausted(25, 0),
      );

      // Enabling a disabled property is refused too, until another is disabled.
      const [disabled] = await t.rows<{ id: string }>(
        sql`select id from properties where tenant_id = ${BIRCH_TENANT_ID} and not enabled limit 1`,
      );
      const [active] = await t.rows<{ id: string }>(
        sql`select id from properties where tenant_id = ${BIRCH_TENANT_ID} and enabled and not pending limit 1`,
      );
      const toggle = (action: string, propertyId: string) =>
        t.api({
          method: 'POST',
          path: `/clients/${action}`,
          token: admin,
          body: { propertyId, tenantId: BIRCH_TENANT_ID },
        });
      expectErrors(await toggle('enable', disabled!.id), 409, clientMessages.licenseExhausted(25, 0));
      expect((await toggle('disable', active!.id)).statusCode).toBe(200);
      expect((await counts()).licensesFree).toBe(1);
      expect((await toggle('enable', disabled!.id)).statusCode).toBe(200);
      expect((await counts()).licensesFree).toBe(0);
    });
  });

  describe('POST /reminder/subscriptions/{pageSize}/{page}', () => {
    const upcoming = async (
      email: string,
      pageSize: number | string,
      page: number | string,
      daysFilter: unknown,
    ) =>
      t.api({
        method: 'POST',
        path: `/reminder/subscriptions/${pageSize}/${page}`,
        token: token(email),
        body: { daysFilter },
      });

    it('lists reminders due in the next N days, soonest first, scoped like the grid', async () => {
      const now = t.clock.now();
      const horizon = new Date(now.getTime() + 30 * 86_400_000);
      const expected = await count(
        t,
        sql`select count(*)::int as n from reminder_subscriptions s
            join properties p on p.tenant_id = s.tenant_id and p.id = s.property_id
            join client_users c on c.tenant_id = p.tenant_id and c.id = p.client_user_id
            where s.tenant_id = ${ACME_TENANT_ID} and s.next_due_at >= ${now.toISOString()}::timestamptz
              and s.next_due_at < ${horizon.toISOString()}::timestamptz
              and p.enabled and not p.pending and c.enabled`,
      );
      const response = await upcoming('manager@acme.test', 200, 1, 30);
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json<UpcomingReminderList>();
      expect(body.totalItemCount).toBe(expected);
      expect(body.items).toHaveLength(expected);
      const dues = body.items.map((item) => item.nextDueAt);
      expect(dues).toEqual([...dues].sort());
      expect(dues.every((due) => due >= now.toISOString() && due < horizon.toISOString())).toBe(true);

      const page2 = (await upcoming('manager@acme.test', 5, 2, '30')).json<UpcomingReminderList>();
      expect(page2.items).toEqual(body.items.slice(5, 10));
      // The total is the same on a full page, on the last one and past the end.
      const lastPage = Math.ceil(expected / 5);
      for (const page of [2, lastPage, lastPage + 1]) {
        const listed = (await upcoming('manager@acme.test', 5, page, 30)).json<UpcomingReminderList>();
        expect(listed.totalItemCount, `page ${page}`).toBe(expected);
        expect(listed.items).toEqual(body.items.slice((page - 1) * 5, page * 5));
      }

      const rita = (await upcoming('realtor@acme.test', 200, 1, 30)).json<UpcomingReminderList>();
      expect(rita.totalItemCount).toBeLessThan(body.totalItemCount);
      expect(rita.totalItemCount).toBeGreaterThan(0);
      const birchEmails = (await upcoming('realtor@birch.test', 200, 1, 30)).json<UpcomingReminderList>();
      expect(birchEmails.items.every((item) => item.clientEmail.endsWith('@example.org'))).toBe(true);
    });

    it('lists overdue reminders with a negative filter', async () => {
      const client = await someClient(t, ACME_TENANT_ID, 'realtor@acme.test', 6);
      await t.rows(
        sql`update properties set enabled = true, pending = false where id = ${client.propertyId}`,
      );
      await t.rows(sql`update client_users set enabled = true where id = ${client.clientId}`);
      const overdueAt = new Date(t.clock.now().getTime() - 5 * 86_400_000);
      await t.rows(
        sql`update reminder_subscriptions set next_due_at = ${overdueAt.toISOString()}::timestamptz where id = ${client.subscriptionId}`,
      );
      const within = (await upcoming('realtor@acme.test', 10, 1, -7)).json<UpcomingReminderList>();
      expect(within.items.map((item) => item.id)).toContain(client.subscriptionId);
      expect(within.items.find((item) => item.id === client.subscriptionId)!.nextDueAt).toBe(
        overdueAt.toISOString(),
      );
      const tooShort = (await upcoming('realtor@acme.test', 10, 1, -3)).json<UpcomingReminderList>();
      expect(tooShort.items.map((item) => item.id)).not.toContain(client.subscriptionId);
      // The other realtor does not see it.
      const ray = (await upcoming('realtor2@acme.test', 200, 1, -7)).json<UpcomingReminderList>();
      expect(ray.items.map((item) => item.id)).not.toContain(client.subscriptionId);
    });

    it('responds to a window of any length, however far it reaches', async () => {
      // Found by the fuzzer: 739 944 days back is before the year 1, where dates stop being dates.
      for (const daysFilter of [-739_944, 739_944, -1e12, 1e12]) {
        const response = await upcoming('manager@acme.test', 10, 1, daysFilter);
        expect(response.statusCode, `${daysFilter}: ${response.body}`).toBe(200);
      }
      // The longest window reaches every reminder still to come.
      const now = t.clock.now();
      const due = await count(
        t,
        sql`select count(*)::int as n from reminder_subscriptions s
            join properties p on p.tenant_id = s.tenant_id and p.id = s.property_id
            join client_users c on c.tenant_id = p.tenant_id and c.id = p.client_user_id
            where s.tenant_id = ${ACME_TENANT_ID} and s.next_due_at >= ${now.toISOString()}::timestamptz
              and p.enabled and not p.pending and c.enabled`,
      );
      const everything = (await upcoming('manager@acme.test', 10, 1, 1e12)).json<UpcomingReminderList>();
      expect(everything.totalItemCount).toBe(due);
    });

    it('refuses bad arguments with the shared paging messages', async () => {
      expectErrors(await upcoming('manager@acme.test', 10, 1, 0), 400, messages.nonZero);
      expectErrors(await upcoming('manager@acme.test', 10, 1, 'soon'), 400, messages.nonZero);
      expectErrors(await upcoming('manager@acme.test', 0, 1, 5), 400, messages.minOne);
      expectErrors(await upcoming('manager@acme.test', 10, 0, 5), 400, messages.minOne);
      expectErrors(await upcoming('manager@acme.test', 'x', 1, 5), 400, messages.minOne);
      expectErrors(
        await t.api({
          method: 'POST',
          path: '/reminder/subscriptions/10/1',
          token: token('manager@acme.test'),
        }),
        400,
        messages.required,
      );
    });
  });

  describe('CSV export', () => {
    it('exports the current filter, formula-safe', async () => {
      const exportsBefore = await countAudit(t, 'clients.exported');
      await setUpClient(t, token('realtor@acme.test'), {
        clientUser: { email: 'formula.test@example.net' },
        property: { line: '7 Lake Road', city: '=HYPERLINK("http://x.test","Click")', pending: true },
      });
      const response = await t.api({
        method: 'POST',
        path: '/clients/export',
        token: token('realtor@acme.test'),
        body: { search: 'formula.test' },
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/csv/);
      expect(response.headers['content-disposition']).toMatch(
        /^attachment; filename="clients-\d{4}-\d{2}-\d{2}\.csv"$/,
      );
      const lines = response.body
        .replace(/^\uFEFF/, '')
        .trimEnd()
        .split('\r\n');
      expect(lines[0]).toBe(
        'First name,Last name,Email,Phone,Address,City,State,ZIP,Year built,Kind of home,Heating,Cooling,Water heater year,Well,Septic,Status,Realtor email,Reminders,Next due,Unsubscribed,Done,Put off,Help asked,Last activity,Needs attention',
      );
      expect(lines).toHaveLength(2);
      expect(lines[1]).toContain(`"'=HYPERLINK(""http://x.test"",""Click"")"`);
      expect(lines[1]).toContain('formula.test@example.net');

      const all = await t.api({
        method: 'POST',
        path: '/clients/export',
        token: token('realtor@acme.test'),
        body: { status: 'all' },
      });
      const rows = all.body.trimEnd().split('\r\n').length - 1;
      expect(rows).toBe((await grid('realtor@acme.test', { pageSize: 'all' })).totalItemCount);
      expect(await countAudit(t, 'clients.exported')).toBe(exportsBefore + 2);
    });

    it('writes due dates and phone numbers as the portal shows them', async () => {
      const reminders = await catalogue(t);
      await setUpClient(
        t,
        token('realtor@acme.test'),
        setupBody({ email: 'export.dates@example.net' }, [reminders[0]!.id]),
      );
      const response = await t.api({
        method: 'POST',
        path: '/clients/export',
        token: token('realtor@acme.test'),
        body: { search: 'export.dates' },
      });
      const row = response.body
        .replace(/^\uFEFF/, '')
        .trimEnd()
        .split('\r\n')[1]!;
      expect(row).toContain(',(555) 123-4567,');
      // Next due, then Unsubscribed (empty), the client's replies (none yet), no last activity and nothing needing attention.
      expect(row).toMatch(/,\d{2}[A-Z]{3}\d{4},,0,0,0,,$/);
    });
  });
});
