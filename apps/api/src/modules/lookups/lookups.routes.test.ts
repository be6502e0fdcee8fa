import { beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@homeminder/shared/validation/messages';
import { ACME_TENANT_ID, BIRCH_TENANT_ID } from '../../db/demo-data';
import { SYSTEM_TENANT_ID } from '../../db/reference-data';
import { describeEachDriver, expectErrors } from '../../test/test-app';

const notFound = 'The company was not found.';

describeEachDriver('lookup routes', (t) => {
  describe('GET /lookups/us-states', () => {
    it('lists the 50 states and DC as {code, name}, without a sign-in', async () => {
      const response = await t.api({ path: '/lookups/us-states' });
      expect(response.statusCode).toBe(200);
      const states = response.json<{ code: string; name: string }[]>();
      expect(states).toHaveLength(51);
      for (const state of states) {
        expect(Object.keys(state).sort()).toEqual(['code', 'name']);
        expect(state.code).toMatch(/^[A-Z]{2}$/);
        expect(state.name.length).toBeGreaterThan(3);
      }
      expect(new Set(states.map((state) => state.code)).size).toBe(51);
      expect(states).toContainEqual({ code: 'NY', name: 'New York' });
      expect(states).toContainEqual({ code: 'DC', name: 'District of Columbia' });
      expect(states[0]).toEqual({ code: 'AL', name: 'Alabama' });
      expect(response.headers['cache-control']).toBe('public, max-age=86400');
    });
  });

  describe('GET /lookups/company-info/{id}', () => {
    let acmeAdmin: string;
    let sysadmin: string;
    beforeAll(async () => {
      acmeAdmin = await t.login('admin@acme.test');
      sysadmin = await t.login('sysadmin@demo.test');
    });
    const corporationInfo = (id: string, token?: string, tenantId?: string) =>
      t.api({
        path: `/lookups/company-info/${id}`,
        ...(token === undefined ? {} : { token }),
        ...(tenantId === undefined ? {} : { tenantId }),
      });

    it("responds with the user's own corporation", async () => {
      const response = await corporationInfo(ACME_TENANT_ID, acmeAdmin);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ id: ACME_TENANT_ID, name: 'Acme Realty' });
      expect((await corporationInfo(ACME_TENANT_ID.toUpperCase(), acmeAdmin)).json()).toEqual({
        id: ACME_TENANT_ID,
        name: 'Acme Realty',
      });
    });

    it("responds 404 for another corporation's id, as for an unknown one", async () => {
      const other = await corporationInfo(BIRCH_TENANT_ID, acmeAdmin);
      expectErrors(other, 404, notFound);
      expect(other.body).not.toContain('Birch');
      expectErrors(await corporationInfo(SYSTEM_TENANT_ID, acmeAdmin), 404, notFound);
      expectErrors(await corporationInfo('5f0e1d2c-3b4a-4e5f-8a7b-6c5d4e3f2a1b', acmeAdmin), 404, notFound);
    });

    it('responds with any corporation to the operator', async () => {
      expect((await corporationInfo(BIRCH_TENANT_ID, sysadmin)).json()).toEqual({
        id: BIRCH_TENANT_ID,
        name: 'Birch Homes',
      });
      expect((await corporationInfo(SYSTEM_TENANT_ID, sysadmin)).json()).toEqual({
        id: SYSTEM_TENANT_ID,
        name: 'HomeMinder Operations',
      });
      expect((await corporationInfo(ACME_TENANT_ID, sysadmin, ACME_TENANT_ID)).statusCode).toBe(200);
      expectErrors(await corporationInfo('5f0e1d2c-3b4a-4e5f-8a7b-6c5d4e3f2a1b', sysadmin), 404, notFound);
    });

    it('refuses a malformed id with 400 and the shared id messages', async () => {
      expectErrors(await corporationInfo('acme', acmeAdmin), 400, messages.guidInvalid);
      expectErrors(
        await corporationInfo('00000000-0000-0000-0000-000000000000', acmeAdmin),
        400,
        messages.required,
      );
    });

    it('needs a sign-in', async () => {
      expectErrors(await corporationInfo(ACME_TENANT_ID), 401, 'Please sign in to continue.');
    });
  });
});
