/**
 * The license's term: after its last day, in the corporation's time zone, no property is enabled
 * or created enabled, by any path (set-up, edit, enable, restarting reminders, bulk upload);
 * pending properties are still fine (docs/decisions/051).
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, beforeEach, expect, it } from 'vitest';
import type { BulkPreview, BulkProcessResult } from '@homeminder/shared/contracts/bulk';
import type { ClientSetupInput, PropertyCounts } from '@homeminder/shared/contracts/clients';
import type { HomeSummary } from '@homeminder/shared/contracts/identity';
import { dayIn, licenseMessages } from '@homeminder/shared/license';
import { adminMessages } from '@homeminder/shared/contracts/admin';
import { BIRCH_TENANT_ID } from '../../db/demo-data';
import { SYSTEM_TENANT_ID } from '../../db/reference-data';
import { describeEachDriver, expectErrors, type TestApp } from '../../test/test-app';
import { queueBulkRows } from '../../test/bulk-rows';
import { setUpClient } from '../../test/clients';

const ENDED_ON = '2020-12-31';

function setupBody(email: string, pending: boolean): ClientSetupInput {
  return {
    clientUser: { firstName: 'Nora', lastName: 'Newcomer', email, phone: '(555) 123-4567' },
    property: { line: '12 Harbor Road', city: 'Portland', state: 'or', zip: '97205', pending },
    subscriptions: [],
  };
}

async function one<T>(t: TestApp, query: ReturnType<typeof sql>): Promise<T> {
  const [row] = await t.rows<T>(query);
  return row!;
}

const setLicenseEnd = (t: TestApp, endsOn: string | null) =>
  t.rows(sql`update corporations set license_ends_on = ${endsOn} where id = ${BIRCH_TENANT_ID}`);

describeEachDriver('the license term', (t) => {
  let admin: string;
  beforeAll(async () => {
    admin = await t.login('admin@birch.test');
  });
  beforeEach(async () => {
    await setLicenseEnd(t, ENDED_ON);
  });

  const post = (path: string, body?: object) =>
    t.api({ method: 'POST', path, token: admin, ...(body ? { body } : {}) });
  const ended = licenseMessages.ended(ENDED_ON);

  it('refuses a new enabled property after the last day, and takes a pending one', async () => {
    const clientsBefore = await one<{ n: number }>(t, sql`select count(*)::int as n from client_users`);
    expectErrors(await post('/clients/setup', setupBody('late@birch.example', false)), 409, ended);
    expectErrors(await post('/admin/clientUsers/setup', setupBody('late@birch.example', false)), 409, ended);
    expect(await one<{ n: number }>(t, sql`select count(*)::int as n from client_users`)).toEqual(
      clientsBefore,
    );
    const pending = await post('/clients/setup', setupBody('waiting@birch.example', true));
    expect(pending.statusCode, pending.body).toBe(201);
  });

  it('validates the last day in the corporation’s time zone: the license holds through it', async () => {
    const { zone } = await one<{ zone: string }>(
      t,
      sql`select time_zone as zone from corporations where id = ${BIRCH_TENANT_ID}`,
    );
    await setLicenseEnd(t, dayIn(new Date(), zone));
    const created = await post('/clients/setup', setupBody('lastday@birch.example', false));
    expect(created.statusCode, created.body).toBe(201);
  });

  it('refuses enabling a paused property, and making a pending one active, but lets it stay pending', async () => {
    const paused = await one<{ id: string }>(
      t,
      sql`select id from properties where tenant_id = ${BIRCH_TENANT_ID} and not pending order by id limit 1`,
    );
    await t.rows(sql`update properties set enabled = false where id = ${paused.id}`);
    expectErrors(
      await post('/clients/enable', { propertyId: paused.id, tenantId: BIRCH_TENANT_ID }),
      409,
      ended,
    );
    expect(await one(t, sql`select enabled from properties where id = ${paused.id}`)).toEqual({
      enabled: false,
    });

    const { id, propertyId, sent } = await setUpClient(t, admin, setupBody('edit@birch.example', true));
    const edit = (pending: boolean) => ({
      ...sent,
      tenantUserID: id,
      property: { ...sent.property, propertyId, pending },
    });
    expectErrors(
      await t.api({ method: 'PUT', path: '/clients/setup', token: admin, body: edit(false) }),
      409,
      ended,
    );
    const kept = await t.api({ method: 'PUT', path: '/clients/setup', token: admin, body: edit(true) });
    expect(kept.statusCode, kept.body).toBe(200);
  });

  it('refuses to start the reminders of a client who unsubscribed again', async () => {
    const client = await one<{ id: string }>(
      t,
      sql`select c.id from client_users c where c.tenant_id = ${BIRCH_TENANT_ID}
            and exists (select 1 from properties p where p.client_user_id = c.id and p.enabled and not p.pending)
          order by c.id limit 1`,
    );
    await t.rows(sql`update client_users set unsubscribed_at = now() where id = ${client.id}`);
    expectErrors(await post(`/clients/resubscribe/${client.id}`), 409, ended);
    const after = await one<{ unsubscribed: boolean }>(
      t,
      sql`select unsubscribed_at is not null as unsubscribed from client_users where id = ${client.id}`,
    );
    expect(after.unsubscribed).toBe(true);
  });

  it('creates nothing from a bulk upload, and says why', async () => {
    const queued = await post(`/bulk/${BIRCH_TENANT_ID}`, {
      items: [
        {
          itemId: randomUUID(),
          data: {
            firstName: 'Bea',
            lastName: 'Bulk',
            email: 'bea.bulk@birch.example',
            phone: '',
            addressLine: '3 Pine Street',
            city: 'Portland',
            state: 'OR',
            zip: '97205',
            reminders: 'Replace HVAC filter',
          },
        },
      ],
    });
    expect(queued.statusCode, queued.body).toBe(200);
    expectErrors(await post(`/bulk/process/${BIRCH_TENANT_ID}`), 409, ended);
    expect(
      await one(t, sql`select count(*)::int as n from client_users where email = 'bea.bulk@birch.example'`),
    ).toEqual({ n: 0 });

    // Renewed, the same queue goes through.
    await setLicenseEnd(t, null);
    const processed = await post(`/bulk/process/${BIRCH_TENANT_ID}`);
    expect(processed.statusCode, processed.body).toBe(200);
    expect(processed.json<BulkProcessResult>().created).toBe(1);
  });

  it("sets up no client, not even a pending one, in the operator's own corporation", async () => {
    const operator = await t.login('sysadmin@demo.test');
    for (const pending of [true, false]) {
      expectErrors(
        await t.api({
          method: 'PUT',
          path: '/clients/setup',
          token: operator,
          body: setupBody(`own.${String(pending)}@operator.example`, pending),
        }),
        400,
        adminMessages.operatorHoldsNoClients,
      );
    }
    const queued = await queueBulkRows(t, operator, SYSTEM_TENANT_ID, [
      {
        itemId: randomUUID(),
        data: {
          firstName: 'Oscar',
          lastName: 'Own',
          email: 'oscar.own@operator.example',
          phone: '',
          addressLine: '3 Pine Street',
          city: 'Portland',
          state: 'OR',
          zip: '97205',
          reminders: '',
        },
      },
    ]);
    expectErrors(queued, 400, adminMessages.operatorHoldsNoClients);
    // In a customer's corporation, chosen with the tenant-id header, the operator may.
    const forBirch = await t.api({
      method: 'PUT',
      path: '/clients/setup',
      token: operator,
      tenantId: BIRCH_TENANT_ID,
      body: setupBody('for.birch@operator.example', true),
    });
    expect(forBirch.statusCode, forBirch.body).toBe(201);
  });

  it('tells the screens the license has ended: the counts and Home', async () => {
    const counts = await t.api({ path: '/clients/properties/count', token: admin });
    expect(counts.json<PropertyCounts>().licenseEndedOn).toBe(ENDED_ON);
    const home = await t.api({ path: '/home/summary', token: admin });
    expect(home.json<HomeSummary>().licenseEndedOn).toBe(ENDED_ON);
    const preview = await t.api({ path: `/bulk/${BIRCH_TENANT_ID}/preview`, token: admin });
    expect(preview.json<BulkPreview>()).toMatchObject({
      licenseEndedOn: ENDED_ON,
      licensesFree: 0,
      toCreate: 0,
    });

    await setLicenseEnd(t, '2999-12-31');
    expect(
      (await t.api({ path: '/clients/properties/count', token: admin })).json<PropertyCounts>()
        .licenseEndedOn,
    ).toBeNull();
    expect(
      (await t.api({ path: '/home/summary', token: admin })).json<HomeSummary>().licenseEndedOn,
    ).toBeNull();
  });
});
