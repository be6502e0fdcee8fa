import { beforeAll, describe, expect, it } from 'vitest';
import { Privilege } from '@homeminder/shared/permissions';
import { messages } from '@homeminder/shared/validation/messages';
import { RouteName } from '@homeminder/shared/routes';
import { ACME_TENANT_ID } from '../../db/demo-data';
import { describeEachDriver, expectErrors } from '../../test/test-app';

type Who = 'realtor' | 'manager' | 'admin' | 'sysadmin';
const emails: Record<Who, string> = {
  realtor: 'realtor@acme.test',
  manager: 'manager@acme.test',
  admin: 'admin@acme.test',
  sysadmin: 'sysadmin@demo.test',
};

describeEachDriver('permission routes', (t) => {
  const tokens = {} as Record<Who, string>;
  beforeAll(async () => {
    for (const who of Object.keys(emails) as Who[]) tokens[who] = await t.login(emails[who]);
  });

  const post = (who: Who, path: string, body?: unknown) =>
    t.api({ method: 'POST', path, token: tokens[who], ...(body === undefined ? {} : { body }) });

  describe('POST /sec/permission/ui-check', () => {
    const uiCheck = (who: Who, uiElement: unknown) => post(who, '/sec/permission/ui-check', { uiElement });

    it('denies a realtor the admin area and grants it to the corporate admin', async () => {
      const realtor = await uiCheck('realtor', RouteName.AdminAdd);
      expect(realtor.statusCode).toBe(200);
      expect(realtor.json()).toEqual({ granted: false, results: { [RouteName.AdminAdd]: false } });
      const admin = await uiCheck('admin', RouteName.AdminAdd);
      expect(admin.json()).toEqual({ granted: true, results: { [RouteName.AdminAdd]: true } });
    });

    // Expected responses follow docs/requirements.md §4 (role -> privileges) and routes.ts.
    const table: [RouteName, Record<Who, boolean>][] = [
      [RouteName.Clients, { realtor: true, manager: true, admin: true, sysadmin: true }],
      [RouteName.ClientsUpload, { realtor: false, manager: true, admin: true, sysadmin: true }],
      [RouteName.AdminManage, { realtor: false, manager: true, admin: true, sysadmin: true }],
      [RouteName.AdminAddRealtors, { realtor: false, manager: false, admin: true, sysadmin: true }],
      [RouteName.AccountSettings, { realtor: false, manager: false, admin: true, sysadmin: true }],
      [RouteName.AdminAddCorp, { realtor: false, manager: false, admin: false, sysadmin: true }],
      [RouteName.SysNotifications, { realtor: false, manager: false, admin: false, sysadmin: true }],
      // Routes without privileges need only a sign-in.
      [RouteName.UserSettings, { realtor: true, manager: true, admin: true, sysadmin: true }],
      [RouteName.Default, { realtor: true, manager: true, admin: true, sysadmin: true }],
    ];
    it.each(table)('responds to %s by role', async (route, expected) => {
      for (const who of Object.keys(expected) as Who[]) {
        const response = await uiCheck(who, route);
        expect(response.json(), `${who} on ${route}`).toEqual({
          granted: expected[who],
          results: { [route]: expected[who] },
        });
      }
    });

    it('checks a list one by one and grants when any is granted', async () => {
      const list = [RouteName.AdminAdd, RouteName.Clients, RouteName.SysNotifications];
      expect((await uiCheck('realtor', list)).json()).toEqual({
        granted: true,
        results: {
          [RouteName.AdminAdd]: false,
          [RouteName.Clients]: true,
          [RouteName.SysNotifications]: false,
        },
      });
      const none = await uiCheck('realtor', [RouteName.AdminAdd, RouteName.SysNotifications]);
      expect(none.json()).toMatchObject({ granted: false });
    });

    it('denies a route name it does not know, even to the operator', async () => {
      expect((await uiCheck('sysadmin', 'adm:secret')).json()).toEqual({
        granted: false,
        results: { 'adm:secret': false },
      });
      // Route names are matched exactly.
      expect((await uiCheck('admin', 'ADM:ADD')).json()).toMatchObject({ granted: false });
    });

    it.each([
      ['no uiElement', {}],
      ['an empty name', { uiElement: '' }],
      ['an empty list', { uiElement: [] }],
      ['a number', { uiElement: 7 }],
    ])('refuses %s with 400', async (_name, body) => {
      expectErrors(await post('admin', '/sec/permission/ui-check', body), 400, messages.required);
    });

    it('refuses a request without a sign-in with 401', async () => {
      const response = await t.api({
        method: 'POST',
        path: '/sec/permission/ui-check',
        body: { uiElement: RouteName.Clients },
      });
      expectErrors(response, 401);
    });
  });

  describe('privilege checks', () => {
    it('POST /sec/permission/privileges takes a list or {names} and responds to each', async () => {
      const names = [Privilege.AdminModule, Privilege.CanManageClients, Privilege.ManageNotifications];
      const expected = {
        granted: true,
        results: { AdminModule: true, CanManageClients: true, ManageNotifications: false },
      };
      expect((await post('manager', '/sec/permission/privileges', names)).json()).toEqual(expected);
      expect((await post('manager', '/sec/permission/privileges', { names })).json()).toEqual(expected);
      expect((await post('realtor', '/sec/permission/privileges', [Privilege.AdminModule])).json()).toEqual({
        granted: false,
        results: { AdminModule: false },
      });
    });

    it('POST /sec/permission/privileges/{name} checks one privilege', async () => {
      const realtor = await post('realtor', `/sec/permission/privileges/${Privilege.CanManageClients}`);
      expect(realtor.statusCode).toBe(200);
      expect(realtor.json()).toEqual({ granted: true, results: { CanManageClients: true } });
      const denied = await post('admin', `/sec/permission/privileges/${Privilege.ActAcrossTenants}`);
      expect(denied.json()).toEqual({ granted: false, results: { ActAcrossTenants: false } });
      const unknown = await post('sysadmin', '/sec/permission/privileges/NoSuchPrivilege');
      expect(unknown.json()).toEqual({ granted: false, results: { NoSuchPrivilege: false } });
    });

    it('POST /admin/permission/privileges responds with only admin-area privileges', async () => {
      const names = [Privilege.AdminModule, Privilege.AdminCanManageCorporation, Privilege.CanManageClients];
      expect((await post('admin', '/admin/permission/privileges', names)).json()).toEqual({
        granted: true,
        // CanManageClients is held, but is not an admin-area privilege.
        results: { AdminModule: true, AdminCanManageCorporation: true, CanManageClients: false },
      });
      expect((await post('realtor', '/admin/permission/privileges', { names })).json()).toEqual({
        granted: false,
        results: { AdminModule: false, AdminCanManageCorporation: false, CanManageClients: false },
      });
      const operator = await post('sysadmin', '/admin/permission/privileges', [
        Privilege.AddCorporateAccounts,
      ]);
      expect(operator.json()).toEqual({ granted: true, results: { AddCorporateAccounts: true } });
    });

    it('GET /clients/permission/privileges responds with the client-area privileges', async () => {
      const realtor = await t.api({ path: '/clients/permission/privileges', token: tokens.realtor });
      expect(realtor.statusCode).toBe(200);
      expect(realtor.json()).toEqual({
        granted: true,
        results: { CanManageClients: true, CanBulkUploadClients: false },
      });
      const manager = await t.api({ path: '/clients/permission/privileges', token: tokens.manager });
      expect(manager.json()).toEqual({
        granted: true,
        results: { CanManageClients: true, CanBulkUploadClients: true },
      });
    });

    it('responds for the user, not for the tenant the operator acts for', async () => {
      const response = await t.api({
        method: 'POST',
        path: '/sec/permission/privileges',
        token: tokens.sysadmin,
        tenantId: ACME_TENANT_ID,
        body: [Privilege.ManageNotifications],
      });
      expect(response.json()).toEqual({ granted: true, results: { ManageNotifications: true } });
    });

    it.each([
      ['an empty list', []],
      ['an empty name', ['']],
      ['an object without names', { other: ['AdminModule'] }],
      ['a JSON string', 'AdminModule'],
      ['null', null],
    ])('refuses %s with 400', async (_name, body) => {
      const response = await t.api({
        method: 'POST',
        path: '/sec/permission/privileges',
        token: tokens.admin,
        // Sent as JSON text, so that a bare string or null arrives as such.
        body: JSON.stringify(body),
        headers: { 'content-type': 'application/json' },
      });
      expect(expectErrors(response, 400)).toEqual([messages.required]);
    });

    it.each([
      ['POST', '/sec/permission/privileges', [Privilege.AdminModule]],
      ['POST', `/sec/permission/privileges/${Privilege.AdminModule}`, undefined],
      ['POST', '/admin/permission/privileges', [Privilege.AdminModule]],
      ['GET', '/clients/permission/privileges', undefined],
    ] as const)('refuses %s %s without a sign-in with 401', async (method, path, body) => {
      const response = await t.api({ method, path, ...(body === undefined ? {} : { body }) });
      expectErrors(response, 401, 'Please sign in to continue.');
    });
  });
});
