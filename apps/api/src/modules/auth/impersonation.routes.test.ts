import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { WhoAmI } from '@homeminder/shared/contracts/auth';
import { impersonationMessages } from '@homeminder/shared/contracts/auth';
import { describeEachDriver, expectErrors } from '../../test/test-app';
import { acting, tenantUserId } from '../../test/users';
import { impersonationLifetimeMs, impersonationRefusals } from './impersonation.service';

describeEachDriver('impersonation', (t) => {
  async function impersonate(adminToken: string, email: string) {
    return t.api({
      method: 'POST',
      path: `/auth/impersonate/${await tenantUserId(t, email)}`,
      token: adminToken,
    });
  }

  it('lets a corporate administrator act as a realtor of the corporation, and audits every request', async () => {
    const admin = await t.login('admin@acme.test');
    expect((await t.api({ path: '/auth/impersonate/check', token: admin })).json()).toEqual({
      allowed: true,
    });

    const started = await impersonate(admin, 'realtor@acme.test');
    expect(started.statusCode, started.body).toBe(200);
    const { token } = started.json<{ token: string }>();

    const who = await t.api({ path: '/auth/who-am-i', token: admin, headers: acting(token) });
    expect(who.json<WhoAmI>()).toMatchObject({
      name: 'Rita Realtor',
      impersonatedBy: 'Alice Admin',
      roles: ['Realtor'],
    });

    // While acting: no acting again.
    expect(
      (await t.api({ path: '/auth/impersonate/check', token: admin, headers: acting(token) })).json(),
    ).toEqual({ allowed: false });
    expectErrors(
      await t.api({
        method: 'POST',
        path: `/auth/impersonate/${await tenantUserId(t, 'realtor2@acme.test')}`,
        token: admin,
        headers: acting(token),
      }),
      403,
      impersonationMessages.refusedWhileActing,
    );

    // One entry for the whole session, naming both people, counting each request made in it.
    const audit = await t.rows<{ actor: string; real: string; requests: number }>(
      sql`select actor_user_id as actor, real_actor_user_id as real, (details ->> 'requests')::int as requests
        from audit_log where action = 'auth.impersonation-started'
          and actor_user_id = ${await tenantUserId(t, 'realtor@acme.test')}`,
    );
    expect(audit).toEqual([
      {
        actor: await tenantUserId(t, 'realtor@acme.test'),
        real: await tenantUserId(t, 'admin@acme.test'),
        requests: 3,
      },
    ]);
    expect(await t.rows(sql`select id from audit_log where action = 'impersonated.request'`)).toEqual([]);
  });

  it('ends with the parent session and after an hour at most', async () => {
    const admin = await t.login('admin@acme.test');
    const { token } = (await impersonate(admin, 'realtor2@acme.test')).json<{ token: string }>();
    // An impersonation token is no bearer token of its own.
    expectErrors(await t.api({ path: '/id/tenant-details', token }), 401);

    t.clock.advance(impersonationLifetimeMs + 1_000);
    // Still signed in as themselves: acting is refused, the own session goes on.
    expectErrors(
      await t.api({ path: '/id/tenant-details', token: admin, headers: acting(token) }),
      403,
      impersonationMessages.ended,
    );
    expect((await t.api({ path: '/id/tenant-details', token: admin })).statusCode).toBe(200);

    const again = (await impersonate(admin, 'realtor2@acme.test')).json<{ token: string }>().token;
    await t.api({ method: 'POST', path: '/auth/logout', token: admin, headers: acting(again) });
    expectErrors(await t.api({ path: '/id/tenant-details', token: admin }), 401);
    expectErrors(await t.api({ path: '/id/tenant-details', token: admin, headers: acting(again) }), 401);
  });

  it('refuses, with 403, to act as someone with more privileges, in another corporation, or without the privilege', async () => {
    const admin = await t.login('admin@acme.test');
    // Another corporation's users, whatever they hold, and ids that exist nowhere: one same response.
    expectErrors(await impersonate(admin, 'sysadmin@demo.test'), 403, impersonationRefusals.otherCorporation);
    expectErrors(await impersonate(admin, 'realtor@birch.test'), 403, impersonationRefusals.otherCorporation);
    expectErrors(
      await t.api({
        method: 'POST',
        path: '/auth/impersonate/5f0c3c8e-1b7a-4d7e-9a8f-000000000000',
        token: admin,
      }),
      403,
      impersonationRefusals.otherCorporation,
    );
    expectErrors(await impersonate(admin, 'admin@acme.test'), 400, impersonationRefusals.self);

    // A user of the same corporation who holds a privilege the administrator lacks.
    const realtor2 = await tenantUserId(t, 'realtor2@acme.test');
    const [acme] = await t.rows<{ tenant: string }>(
      sql`select tenant_id as tenant from tenant_users where id = ${realtor2}`,
    );
    await t.rows(
      sql`insert into user_roles (tenant_id, user_id, role_name) values (${acme!.tenant}, ${realtor2}, 'SystemAdmin')`,
    );
    try {
      expectErrors(await impersonate(admin, 'realtor2@acme.test'), 403, impersonationRefusals.morePrivileges);
    } finally {
      await t.rows(sql`delete from user_roles where user_id = ${realtor2} and role_name = 'SystemAdmin'`);
    }

    const manager = await t.login('manager@acme.test');
    expect((await t.api({ path: '/auth/impersonate/check', token: manager })).json()).toEqual({
      allowed: false,
    });
    expectErrors(await impersonate(manager, 'realtor@acme.test'), 403);

    // The operator may act across corporations, but not as someone holding more than they do.
    const operator = await t.login('sysadmin@demo.test');
    expect((await impersonate(operator, 'admin@birch.test')).statusCode).toBe(200);
    expectErrors(
      await t.api({
        method: 'POST',
        path: '/auth/impersonate/5f0c3c8e-1b7a-4d7e-9a8f-000000000000',
        token: operator,
      }),
      404,
      impersonationRefusals.notFound,
    );
  });

  it('refuses, with 403, to act as a disabled user', async () => {
    const admin = await t.login('admin@acme.test');
    await t.rows(sql`update tenant_users set enabled = false where email = 'realtor2@acme.test'`);
    try {
      expectErrors(await impersonate(admin, 'realtor2@acme.test'), 403, impersonationRefusals.disabled);
    } finally {
      await t.rows(sql`update tenant_users set enabled = true where email = 'realtor2@acme.test'`);
    }
  });

  it('refuses, with 403, to act again while acting (no nesting)', async () => {
    const admin = await t.login('admin@acme.test');
    const { token } = (await impersonate(admin, 'realtor@acme.test')).json<{ token: string }>();
    const nested = await t.api({
      method: 'POST',
      path: `/auth/impersonate/${await tenantUserId(t, 'realtor2@acme.test')}`,
      token: admin,
      headers: acting(token),
    });
    expectErrors(nested, 403, impersonationMessages.refusedWhileActing);
  });

  it('refuses, with 403, a token whose parent session has expired, even after signing in again', async () => {
    const admin = await t.login('admin@acme.test');
    const { token } = (await impersonate(admin, 'realtor@acme.test')).json<{ token: string }>();
    t.clock.advance(2 * 60 * 60 * 1000 + 1_000);
    // The parent itself is gone: nobody is signed in, so that is a 401.
    expectErrors(await t.api({ path: '/id/tenant-details', token: admin, headers: acting(token) }), 401);
    // Signed in again: the old acting token belongs to no live session of this person.
    const again = await t.login('admin@acme.test');
    expectErrors(
      await t.api({ path: '/id/tenant-details', token: again, headers: acting(token) }),
      403,
      impersonationMessages.ended,
    );
    expectErrors(
      await t.api({ path: '/auth/who-am-i', token: again, headers: acting(token) }),
      403,
      impersonationMessages.ended,
    );
    expect((await t.api({ path: '/id/tenant-details', token: again })).statusCode).toBe(200);
    // Signing out still works with a stale acting token, and ends the real session.
    const out = await t.api({ method: 'POST', path: '/auth/logout', token: again, headers: acting(token) });
    expect(out.statusCode).toBe(204);
    expectErrors(await t.api({ path: '/id/tenant-details', token: again }), 401);
  });
});
