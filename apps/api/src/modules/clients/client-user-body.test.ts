/**
 * `POST api/admin/clientUsers/setup` in the client-user form: `{tenantUserID, firstName,
 * lastName, subscriptions[{reminderID, maintenanceFrequencyID}]}` changes an existing client's
 * names and the reminders of their property, keeping everything the body does not name.
 */
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { clientMessages, type ClientDetail } from '@homeminder/shared/contracts/clients';
import { messages } from '@homeminder/shared/validation/messages';
import { ACME_TENANT_ID } from '../../db/demo-data';
import { describeEachDriver, expectErrors, signInBeforeAll, type TestApp } from '../../test/test-app';

interface OneProperty {
  clientId: string;
  propertyId: string;
  email: string;
}

/** A client of Rita Realtor's with exactly one property. */
async function clientWithOneProperty(t: TestApp): Promise<OneProperty> {
  const [row] = await t.rows<OneProperty>(
    sql`select c.id as "clientId", min(p.id::text) as "propertyId", c.email
        from client_users c join properties p on p.tenant_id = c.tenant_id and p.client_user_id = c.id
        where c.tenant_id = ${ACME_TENANT_ID}
          and c.realtor_id = (select id from tenant_users where email = 'realtor@acme.test')
        group by c.id, c.email having count(*) = 1
        order by c.email limit 1`,
  );
  return row!;
}

describeEachDriver('the client-user form of the set-up call', (t) => {
  const token = signInBeforeAll(t, ['admin@acme.test', 'realtor@acme.test']);

  const post = (token: string, body: object) =>
    t.api({ method: 'POST', path: '/admin/clientUsers/setup', token, body });

  it('changes the names and the reminders of the client’s only property, keeping the rest', async () => {
    const client = await clientWithOneProperty(t);
    const reminders = await t.rows<{ id: string }>(sql`select id from reminders order by name limit 2`);
    const before = (
      await t.api({
        method: 'GET',
        path: `/admin/clientUsers/${client.clientId}`,
        token: token('admin@acme.test'),
      })
    ).json<ClientDetail>();

    const response = await post(token('admin@acme.test'), {
      tenantUserID: client.clientId,
      firstName: 'Renamed',
      lastName: 'Person',
      subscriptions: reminders.map((reminder) => ({ reminderID: reminder.id, maintenanceFrequencyID: 3 })),
    });
    expect(response.statusCode, response.body).toBe(200);
    const after = response.json<ClientDetail>();
    expect(after).toMatchObject({
      id: client.clientId,
      firstName: 'Renamed',
      lastName: 'Person',
      email: before.email,
      phone: before.phone,
      realtorId: before.realtorId,
    });
    expect(after.properties).toHaveLength(1);
    const [property] = after.properties;
    expect(property).toMatchObject({
      id: client.propertyId,
      addressLine: before.properties[0]!.addressLine,
      zip: before.properties[0]!.zip,
      pending: before.properties[0]!.pending,
    });
    expect(property!.subscriptions.map((s) => s.reminderId).sort()).toEqual(
      reminders.map((r) => r.id).sort(),
    );
    expect(property!.subscriptions.every((s) => s.maintenanceFrequencyId === 3)).toBe(true);

    // A realtor may use it for their own client too, on the clients area's POST as well.
    const again = await t.api({
      method: 'POST',
      path: '/clients/setup',
      token: token('realtor@acme.test'),
      body: { tenantUserID: client.clientId, firstName: 'Again', lastName: 'Person', subscriptions: [] },
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<ClientDetail>().properties[0]!.subscriptions).toEqual([]);
  });

  it('names the property when the client has several, and refuses in plain words otherwise', async () => {
    const [several] = await t.rows<{ clientId: string; propertyId: string }>(
      sql`select c.id as "clientId", max(p.id::text) as "propertyId"
          from client_users c join properties p on p.tenant_id = c.tenant_id and p.client_user_id = c.id
          where c.tenant_id = ${ACME_TENANT_ID}
          group by c.id having count(*) > 1 limit 1`,
    );
    if (several) {
      expectErrors(
        await post(token('admin@acme.test'), {
          tenantUserID: several.clientId,
          firstName: 'Two',
          lastName: 'Homes',
          subscriptions: [],
        }),
        400,
        clientMessages.propertyToChange,
      );
      const named = await post(token('admin@acme.test'), {
        tenantUserID: several.clientId,
        propertyId: several.propertyId,
        firstName: 'Two',
        lastName: 'Homes',
        subscriptions: [],
      });
      expect(named.statusCode, named.body).toBe(200);
    }
    const client = await clientWithOneProperty(t);
    // Without the client, and with bad names, the refusal says what is wrong.
    expectErrors(
      await post(token('admin@acme.test'), { firstName: 'No', lastName: 'Id', subscriptions: [] }),
      400,
      messages.required,
    );
    expectErrors(
      await post(token('admin@acme.test'), {
        tenantUserID: client.clientId,
        firstName: '9lives',
        lastName: 'Cat',
      }),
      400,
      messages.nameFieldInvalid,
    );
    expectErrors(
      await post(token('admin@acme.test'), {
        tenantUserID: client.clientId,
        propertyId: '5e5e5e5e-0000-4000-8000-00000000dead',
        firstName: 'Lost',
        lastName: 'House',
      }),
      404,
      messages.unableProperty,
    );
    // The nested form is unchanged: without a client user it still says so.
    expectErrors(
      await post(token('admin@acme.test'), { property: { line: '1 Main St' } }),
      400,
      messages.required,
    );
  });
});
