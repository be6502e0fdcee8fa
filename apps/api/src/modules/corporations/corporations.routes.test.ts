import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type {
  CorporationCreateInput,
  CorporationDetails,
  CorporationList,
  LicensingSummary,
} from '@homeminder/shared/contracts/admin';
import { adminMessages, imageMessages, maxLicensedProperties } from '@homeminder/shared/contracts/admin';
import { licenseMessages } from '@homeminder/shared/license';
import { messages } from '@homeminder/shared/validation/messages';
import { ACME_TENANT_ID, BIRCH_TENANT_ID } from '../../db/demo-data';
import { SYSTEM_TENANT_ID } from '../../db/reference-data';
import { describeEachDriver, expectErrors, type ApiRequest } from '../../test/test-app';
import { authMessages } from '../../access/auth-context';
import { multipartFile, testImage } from '../../test/images';
import { corporationMessages } from './corporations.service';

const CARD = '4111 1111 1111 1236';
const CVV = '987';

/** An expiry (MMYY) a year ahead of the real clock. */
function expiryNextYear(): string {
  const now = new Date();
  return `${String(now.getMonth() + 1).padStart(2, '0')}${String((now.getFullYear() + 1) % 100).padStart(2, '0')}`;
}

function newCorporation(adminEmail: string, name = 'Cedar Homes, Inc.'): CorporationCreateInput {
  return {
    name,
    site: {
      siteName: 'Cedar Home Care',
      siteUrl: 'https://cedar.example',
      contactEmail: 'office@cedar.test',
      contactPhone: '(555) 123-4567',
      timeZone: 'America/Chicago',
    },
    address: { line: '12 Cedar Lane', city: 'Austin', state: 'tx', zip: '78701' },
    billing: { billingName: 'Carla Cedar', number: CARD, cvv: CVV, expiry: expiryNextYear() },
    license: { licensedProperties: 50, licenseStartsOn: '2026-01-01', licenseEndsOn: '2026-12-31' },
    administrator: { email: adminEmail, firstName: 'Carla', lastName: 'Cedar', password: 'Cedar-Start9!' },
  };
}

const site = {
  siteName: 'Acme Realty Home Care',
  siteUrl: 'https://acme.example',
  contactEmail: 'office@acme.test',
  contactPhone: '555 010 2000',
  timeZone: 'America/New_York',
};
const billing = () => ({
  billingName: 'Alice Admin',
  number: '5500 0000 0000 0004',
  cvv: '123',
  expiry: expiryNextYear(),
});
const address = { line: '100 Main Street', city: 'Springfield', state: 'IL', zip: '62701' };
const license = { licensedProperties: 100, licenseStartsOn: '2026-01-01', licenseEndsOn: '2027-12-31' };

describeEachDriver('corporation routes', (t) => {
  let sysadmin: string;
  let acmeAdmin: string;
  let acmeManager: string;
  let acmeRealtor: string;

  beforeAll(async () => {
    [sysadmin, acmeAdmin, acmeManager, acmeRealtor] = await Promise.all([
      t.login('sysadmin@demo.test'),
      t.login('admin@acme.test'),
      t.login('manager@acme.test'),
      t.login('realtor@acme.test'),
    ]);
  });

  const put = (path: string, body: object, token: string) => t.api({ method: 'PUT', path, body, token });
  /** Sets a corporation's license. */
  const postLicense = (tenantId: string, body: object, token: string) =>
    t.api({ method: 'POST', path: `/corporation/settings/tenantLicense/${tenantId}`, body, token });

  /** Adds a corporation as the operator's administrator. */
  const addCorporation = (body: object) =>
    t.api({ method: 'POST', path: '/admin/corporation', body, token: sysadmin });

  /** Every corporation endpoint, aimed at one corporation. */
  const endpoints = (id: string): ApiRequest[] => [
    { method: 'POST', path: '/admin/corporation', body: newCorporation('nobody@cedar.test') },
    { method: 'POST', path: '/admin/corporation/query', body: {} },
    { method: 'GET', path: `/admin/corporation/${id}` },
    { method: 'POST', path: `/admin/corporation/enable/${id}` },
    { method: 'POST', path: `/admin/corporation/disable/${id}` },
    { method: 'POST', path: `/corporation/settings/tenantSite/${id}`, body: site },
    { method: 'PUT', path: `/corporation/settings/billing/${id}`, body: billing() },
    { method: 'PUT', path: `/corporation/settings/address/${id}`, body: address },
    { method: 'POST', path: `/corporation/settings/tenantLicense/${id}`, body: license },
    { method: 'GET', path: `/admin/Licensing/${id}` },
    { method: 'GET', path: `/corporation/settings/${id}/branding?responseType=json` },
  ];

  describe('privileges and tenancy', () => {
    it('responds 401 without a sign-in', async () => {
      for (const request of endpoints(ACME_TENANT_ID)) {
        expectErrors(await t.api(request), 401);
      }
    });

    it('refuses a realtor every admin endpoint with 403 (branding is readable in the own corporation)', async () => {
      for (const request of endpoints(ACME_TENANT_ID)) {
        const response = await t.api({ ...request, token: acmeRealtor });
        if (request.path.includes('/branding')) expect(response.statusCode, request.path).toBe(200);
        else expectErrors(response, 403);
      }
    });

    it('lets a manager read the own corporation but change nothing', async () => {
      expect(
        (await t.api({ path: `/admin/corporation/${ACME_TENANT_ID}`, token: acmeManager })).statusCode,
      ).toBe(200);
      expect(
        (await t.api({ path: `/admin/licensing/${ACME_TENANT_ID}`, token: acmeManager })).statusCode,
      ).toBe(200);
      expectErrors(await put(`/corporation/settings/address/${ACME_TENANT_ID}`, address, acmeManager), 403);
    });

    it('gives a corporate administrator of Acme 404 or 403 for every Birch record, never its data', async () => {
      for (const request of endpoints(BIRCH_TENANT_ID)) {
        const response = await t.api({ ...request, token: acmeAdmin });
        const systemOnly =
          (/\/admin\/corporation(\/query|\/enable|\/disable)?(\/|$)/.test(request.path) &&
            request.method === 'POST') ||
          request.path.includes('/tenantLicense/');
        expectErrors(response, systemOnly ? 403 : 404);
        expect(response.body).not.toContain('Birch');
      }
      // Birch is unchanged.
      const [birch] = await t.rows<{ site_name: string; enabled: boolean }>(
        sql`select site_name, enabled from corporations where id = ${BIRCH_TENANT_ID}`,
      );
      expect(birch).toEqual({ site_name: 'Birch Homes', enabled: true });
    });

    it("lets a corporate administrator manage the own corporation's settings", async () => {
      const response = await t.api({
        method: 'POST',
        path: `/corporation/settings/tenantSite/${ACME_TENANT_ID}`,
        body: site,
        token: acmeAdmin,
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<CorporationDetails>().contactPhone).toBe('5550102000');
    });

    it('lets the system administrator act on any corporation', async () => {
      for (const request of endpoints(BIRCH_TENANT_ID).filter(
        (r) => r.method === 'GET' || r.path.includes('settings'),
      )) {
        const response = await t.api({ ...request, token: sysadmin });
        expect(response.statusCode, `${request.method} ${request.path}: ${response.body}`).toBe(200);
      }
    });

    it('responds 404 for an unknown id and 400 for a malformed one', async () => {
      expectErrors(
        await t.api({ path: '/admin/corporation/7d3f7c40-1111-4a4a-8b8b-000000000000', token: sysadmin }),
        404,
      );
      expectErrors(
        await t.api({ path: '/admin/corporation/not-an-id', token: sysadmin }),
        400,
        messages.guidInvalid,
      );
    });
  });

  describe('POST /admin/corporation', () => {
    it('adds a corporation and its first administrator, who can sign in', async () => {
      const response = await addCorporation(newCorporation('carla@cedar.test'));
      expect(response.statusCode, response.body).toBe(201);
      const created = response.json<CorporationDetails>();
      expect(created).toMatchObject({
        name: 'Cedar Homes, Inc.',
        enabled: true,
        state: 'TX',
        cardBrand: 'Visa',
        cardLast4: '1236',
        licensedProperties: 50,
        timeZone: 'America/Chicago',
      });
      const token = await t.login('carla@cedar.test', 'Cedar-Start9!');
      const who = await t.api({ path: '/auth/who-am-i', token });
      expect(who.json()).toMatchObject({ tenantID: created.id, roles: ['CorporateAdmin'] });
      const [audit] = await t.rows<{ action: string }>(
        sql`select action from audit_log where tenant_id = ${created.id} and action = 'corporation.created'`,
      );
      expect(audit).toBeTruthy();
    });

    it('never stores the card number nor the CVV', async () => {
      const response = await addCorporation(newCorporation('dora@dogwood.test', 'Dogwood Realty'));
      expect(response.statusCode, response.body).toBe(201);
      const { id } = response.json<CorporationDetails>();
      const [row] = await t.rows<{ row: string; card_last4: string; card_brand: string }>(
        sql`select row_to_json(c)::text as row, card_last4, card_brand from corporations c where id = ${id}`,
      );
      expect(row!.card_last4).toBe('1236');
      expect(row!.row).not.toContain('4111111111111236');
      expect(row!.row).not.toContain('411111111111');
      expect(row!.row).not.toMatch(new RegExp(`"${CVV}"|:${CVV}[,}]`));
      const audits = await t.rows<{ details: string }>(
        sql`select coalesce(details::text, '') as details from audit_log where tenant_id = ${id}`,
      );
      for (const audit of audits) expect(audit.details).not.toContain('4111111111111236');
    });

    it('refuses bad values with the shared messages and adds nothing', async () => {
      const body = newCorporation('eve@elm.test', 'Elm Estates');
      const response = await addCorporation({
        ...body,
        address: { line: 'Main Street', city: 'Austin', state: 'TX', zip: '787' },
        billing: { billingName: 'Eve Elm', number: '4111', cvv: '12', expiry: '1399' },
        administrator: { ...body.administrator, password: 'weakpass' },
      });
      const errors = expectErrors(response, 400);
      expect(errors).toEqual(
        expect.arrayContaining([
          messages.addressLine,
          messages.zipLength,
          messages.cardNumberInvalid,
          messages.cvvInvalid,
          messages.expiryInvalid,
          messages.passwordNeedsUpperCase,
        ]),
      );
      expect(await t.rows(sql`select id from corporations where name = 'Elm Estates'`)).toHaveLength(0);
    });

    it('refuses an administrator email that is already used', async () => {
      const response = await addCorporation(newCorporation('Admin@Acme.test', 'Fir Homes'));
      expectErrors(response, 409, corporationMessages.emailInUse);
      expect(await t.rows(sql`select id from corporations where name = 'Fir Homes'`)).toHaveLength(0);
    });
  });

  describe('POST /admin/corporation/query', () => {
    beforeAll(async () => {
      // 260 more corporations, so every grid size and sort has real pages to walk.
      await t.rows(sql`
        insert into corporations (name, city, state, licensed_properties, enabled)
        select 'Grid Corp ' || lpad(n::text, 3, '0'), case when n % 2 = 0 then 'Austin' else 'Denver' end,
          case when n % 2 = 0 then 'TX' else 'CO' end, n, n % 10 <> 0
        from generate_series(1, 260) as n
        returning id`);
    });

    const query = (body: object) =>
      t.api({ method: 'POST', path: '/admin/corporation/query', body, token: sysadmin });

    it("pages the list: 'all' is 200 rows, pages never overlap, the total counts every customer corporation", async () => {
      const [{ count } = { count: 0 }] = await t.rows<{ count: number }>(
        sql`select count(*)::int as count from corporations where not is_system`,
      );
      expect(count).toBeGreaterThan(250);

      const all = (await query({ pageSize: 'all' })).json<CorporationList>();
      expect(all.items).toHaveLength(200);
      expect(all.totalItemCount).toBe(count);
      expect(all.items.map((item) => item.id)).not.toContain(SYSTEM_TENANT_ID);

      const seen = new Set<string>();
      for (let page = 1; page <= Math.ceil(count / 100); page += 1) {
        const result = (
          await query({ page, pageSize: 100, sorting: [{ propertyName: 'name', dir: 'asc' }] })
        ).json<CorporationList>();
        for (const item of result.items) seen.add(item.id);
      }
      expect(seen.size).toBe(count);

      const beyond = (await query({ page: 99, pageSize: 10 })).json<CorporationList>();
      expect(beyond).toEqual({ items: [], totalItemCount: count });
    });

    it('sorts in the direction asked, by name and by counts', async () => {
      const asc = (
        await query({ pageSize: 'all', search: 'Grid Corp', sorting: [{ propertyName: 'name', dir: 'asc' }] })
      ).json<CorporationList>();
      const names = asc.items.map((item) => item.name);
      expect(names[0]).toBe('Grid Corp 001');
      expect(names).toEqual([...names].sort());

      const desc = (
        await query({ pageSize: 5, search: 'Grid Corp', sorting: [{ propertyName: 'name', dir: 'desc' }] })
      ).json<CorporationList>();
      expect(desc.items[0]!.name).toBe('Grid Corp 260');

      const byLicense = (
        await query({ pageSize: 3, sorting: [{ propertyName: 'licensedProperties', dir: 'desc' }] })
      ).json<CorporationList>();
      expect(byLicense.items.map((item) => item.licensedProperties)).toEqual([260, 259, 258]);

      const byUsers = (
        await query({ pageSize: 1, sorting: [{ propertyName: 'userCount', dir: 'desc' }] })
      ).json<CorporationList>();
      expect(byUsers.items[0]!.name).toBe('Acme Realty');
      expect(byUsers.items[0]!.userCount).toBe(4);
    });

    it('searches and filters by status', async () => {
      const found = (await query({ search: 'grid corp 12' })).json<CorporationList>();
      // Grid Corp 120 to 129.
      expect(found.totalItemCount).toBe(10);
      const disabled = (await query({ status: 'disabled', search: 'Grid' })).json<CorporationList>();
      expect(disabled.totalItemCount).toBe(26);
      expect(disabled.items.every((item) => !item.enabled)).toBe(true);
      // Wildcards are taken literally.
      expect((await query({ search: '%' })).json<CorporationList>().totalItemCount).toBe(0);
    });

    it.each([
      [{ sorting: [{ propertyName: 'password', dir: 'asc' }] }, adminMessages.sortColumnInvalid],
      [{ sorting: [{ propertyName: 'name', dir: 'up' }] }, messages.sortDirectionInvalid],
      [{ page: 0 }, messages.minOne],
    ])('refuses the query %j: an unknown sort column or direction, or page 0', async (body, message) => {
      expectErrors(await query(body), 400, message);
    });
  });

  describe('enable and disable', () => {
    it("disabling a corporation ends its users' sessions and refuses their sign-in; enabling lets them back", async () => {
      const response = await addCorporation(newCorporation('gus@gum.test', 'Gum Tree Homes'));
      const { id } = response.json<CorporationDetails>();
      const token = await t.login('gus@gum.test', 'Cedar-Start9!');
      expect((await t.api({ path: '/id/tenant-details', token })).statusCode).toBe(200);

      const disabled = await t.api({
        method: 'POST',
        path: `/admin/corporation/disable/${id}`,
        token: sysadmin,
      });
      expect(disabled.statusCode, disabled.body).toBe(200);
      expect(disabled.json<CorporationDetails>().enabled).toBe(false);

      expectErrors(await t.api({ path: '/id/tenant-details', token }), 401);
      const [session] = await t.rows<{ revoked: boolean }>(
        sql`select bool_and(revoked_at is not null) as revoked from sessions where tenant_id = ${id}`,
      );
      expect(session!.revoked).toBe(true);
      const login = await t.api({
        method: 'POST',
        path: '/auth/login',
        body: { username: 'gus@gum.test', password: 'Cedar-Start9!' },
      });
      expectErrors(login, 401, authMessages.badCredentials);

      expect(
        (await t.api({ method: 'POST', path: `/admin/corporation/enable/${id}`, token: sysadmin }))
          .statusCode,
      ).toBe(200);
      const again = await t.login('gus@gum.test', 'Cedar-Start9!');
      expect((await t.api({ path: '/id/tenant-details', token: again })).statusCode).toBe(200);

      const actions = await t.rows<{ action: string }>(
        sql`select action from audit_log where tenant_id = ${id} and action like 'corporation.%' order by id`,
      );
      expect(actions.map((row) => row.action)).toEqual([
        'corporation.created',
        'corporation.disabled',
        'corporation.enabled',
      ]);
    });

    it("refuses to disable the operator's own account", async () => {
      expectErrors(
        await t.api({
          method: 'POST',
          path: `/admin/corporation/disable/${SYSTEM_TENANT_ID}`,
          token: sysadmin,
        }),
        400,
        corporationMessages.operatorCannotBeDisabled,
      );
    });
  });

  describe('settings', () => {
    it('keeps only the last four digits, brand and expiry of a billing card', async () => {
      const body = billing();
      const response = await t.api({
        method: 'PUT',
        path: `/corporation/settings/billing/${ACME_TENANT_ID}`,
        body,
        token: acmeAdmin,
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({
        cardBrand: 'Mastercard',
        cardLast4: '0004',
        cardExpiry: body.expiry,
        billingName: 'Alice Admin',
      });
      const [row] = await t.rows<{ row: string }>(
        sql`select row_to_json(c)::text as row from corporations c where id = ${ACME_TENANT_ID}`,
      );
      expect(row!.row).not.toContain('5500000000000004');
      const [audit] = await t.rows<{ details: string }>(
        sql`select details::text as details from audit_log where tenant_id = ${ACME_TENANT_ID} and action = 'corporation.billing-updated'`,
      );
      expect(audit!.details).toContain('0004');
      expect(audit!.details).not.toContain('5500000000000004');
      expect(audit!.details).not.toContain('"123"');
    });

    it('refuses bad billing, address and license values with the shared messages', async () => {
      const badCard = await put(
        `/corporation/settings/billing/${ACME_TENANT_ID}`,
        { billingName: 'Alice', number: '1234 5678', cvv: 'abc', expiry: '1320' },
        acmeAdmin,
      );
      expect(expectErrors(badCard, 400)).toEqual(
        expect.arrayContaining([messages.cardNumberInvalid, messages.cvvInvalid, messages.expiryInvalid]),
      );
      const farExpiry = await put(
        `/corporation/settings/billing/${ACME_TENANT_ID}`,
        { ...billing(), expiry: `01${String((new Date().getFullYear() + 12) % 100).padStart(2, '0')}` },
        acmeAdmin,
      );
      expectErrors(farExpiry, 400, messages.expiryTooLarge);

      const badAddress = await put(
        `/corporation/settings/address/${ACME_TENANT_ID}`,
        { line: 'Main', city: '123', state: 'Illinois', zip: '1234' },
        acmeAdmin,
      );
      expect(expectErrors(badAddress, 400)).toEqual(
        expect.arrayContaining([
          messages.addressLine,
          messages.cityInvalid,
          messages.stateCodeInvalid,
          messages.zipLength,
        ]),
      );

      for (const [licensedProperties, message] of [
        [-1, messages.numberOutOfRange],
        [10, adminMessages.licenseEndBeforeStart],
      ] as const) {
        const badLicense = await postLicense(
          ACME_TENANT_ID,
          { licensedProperties, licenseStartsOn: '2026-05-01', licenseEndsOn: '2026-04-01' },
          sysadmin,
        );
        expectErrors(badLicense, 400, message);
      }
    });

    it('saves the address and the license, and audits each change', async () => {
      const saved = await put(
        `/corporation/settings/address/${BIRCH_TENANT_ID}`,
        { line: '9 Birch Boulevard', city: 'Salem', state: 'or', zip: '97301' },
        sysadmin,
      );
      expect(saved.json()).toMatchObject({
        addressLine: '9 Birch Boulevard',
        city: 'Salem',
        state: 'OR',
        zip: '97301',
      });
      const licensed = await postLicense(
        BIRCH_TENANT_ID,
        { licensedProperties: '30', licenseStartsOn: '2026-01-01', licenseEndsOn: '2026-12-31' },
        sysadmin,
      );
      // Numbers arrive as numbers; text is refused rather than guessed at.
      expectErrors(licensed, 400, messages.notANumber);
      const ok = await postLicense(
        BIRCH_TENANT_ID,
        { licensedProperties: 30, licenseStartsOn: '2026-01-01', licenseEndsOn: '2026-12-31' },
        sysadmin,
      );
      expect(ok.json()).toMatchObject({ licensedProperties: 30, licenseEndsOn: '2026-12-31' });
      const actions = await t.rows<{ action: string; actor: string }>(
        sql`select action, actor_user_id::text as actor from audit_log where tenant_id = ${BIRCH_TENANT_ID} and action like 'corporation.%-updated'`,
      );
      expect(actions.map((row) => row.action)).toEqual(
        expect.arrayContaining(['corporation.address-updated', 'corporation.license-updated']),
      );
    });
  });

  describe('POST /corporation/settings/tenantLicense/{id}', () => {
    const setLicense = (token: string, licensedProperties: number, tenantId = ACME_TENANT_ID) =>
      postLicense(
        tenantId,
        { licensedProperties, licenseStartsOn: '2026-01-01', licenseEndsOn: '2099-12-31' },
        token,
      );
    const acmeLicense = async () =>
      (
        await t.rows<{ licensed: number; ends: string }>(
          sql`select licensed_properties as licensed, license_ends_on::text as ends from corporations where id = ${ACME_TENANT_ID}`,
        )
      )[0]!;

    it("is the operator's alone: a corporation's own administrator cannot change the license", async () => {
      const before = await acmeLicense();
      expectErrors(await setLicense(acmeAdmin, maxLicensedProperties), 403);
      expectErrors(await setLicense(acmeAdmin, 0), 403);
      expect(await acmeLicense()).toEqual(before);
    });

    it('refuses a license below the properties in use, even from the operator', async () => {
      const [{ used }] = (await t.rows<{ used: number }>(
        sql`select count(*)::int as used from properties where tenant_id = ${ACME_TENANT_ID} and enabled and not pending`,
      )) as [{ used: number }];
      expect(used).toBeGreaterThan(1);
      const before = await acmeLicense();
      expectErrors(await setLicense(sysadmin, used - 1), 409, licenseMessages.belowUse(used));
      expect(await acmeLicense()).toEqual(before);
      const exact = await setLicense(sysadmin, used);
      expect(exact.statusCode, exact.body).toBe(200);
      expect(exact.json<CorporationDetails>().licensedProperties).toBe(used);
      const restored = await setLicense(sysadmin, before.licensed);
      expect(restored.statusCode, restored.body).toBe(200);
    });
  });

  describe('GET /admin/Licensing/{tenantID}', () => {
    const licensingOf = async (id: string) =>
      (await t.api({ path: `/admin/Licensing/${id}`, token: sysadmin })).json<LicensingSummary>();

    it('counts licensed, used, available and pending properties', async () => {
      const [expected] = await t.rows<{
        used: number;
        pending: number;
        licensed: number;
        unsubscribed: number;
      }>(sql`
        select
          (select count(*)::int from properties where tenant_id = ${ACME_TENANT_ID} and enabled and not pending) as used,
          (select count(*)::int from properties p join client_users c on c.tenant_id = p.tenant_id and c.id = p.client_user_id
            where p.tenant_id = ${ACME_TENANT_ID} and p.enabled and not p.pending and c.unsubscribed_at is not null) as unsubscribed,
          (select count(*)::int from properties where tenant_id = ${ACME_TENANT_ID} and enabled and pending) as pending,
          (select licensed_properties from corporations where id = ${ACME_TENANT_ID}) as licensed`);
      const response = await t.api({ path: `/admin/licensing/${ACME_TENANT_ID}`, token: acmeAdmin });
      expect(response.statusCode, response.body).toBe(200);
      const summary = response.json<LicensingSummary>();
      expect(summary).toEqual({
        licensed: expected!.licensed,
        used: expected!.used,
        available: expected!.licensed - expected!.used,
        pending: expected!.pending,
        unsubscribed: expected!.unsubscribed,
        licenseEndedOn: null,
      });
      expect(summary.used).toBeGreaterThan(0);
      expect(summary.pending).toBeGreaterThan(0);
    });

    it('never returns a negative number available', async () => {
      const { id } = (
        await addCorporation(newCorporation('hal@hazel.test', 'Hazel Homes'))
      ).json<CorporationDetails>();
      await t.rows(sql`update corporations set licensed_properties = 0 where id = ${id}`);
      const [client] = await t.rows<{ id: string }>(
        sql`insert into client_users (tenant_id, first_name, last_name, email) values (${id}, 'Hank', 'Hazel', 'hank@hazel.test') returning id`,
      );
      await t.rows(
        sql`insert into properties (tenant_id, client_user_id, address_line, city, state, zip) values (${id}, ${client!.id}, '1 Hazel Way', 'Austin', 'TX', '78701')`,
      );
      expect(await licensingOf(id)).toEqual({
        licensed: 0,
        used: 1,
        available: 0,
        pending: 0,
        unsubscribed: 0,
        licenseEndedOn: null,
      });
    });

    it('says when the license has ended, and then counts none available', async () => {
      const { id } = (
        await addCorporation({
          ...newCorporation('eve@elm.test', 'Elm Homes'),
          license: { licensedProperties: 10, licenseStartsOn: '2025-01-01', licenseEndsOn: '2025-12-31' },
        })
      ).json<CorporationDetails>();
      expect(await licensingOf(id)).toEqual({
        licensed: 10,
        used: 0,
        available: 0,
        pending: 0,
        unsubscribed: 0,
        licenseEndedOn: '2025-12-31',
      });
    });
  });

  describe('branding image', () => {
    const upload = (data: Buffer, options: Parameters<typeof multipartFile>[1] = {}, token = acmeAdmin) => {
      const { body, headers } = multipartFile(data, options);
      return t.api({
        method: 'PUT',
        path: `/corporation/settings/${ACME_TENANT_ID}/branding`,
        body,
        headers,
        token,
      });
    };

    it('stores a re-encoded image and serves it back as { imageType, data }', async () => {
      const jpeg = await testImage('jpeg', 1600);
      const response = await upload(jpeg, { fileName: 'logo.exe', contentType: 'application/octet-stream' });
      expect(response.statusCode, response.body).toBe(200);
      const saved = response.json<{ imageType: string; data: string }>();
      expect(saved.imageType).toBe('image/jpeg');
      const read = await t.api({
        path: `/corporation/settings/${ACME_TENANT_ID}/branding?responseType=json`,
        token: acmeRealtor,
      });
      expect(read.json()).toEqual(saved);
      // Re-encoded: shrunk to the branding size.
      const { default: sharp } = await import('sharp');
      const meta = await sharp(Buffer.from(saved.data, 'base64')).metadata();
      expect(meta.width).toBe(1200);
      const details = (
        await t.api({ path: `/admin/corporation/${ACME_TENANT_ID}`, token: acmeAdmin })
      ).json<CorporationDetails>();
      expect(details.hasBrandingImage).toBe(true);
    });

    it('refuses a text file named .png, an oversized file, a missing file and a plain JSON body', async () => {
      expectErrors(await upload(Buffer.from('just some text, not an image')), 400, imageMessages.wrongType);
      const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
      expectErrors(await upload(gif, { fileName: 'a.png' }), 400, imageMessages.wrongType);
      const png = await testImage('png');
      const oversized = Buffer.concat([png, randomBytes(2 * 1024 * 1024)]);
      expectErrors(await upload(oversized), 413, imageMessages.tooLarge);
      expectErrors(await upload(png, { fieldName: 'file' }), 400, imageMessages.missing);
      const damaged = png.subarray(0, 60);
      expectErrors(await upload(damaged), 400, imageMessages.unreadable);
      expectErrors(
        await put(`/corporation/settings/${ACME_TENANT_ID}/branding`, { image: 'x' }, acmeAdmin),
        400,
        imageMessages.notMultipart,
      );
    });

    it("refuses a realtor and another corporation's administrator", async () => {
      const png = await testImage('png');
      expectErrors(await upload(png, {}, acmeRealtor), 403);
      const { body, headers } = multipartFile(png);
      expectErrors(
        await t.api({
          method: 'PUT',
          path: `/corporation/settings/${BIRCH_TENANT_ID}/branding`,
          body,
          headers,
          token: acmeAdmin,
        }),
        404,
      );
    });
  });
});

/** Keeps the helper honest: the multipart body is what a browser sends. */
describe('multipartFile', () => {
  it('builds a body with the boundary of its header', () => {
    const { body, headers } = multipartFile(Buffer.from('x'));
    const boundary = /boundary=(.+)$/.exec(headers['content-type']!)![1]!;
    expect(body.toString()).toContain(`--${boundary}--`);
  });
});
