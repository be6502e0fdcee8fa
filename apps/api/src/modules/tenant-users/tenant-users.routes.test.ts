import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  adminMessages,
  imageMessages,
  type TenantUser,
  type TenantUserList,
} from '@homeminder/shared/contracts/admin';
import { messages } from '@homeminder/shared/validation/messages';
import { ACME_TENANT_ID, BIRCH_TENANT_ID, DEMO_PASSWORD } from '../../db/demo-data';
import { SYSTEM_TENANT_ID } from '../../db/reference-data';
import {
  describeEachDriver,
  expectErrors,
  signInRoles,
  type ApiRequest,
  type TestApp,
} from '../../test/test-app';
import { authMessages } from '../../access/auth-context';
import { multipartFile, testImage } from '../../test/images';
import { tenantAccessMessages } from '../../access/tenant-access';
import { tenantUserMessages } from './tenant-users.service';
import { outboxFor } from '../../test/outbox';

const TEMPORARY = 'Temp-Start42!';

async function userId(t: TestApp, email: string): Promise<{ id: string; tenantId: string }> {
  const [row] = await t.rows<{ id: string; tenant_id: string }>(
    sql`select id, tenant_id from tenant_users where email = ${email}`,
  );
  if (!row) throw new Error(`no user ${email}`);
  return { id: row.id, tenantId: row.tenant_id };
}

describeEachDriver('tenant user routes', (t) => {
  let sysadmin: string;
  let acmeAdmin: string;
  let acmeManager: string;
  let acmeRealtor: string;
  let birchAdmin: string;
  let birchRealtor: { id: string; tenantId: string };
  let acmeRealtor2: { id: string; tenantId: string };

  beforeAll(async () => {
    ({ sysadmin, acmeAdmin, acmeManager, acmeRealtor, birchAdmin } = await signInRoles(t));
    birchRealtor = await userId(t, 'realtor@birch.test');
    acmeRealtor2 = await userId(t, 'realtor2@acme.test');
  });

  const post = (path: string, body: object, token: string) => t.api({ method: 'POST', path, body, token });
  const put = (path: string, body: object, token: string) => t.api({ method: 'PUT', path, body, token });
  /** Adds a user, as Acme's administrator unless another token is given. */
  const addUser = (body: object, token = acmeAdmin) => post('/admin/user', body, token);
  /** Changes a user as Acme's administrator. */
  const updateUser = (id: string, body: object) => put(`/admin/user/updateUser/${id}`, body, acmeAdmin);

  const update = {
    email: 'realtor@birch.test',
    firstName: 'Ben',
    lastName: 'Brooks',
    phone: '',
    role: 'Realtor',
  };
  /** Every tenant-user endpoint, aimed at one user. */
  const endpoints = (user: { id: string; tenantId: string }): ApiRequest[] => [
    { method: 'POST', path: '/admin/tenantusers/query', body: { tenantId: user.tenantId } },
    { method: 'POST', path: '/admin/tenantusers/query-realtors', body: { tenantId: user.tenantId } },
    { method: 'GET', path: `/admin/user/finduser/${user.id}` },
    { method: 'GET', path: `/admin/tenantusers/${user.id}` },
    { method: 'GET', path: `/admin/user/profile/${user.id}?responseType=json` },
    { method: 'PUT', path: `/admin/user/updateUser/${user.id}`, body: update },
    {
      method: 'POST',
      path: '/admin/tenantUsers/disable',
      body: { tenantId: user.tenantId, userId: user.id },
    },
    { method: 'POST', path: '/admin/tenantUsers/enable', body: { tenantId: user.tenantId, userId: user.id } },
    { method: 'POST', path: `/admin/user/${user.id}/send-reset` },
    {
      method: 'POST',
      path: `/admin/user/${user.id}/temporary-password`,
      body: { password: TEMPORARY, confirmPassword: TEMPORARY },
    },
    {
      method: 'POST',
      path: '/admin/user',
      body: {
        tenantId: user.tenantId,
        email: 'new.one@birch.test',
        firstName: 'New',
        lastName: 'One',
        role: 'Realtor',
      },
    },
  ];

  describe('privileges and tenancy', () => {
    it('refuses a realtor every admin endpoint with 403', async () => {
      for (const request of endpoints(acmeRealtor2)) {
        expectErrors(await t.api({ ...request, token: acmeRealtor }), 403);
      }
    });

    it('lets a manager see the users of the own corporation but change none', async () => {
      const list = await post('/admin/tenantusers/query', {}, acmeManager);
      expect(list.statusCode, list.body).toBe(200);
      expect(
        (await t.api({ path: `/admin/user/finduser/${acmeRealtor2.id}`, token: acmeManager })).statusCode,
      ).toBe(200);
      const changes = endpoints(acmeRealtor2).filter((r) => r.method !== 'GET' && !r.path.includes('/query'));
      for (const request of changes) expectErrors(await t.api({ ...request, token: acmeManager }), 403);
    });

    it('gives a corporate administrator of Acme 404 for every Birch user, and never lists them', async () => {
      for (const request of endpoints(birchRealtor)) {
        const response = await t.api({ ...request, token: acmeAdmin });
        // A call that names the user in its path is refused for the user; the others, for the corporation.
        const namesUser = request.path.includes(birchRealtor.id);
        expectErrors(
          response,
          404,
          namesUser ? messages.unableUser : tenantAccessMessages.corporationNotFound,
        );
        expect(response.body).not.toContain('Brooks');
      }
      // Without a tenantId the list is Acme's own, whatever the tenant-id header tries.
      const own = (
        await post('/admin/tenantusers/query', { pageSize: 'all' }, acmeAdmin)
      ).json<TenantUserList>();
      expect(own.items.length).toBeGreaterThan(0);
      expect(own.items.every((user) => user.tenantId === ACME_TENANT_ID)).toBe(true);
      expectErrors(
        await t.api({
          method: 'POST',
          path: '/admin/tenantusers/query',
          body: {},
          tenantId: BIRCH_TENANT_ID,
          token: acmeAdmin,
        }),
        403,
      );
      const [birch] = await t.rows<{ enabled: boolean }>(
        sql`select enabled from tenant_users where id = ${birchRealtor.id}`,
      );
      expect(birch!.enabled).toBe(true);
      expect(await outboxFor(t, 'realtor@birch.test')).toHaveLength(0);
    });

    it("lets the system administrator see every corporation's users, and pick one", async () => {
      const all = (
        await post('/admin/tenantusers/query', { pageSize: 'all' }, sysadmin)
      ).json<TenantUserList>();
      const tenants = new Set(all.items.map((user) => user.tenantId));
      expect(tenants).toEqual(new Set([ACME_TENANT_ID, BIRCH_TENANT_ID]));
      const birch = (
        await post('/admin/tenantusers/query', { tenantId: BIRCH_TENANT_ID }, sysadmin)
      ).json<TenantUserList>();
      expect(birch.items.map((user) => user.email).sort()).toEqual([
        'admin@birch.test',
        'realtor@birch.test',
      ]);
      expect(birch.items[0]!.companyName).toBe('Birch Homes');
      const found = await t.api({ path: `/admin/tenantusers/${birchRealtor.id}`, token: sysadmin });
      expect(found.json()).toMatchObject({ email: 'realtor@birch.test', role: 'Realtor', enabled: true });
    });

    it("refuses changes to the operator's own users", async () => {
      const operator = await userId(t, 'sysadmin@demo.test');
      expectErrors(
        await post(
          '/admin/tenantUsers/disable',
          { tenantId: SYSTEM_TENANT_ID, userId: operator.id },
          sysadmin,
        ),
        400,
        tenantUserMessages.operatorUsers,
      );
      expectErrors(
        await addUser(
          {
            tenantId: SYSTEM_TENANT_ID,
            email: 'op2@demo.test',
            firstName: 'Op',
            lastName: 'Two',
            role: 'CorporateAdmin',
          },
          sysadmin,
        ),
        400,
        tenantUserMessages.operatorUsers,
      );
    });
  });

  describe('queries', () => {
    beforeAll(async () => {
      // 260 more Acme users (no password), a third of them realtors, every seventh disabled.
      const rows = await t.rows<{ id: string; n: number }>(sql`
        insert into tenant_users (tenant_id, email, first_name, last_name, enabled)
        select ${ACME_TENANT_ID}, 'grid' || n || '@acme.test', 'Grid', 'User ' || lpad(n::text, 3, '0'), n % 7 <> 0
        from generate_series(1, 260) as n
        returning id, split_part(split_part(email, '@', 1), 'grid', 2)::int as n`);
      const values = rows.map(
        (row) => sql`(${ACME_TENANT_ID}, ${row.id}, ${row.n % 3 === 0 ? 'Realtor' : 'Managers'})`,
      );
      await t.rows(
        sql`insert into user_roles (tenant_id, user_id, role_name) values ${sql.join(values, sql`, `)}`,
      );
    });

    const query = (path: string, body: object, token = acmeAdmin) => post(path, body, token);

    it('pages 260+ users without overlap and counts them all', async () => {
      const [{ count } = { count: 0 }] = await t.rows<{ count: number }>(
        sql`select count(*)::int as count from tenant_users where tenant_id = ${ACME_TENANT_ID}`,
      );
      expect(count).toBeGreaterThan(260);
      const seen = new Set<string>();
      for (let page = 1; page <= Math.ceil(count / 50); page += 1) {
        const result = (
          await query('/admin/tenantusers/query', {
            page,
            pageSize: 50,
            sorting: [{ propertyName: 'email', dir: 'desc' }],
          })
        ).json<TenantUserList>();
        expect(result.totalItemCount).toBe(count);
        for (const user of result.items) seen.add(user.id);
      }
      expect(seen.size).toBe(count);
      const all = (await query('/admin/tenantusers/query', { pageSize: 'all' })).json<TenantUserList>();
      expect(all.items).toHaveLength(200);
    });

    it('sorts by last name both ways and by role', async () => {
      const asc = (
        await query('/admin/tenantusers/query', {
          pageSize: 'all',
          search: 'grid',
          sorting: [{ propertyName: 'lastName', dir: 'asc' }],
        })
      ).json<TenantUserList>();
      expect(asc.items[0]!.lastName).toBe('User 001');
      const names = asc.items.map((user) => user.lastName);
      expect(names).toEqual([...names].sort());
      const desc = (
        await query('/admin/tenantusers/query', {
          pageSize: 2,
          search: 'grid',
          sorting: [{ propertyName: 'lastName', dir: 'desc' }],
        })
      ).json<TenantUserList>();
      expect(desc.items.map((user) => user.lastName)).toEqual(['User 260', 'User 259']);
      const byRole = (
        await query('/admin/tenantusers/query', {
          pageSize: 1,
          sorting: [{ propertyName: 'role', dir: 'asc' }],
        })
      ).json<TenantUserList>();
      expect(byRole.items[0]!.role).toBe('CorporateAdmin');
    });

    it('lists realtors only on query-realtors, with search and status filters', async () => {
      const realtors = (
        await query('/admin/tenantusers/query-realtors', { pageSize: 'all' })
      ).json<TenantUserList>();
      expect(realtors.totalItemCount).toBe(86 + 2);
      expect(realtors.items.every((user) => user.role === 'Realtor')).toBe(true);
      const disabled = (
        await query('/admin/tenantusers/query', { status: 'disabled', search: 'grid' })
      ).json<TenantUserList>();
      expect(disabled.totalItemCount).toBe(37);
      const byName = (
        await query('/admin/tenantusers/query', { search: 'rita realtor' })
      ).json<TenantUserList>();
      expect(byName.items.map((user) => user.email)).toEqual(['realtor@acme.test']);
      expectErrors(
        await query('/admin/tenantusers/query', { sorting: [{ propertyName: 'passwordHash', dir: 'asc' }] }),
        400,
        adminMessages.sortColumnInvalid,
      );
    });
  });

  describe('adding and changing users', () => {
    it('adds a realtor with a temporary password, who can sign in', async () => {
      const response = await addUser({
        email: 'Rosa.Realtor@Acme.test',
        firstName: 'Rosa',
        lastName: "O'Neil",
        phone: '(555) 222-3333',
        role: 'Realtor',
        temporaryPassword: TEMPORARY,
      });
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json()).toMatchObject({
        email: 'rosa.realtor@acme.test',
        tenantId: ACME_TENANT_ID,
        role: 'Realtor',
        phone: '5552223333',
      });
      const token = await t.login('rosa.realtor@acme.test', TEMPORARY);
      expect((await t.api({ path: '/auth/who-am-i', token })).json()).toMatchObject({
        roles: ['Realtor'],
        tenantID: ACME_TENANT_ID,
      });
      expect(await outboxFor(t, 'rosa.realtor@acme.test')).toHaveLength(0);
      // Found by her number however it is typed.
      for (const search of ['(555) 222-3333', '555-222-3333', '5552223333', '222-33']) {
        const found = await post('/admin/tenantusers/query', { search }, acmeAdmin);
        expect(
          found.json<TenantUserList>().items.map((user) => user.email),
          search,
        ).toEqual(['rosa.realtor@acme.test']);
      }
    });

    it('emails a new user without a temporary password a link to choose one', async () => {
      const response = await addUser({
        email: 'mia.manager@acme.test',
        firstName: 'Mia',
        lastName: 'Manager',
        role: 'Managers',
        temporaryPassword: '',
      });
      expect(response.statusCode, response.body).toBe(201);
      const [mail] = await outboxFor(t, 'mia.manager@acme.test');
      expect(mail).toMatchObject({
        kind: 'welcome',
        subject: 'Your HomeMinder account at Acme Realty Home Care is ready',
      });
      const token = /reset\?token=([A-Za-z0-9_-]+)/.exec(mail!.text)?.[1];
      const chosen = 'Mia-Chose-1t!';
      const reset = await t.api({
        method: 'POST',
        path: '/auth/reset-password',
        body: { token, password: chosen, confirmPassword: chosen },
      });
      expect(reset.statusCode, reset.body).toBe(200);
      await t.login('mia.manager@acme.test', chosen);
    });

    it('lets the system administrator add a user to a chosen corporation', async () => {
      const response = await addUser(
        {
          tenantId: BIRCH_TENANT_ID,
          email: 'bo@birch.test',
          firstName: 'Bo',
          lastName: 'Birch',
          role: 'CorporateAdmin',
          temporaryPassword: TEMPORARY,
        },
        sysadmin,
      );
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json<TenantUser>().tenantId).toBe(BIRCH_TENANT_ID);
    });

    it('refuses bad values with the shared messages, and a used email', async () => {
      const bad = await addUser({
        email: 'x@y',
        firstName: '1st',
        lastName: '',
        phone: '12',
        role: 'SystemAdmin',
        temporaryPassword: 'aaaaaaaa',
      });
      expect(expectErrors(bad, 400)).toEqual(
        expect.arrayContaining([
          messages.emailTooShort,
          messages.nameFieldInvalid,
          messages.required,
          messages.phoneInvalid,
          adminMessages.roleInvalid,
          messages.repeatingCharacters,
        ]),
      );
      const taken = await addUser({
        email: 'ADMIN@birch.test',
        firstName: 'Copy',
        lastName: 'Cat',
        role: 'Realtor',
      });
      expectErrors(taken, 409, tenantUserMessages.emailInUse);
    });

    it("changes a user's details and role, and refuses an administrator's own role change", async () => {
      const response = await put(
        `/admin/user/updateUser/${acmeRealtor2.id}`,
        {
          email: 'realtor2@acme.test',
          firstName: 'Raymond',
          lastName: 'Reyes',
          phone: '555-444-1212',
          role: 'Managers',
        },
        acmeAdmin,
      );
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ firstName: 'Raymond', role: 'Managers', phone: '5554441212' });
      const roles = await t.rows<{ role_name: string }>(
        sql`select role_name from user_roles where user_id = ${acmeRealtor2.id}`,
      );
      expect(roles).toEqual([{ role_name: 'Managers' }]);
      // Back to a realtor, so the rest of the suite sees the demo roles.
      await updateUser(acmeRealtor2.id, {
        email: 'realtor2@acme.test',
        firstName: 'Ray',
        lastName: 'Reyes',
        role: 'Realtor',
      });

      const self = await userId(t, 'admin@acme.test');
      expectErrors(
        await updateUser(self.id, {
          email: 'admin@acme.test',
          firstName: 'Alice',
          lastName: 'Admin',
          role: 'Realtor',
        }),
        400,
        tenantUserMessages.ownRole,
      );
      expectErrors(
        await updateUser(acmeRealtor2.id, {
          email: 'manager@acme.test',
          firstName: 'Ray',
          lastName: 'Reyes',
          role: 'Realtor',
        }),
        409,
        tenantUserMessages.emailInUse,
      );
      const audit = await t.rows<{ action: string }>(
        sql`select action from audit_log where record_id = ${acmeRealtor2.id} and action = 'tenant-user.updated'`,
      );
      expect(audit.length).toBeGreaterThanOrEqual(2);
    });
  });

  describe('enable, disable and passwords', () => {
    it('disabling a realtor ends their sessions and refuses their sign-in; enabling lets them back', async () => {
      const realtor = await t.login('realtor2@acme.test');
      expect((await t.api({ path: '/id/tenant-details', token: realtor })).statusCode).toBe(200);
      const disabled = await post(
        '/admin/tenantUsers/disable',
        { tenantId: ACME_TENANT_ID, userId: acmeRealtor2.id },
        acmeAdmin,
      );
      expect(disabled.statusCode, disabled.body).toBe(200);
      expect(disabled.json<TenantUser>().enabled).toBe(false);
      expectErrors(await t.api({ path: '/id/tenant-details', token: realtor }), 401);
      expectErrors(
        await t.api({
          method: 'POST',
          path: '/auth/login',
          body: { username: 'realtor2@acme.test', password: DEMO_PASSWORD },
        }),
        401,
        authMessages.badCredentials,
      );
      expectErrors(
        await t.api({ method: 'POST', path: `/admin/user/${acmeRealtor2.id}/send-reset`, token: acmeAdmin }),
        400,
        tenantUserMessages.disabledNoReset,
      );

      const enabled = await post(
        '/admin/tenantusers/enable',
        { tenantId: ACME_TENANT_ID, userId: acmeRealtor2.id },
        acmeAdmin,
      );
      expect(enabled.json<TenantUser>().enabled).toBe(true);
      await t.login('realtor2@acme.test');
    });

    it('refuses to let administrators disable themselves, and validates the payload', async () => {
      const self = await userId(t, 'admin@acme.test');
      expectErrors(
        await post('/admin/tenantUsers/disable', { tenantId: ACME_TENANT_ID, userId: self.id }, acmeAdmin),
        400,
        tenantUserMessages.notYourself,
      );
      expectErrors(
        await post('/admin/tenantUsers/disable', { tenantId: 'nope', userId: '' }, acmeAdmin),
        400,
        messages.guidInvalid,
      );
    });

    it('sends a reset email without the administrator learning anything', async () => {
      const response = await t.api({
        method: 'POST',
        path: `/admin/user/${acmeRealtor2.id}/send-reset`,
        token: acmeAdmin,
      });
      expect(response.statusCode, response.body).toBe(202);
      expect(response.json()).toEqual({ message: tenantUserMessages.resetSent });
      expect(response.body).not.toMatch(/token/i);
      const mails = await outboxFor(t, 'realtor2@acme.test');
      expect(mails.at(-1)).toMatchObject({ kind: 'password-reset' });
    });

    it("sets a temporary password that ends the user's sessions", async () => {
      const before = await t.login('realtor2@acme.test');
      const response = await post(
        `/admin/user/${acmeRealtor2.id}/temporary-password`,
        { password: TEMPORARY, confirmPassword: TEMPORARY },
        acmeAdmin,
      );
      expect(response.statusCode, response.body).toBe(200);
      expectErrors(await t.api({ path: '/id/tenant-details', token: before }), 401);
      await t.login('realtor2@acme.test', TEMPORARY);
      const mismatch = await post(
        `/admin/user/${acmeRealtor2.id}/temporary-password`,
        { password: TEMPORARY, confirmPassword: 'Other-Pass1!' },
        acmeAdmin,
      );
      expectErrors(mismatch, 400, messages.passwordMismatch);
    });
  });

  describe('profile images', () => {
    /** Uploads a profile image for a user as Acme's administrator. */
    const uploadImage = (userId: string, file: { body: Buffer; headers: Record<string, string> }) =>
      t.api({ method: 'PUT', path: `/admin/user/profile/${userId}`, ...file, token: acmeAdmin });

    it('stores a user profile image uploaded by an administrator and refuses fakes', async () => {
      const response = await uploadImage(
        acmeRealtor2.id,
        multipartFile(await testImage('webp'), { fileName: 'me.webp', contentType: 'image/webp' }),
      );
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<{ imageType: string }>().imageType).toBe('image/webp');
      const read = await t.api({
        path: `/admin/user/profile/${acmeRealtor2.id}?responseType=json`,
        token: acmeManager,
      });
      expect(read.json()).toEqual(response.json());

      const fake = multipartFile(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), {
        fileName: 'me.png',
      });
      expectErrors(await uploadImage(acmeRealtor2.id, fake), 400, imageMessages.wrongType);
      const foreign = multipartFile(await testImage('png'));
      expectErrors(await uploadImage(birchRealtor.id, foreign), 404);
      expect(
        (
          await t.api({ path: `/admin/user/profile/${birchRealtor.id}?responseType=json`, token: birchAdmin })
        ).json(),
      ).toEqual({
        imageType: null,
        data: null,
      });
    });
  });
});
