import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ACME_TENANT_ID, BIRCH_TENANT_ID } from '../../db/demo-data';
import { describeEachDriver, expectErrors } from '../../test/test-app';

// The first bytes of a PNG file; the route hands back whatever bytes are stored, as base64.
const pngBytes = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

describeEachDriver('identity routes', (t) => {
  describe('GET /id/profile/image', () => {
    it('responds with nulls for a user without a picture', async () => {
      const token = await t.login('manager@acme.test');
      const response = await t.api({ path: '/id/profile/image?responseType=json', token });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ imageType: null, data: null });
    });

    it("responds with the signed-in user's own picture as base64, whatever tenant is selected", async () => {
      const hex = pngBytes.toString('hex');
      await t.rows(
        sql`update tenant_users set profile_image = decode(${hex}, 'hex'), profile_image_type = 'image/png'
            where email in ('admin@acme.test', 'sysadmin@demo.test')`,
      );
      const admin = await t.login('admin@acme.test');
      const response = await t.api({ path: '/id/profile/image?responseType=json', token: admin });
      expect(response.json()).toEqual({ imageType: 'image/png', data: pngBytes.toString('base64') });
      expect(Buffer.from(response.json<{ data: string }>().data, 'base64').equals(pngBytes)).toBe(true);

      // Another user's picture is not this user's.
      const manager = await t.login('manager@acme.test');
      expect((await t.api({ path: '/id/profile/image', token: manager })).json()).toEqual({
        imageType: null,
        data: null,
      });

      const sysadmin = await t.login('sysadmin@demo.test');
      const acting = await t.api({ path: '/id/profile/image', token: sysadmin, tenantId: BIRCH_TENANT_ID });
      expect(acting.json()).toMatchObject({ imageType: 'image/png' });
    });

    it('refuses an unknown responseType with 400', async () => {
      const token = await t.login('manager@acme.test');
      expectErrors(await t.api({ path: '/id/profile/image?responseType=xml', token }), 400);
    });

    it('needs a sign-in', async () => {
      expectErrors(await t.api({ path: '/id/profile/image?responseType=json' }), 401);
    });
  });

  describe('GET /id/tenant-details', () => {
    it("responds with the user's corporation", async () => {
      const token = await t.login('realtor@birch.test');
      const response = await t.api({ path: '/id/tenant-details', token });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        id: BIRCH_TENANT_ID,
        name: 'Birch Homes',
        isSystem: false,
        enabled: true,
        siteUrl: null,
        contactPhone: null,
        state: 'OR',
        licensedProperties: 25,
        licenseEndsOn: '2026-12-31',
      });
      // No billing details nor the branding image in this response.
      const keys = Object.keys(response.json<object>());
      for (const secret of ['billingName', 'cardLast4', 'cardExpiry', 'brandingImage']) {
        expect(keys).not.toContain(secret);
      }
    });

    it('responds with the corporation the operator selected', async () => {
      const token = await t.login('sysadmin@demo.test');
      const response = await t.api({ path: '/id/tenant-details', token, tenantId: ACME_TENANT_ID });
      expect(response.json()).toMatchObject({ id: ACME_TENANT_ID, name: 'Acme Realty' });
    });

    it('needs a sign-in', async () => {
      expectErrors(await t.api({ path: '/id/tenant-details' }), 401, 'Please sign in to continue.');
    });
  });
});
