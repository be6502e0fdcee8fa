import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messages } from '@homeminder/shared/validation/messages';
import { ACME_TENANT_ID, DEMO_PASSWORD } from '../db/demo-data';
import { attentionClientsOf } from '../test/attention';
import { describeEachDriver, expectErrors, signInBeforeAll } from '../test/test-app';
import { unknownFields, type Shape } from './unknown-fields';

describe('unknownFields', () => {
  const setup: Shape = {
    anyOf: [
      {
        properties: {
          clientUser: { properties: { email: {} } },
          property: { properties: { propertyId: {}, line: {} } },
        },
      },
      { properties: { tenantUserID: {}, firstName: {} } },
    ],
  };

  it('names nested keys by their path, in the choice that fits best', () => {
    expect(unknownFields(setup, { clientUser: { email: 'a' }, property: { id: 'x', line: '1' } })).toEqual([
      'property.id',
    ]);
    expect(unknownFields(setup, { tenantUserID: 'x', firstName: 'A' })).toEqual([]);
  });

  it('reads arrays by index and lets a map take any key', () => {
    const schema: Shape = {
      properties: {
        items: { items: { properties: { data: { properties: { email: {} } } } } },
        counts: { additionalProperties: {} },
      },
    };
    expect(unknownFields(schema, { items: [{ data: { email: 'a' } }, { data: { colour: 'red' } }] })).toEqual(
      ['items[1].data.colour'],
    );
    expect(unknownFields(schema, { counts: { anything: 1 } })).toEqual([]);
  });
});

describeEachDriver('a body with keys the request does not take', (t) => {
  const token = signInBeforeAll(t, ['admin@acme.test', 'realtor@acme.test']);
  const unknown = (path: string) => messages.unknownField(path);

  it('refuses a set-up call naming `property.id`, and adds no property', async () => {
    const [client] = await attentionClientsOf(t, ACME_TENANT_ID, 'realtor@acme.test');
    const detail = await t.api({ path: `/clients/client/${client!.id}`, token: token('realtor@acme.test') });
    const before = detail.json<{
      firstName: string;
      lastName: string;
      email: string;
      properties: unknown[];
    }>();
    const counts = () => t.api({ path: '/clients/properties/count', token: token('realtor@acme.test') });
    const licensesBefore = (await counts()).json<{ licensesUsed: number }>().licensesUsed;

    const response = await t.api({
      method: 'PUT',
      path: '/clients/setup',
      token: token('realtor@acme.test'),
      body: {
        tenantUserID: client!.id,
        clientUser: { firstName: before.firstName, lastName: before.lastName, email: before.email },
        property: {
          id: client!.property,
          line: '9 Elm Street',
          city: 'Springfield',
          state: 'IL',
          zip: '62701',
        },
      },
    });

    expect(expectErrors(response, 400)).toEqual([unknown('property.id')]);
    const properties = await t.rows(sql`select id from properties where client_user_id = ${client!.id}`);
    expect(properties).toHaveLength(before.properties.length);
    expect((await counts()).json<{ licensesUsed: number }>().licensesUsed).toBe(licensesBefore);
  });

  it('names every unknown key, on routes of every kind', async () => {
    const login = await t.api({
      method: 'POST',
      path: '/auth/login/',
      body: { username: 'realtor@acme.test', password: DEMO_PASSWORD, remember: true },
    });
    expect(expectErrors(login, 400)).toEqual([unknown('remember')]);

    const grid = await t.api({
      method: 'POST',
      path: '/clients/grid',
      token: token('realtor@acme.test'),
      body: { pageSize: 10, sort: [], filter: 'x' },
    });
    expect(expectErrors(grid, 400)).toEqual([unknown('sort'), unknown('filter')]);

    const user = await t.api({
      method: 'POST',
      path: '/admin/user',
      token: token('admin@acme.test'),
      body: { email: 'new@acme.test', firstName: 'New', lastName: 'User', role: 'Realtor', emial: 'x' },
    });
    expect(expectErrors(user, 400)).toEqual([unknown('emial')]);
    expect(await t.rows(sql`select id from tenant_users where email = 'new@acme.test'`)).toHaveLength(0);

    const bulk = await t.api({
      method: 'POST',
      path: `/bulk/${ACME_TENANT_ID}`,
      token: token('admin@acme.test'),
      body: { items: [{ itemId: crypto.randomUUID(), data: { email: 'a@bulk.test', colour: 'red' } }] },
    });
    expect(expectErrors(bulk, 400)).toEqual([unknown('items[0].data.colour')]);
  });

  it('still takes a body with only the keys it names', async () => {
    const grid = await t.api({
      method: 'POST',
      path: '/clients/grid',
      token: token('realtor@acme.test'),
      body: { pageSize: 'all', sorting: [{ propertyName: 'lastName', dir: 'asc' }] },
    });
    expect(grid.statusCode, grid.body).toBe(200);
  });
});
