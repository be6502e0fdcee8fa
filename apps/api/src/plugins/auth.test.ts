import { describe, expect, it } from 'vitest';
import { ACME_TENANT_ID, acmeCorporation, BIRCH_TENANT_ID } from '../db/demo-data';
import { SYSTEM_TENANT_ID } from '../db/reference-data';
import { describeEachDriver, expectErrors, signInBeforeAll } from '../test/test-app';
import { tenantMessages } from '../access/auth-context';

const UNKNOWN_TENANT_ID = '5f0e1d2c-3b4a-4e5f-8a7b-6c5d4e3f2a1b';

describeEachDriver('tenant-id header', (t) => {
  const token = signInBeforeAll(t, ['admin@acme.test', 'sysadmin@demo.test']);

  const details = (token: string, tenantId?: string) =>
    t.api({ path: '/id/tenant-details', token, ...(tenantId === undefined ? {} : { tenantId }) });

  describe('a corporate user', () => {
    it('acts for their own corporation without the header', async () => {
      const response = await details(token('admin@acme.test'));
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ id: ACME_TENANT_ID, name: 'Acme Realty', isSystem: false });
    });

    it.each([
      ['in lower case', ACME_TENANT_ID],
      ['in upper case', ACME_TENANT_ID.toUpperCase()],
      ['with spaces around it', `  ${ACME_TENANT_ID} `],
      ['blank', '   '],
    ])('may select their own corporation %s', async (_name, header) => {
      const response = await details(token('admin@acme.test'), header);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ id: ACME_TENANT_ID });
    });

    it("is refused another corporation's tenant-id with 403", async () => {
      const response = await details(token('admin@acme.test'), BIRCH_TENANT_ID);
      expectErrors(response, 403, tenantMessages.foreignTenant);
      expect(response.body).not.toContain('Birch');
    });

    it('is refused the operator tenant and unknown ids alike, without learning which exist', async () => {
      expectErrors(
        await details(token('admin@acme.test'), SYSTEM_TENANT_ID),
        403,
        tenantMessages.foreignTenant,
      );
      expectErrors(
        await details(token('admin@acme.test'), UNKNOWN_TENANT_ID),
        403,
        tenantMessages.foreignTenant,
      );
    });

    it('is refused on every route, not only on tenant-details', async () => {
      const summary = await t.api({
        path: '/home/summary',
        token: token('admin@acme.test'),
        tenantId: BIRCH_TENANT_ID,
      });
      expectErrors(summary, 403, tenantMessages.foreignTenant);
      const who = await t.api({
        path: '/auth/who-am-i',
        token: token('admin@acme.test'),
        tenantId: BIRCH_TENANT_ID,
      });
      expectErrors(who, 403, tenantMessages.foreignTenant);
    });

    it('is refused a realtor of another corporation too', async () => {
      const realtor = await t.login('realtor@birch.test');
      expectErrors(await details(realtor, ACME_TENANT_ID), 403, tenantMessages.foreignTenant);
      expect((await details(realtor, BIRCH_TENANT_ID)).json()).toMatchObject({ name: 'Birch Homes' });
    });
  });

  it.each([
    'not-a-guid',
    '0a0a0a0a-0000-4000-8000-000000000ac',
    `{${ACME_TENANT_ID}}`,
    `${ACME_TENANT_ID}x`,
    "' or 1=1 --",
  ])('refuses the malformed tenant-id %j with 400', async (header) => {
    expectErrors(await details(token('admin@acme.test'), header), 400, tenantMessages.invalidHeader);
  });

  describe('the operator (cross-tenant privilege)', () => {
    it('acts for the operator tenant without the header', async () => {
      const response = await details(token('sysadmin@demo.test'));
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ id: SYSTEM_TENANT_ID, isSystem: true });
    });

    it('may select Acme and then sees its tenant-details', async () => {
      const response = await details(token('sysadmin@demo.test'), ACME_TENANT_ID);
      expect(response.statusCode).toBe(200);
      // The seeded settings, and the defaults of those the demo leaves out.
      expect(response.json()).toEqual({
        ...acmeCorporation,
        isSystem: false,
        enabled: true,
        timeZone: 'America/New_York',
        brandColour: null,
      });
      const birch = await details(token('sysadmin@demo.test'), BIRCH_TENANT_ID.toUpperCase());
      expect(birch.json()).toMatchObject({ id: BIRCH_TENANT_ID, name: 'Birch Homes' });
    });

    it('is told when the selected corporation does not exist', async () => {
      expectErrors(
        await details(token('sysadmin@demo.test'), UNKNOWN_TENANT_ID),
        404,
        tenantMessages.unknownTenant,
      );
    });

    it('still gets a 400 for a malformed header', async () => {
      expectErrors(await details(token('sysadmin@demo.test'), 'acme'), 400, tenantMessages.invalidHeader);
    });

    it('stays themself in who-am-i while acting for Acme', async () => {
      const who = await t.api({
        path: '/auth/who-am-i',
        token: token('sysadmin@demo.test'),
        tenantId: ACME_TENANT_ID,
      });
      expect(who.statusCode).toBe(200);
      expect(who.json()).toMatchObject({ tenantID: SYSTEM_TENANT_ID, email: 'sysadmin@demo.test' });
    });
  });

  it('ignores the header of a request without a sign-in; the route decides', async () => {
    const states = await t.api({ path: '/lookups/us-states', tenantId: 'not-a-guid' });
    expect(states.statusCode).toBe(200);
    expectErrors(await t.api({ path: '/id/tenant-details', tenantId: ACME_TENANT_ID }), 401);
  });
});

describeEachDriver('guards before validation', (t) => {
  const badBodies: Array<[method: 'POST' | 'PUT', path: string]> = [
    ['POST', '/clients/grid'],
    ['PUT', '/clients/setup'],
    ['POST', '/admin/corporation/query'],
    ['POST', '/admin/audit/query'],
    ['POST', '/notification'],
    ['POST', '/reminder/subscriptions/0/0'],
  ];

  it('responds 401, not 400, to a bad request without a sign-in', async () => {
    for (const [method, path] of badBodies) {
      expectErrors(await t.api({ method, path, body: { pageSize: 'many', daysFilter: 0 } }), 401);
    }
  });

  it('responds 403, not 400, to a bad request from a user without the privilege', async () => {
    const realtor = await t.login('realtor@acme.test');
    for (const [method, path] of badBodies.filter(
      ([, p]) => !p.startsWith('/clients') && !p.startsWith('/reminder'),
    )) {
      expectErrors(await t.api({ method, path, token: realtor, body: { pageSize: 'many' } }), 403);
    }
  });
});
