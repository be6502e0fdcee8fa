import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../db/demo-data';
import { impersonationMessages } from '@homeminder/shared/contracts/auth';
import { describeEachDriver, expectErrors, type ApiRequest } from '../../test/test-app';
import { acting, tenantUserId } from '../../test/users';
import { impersonationRefusals } from './impersonation.service';

// What acting as another user may not do, and what it always leaves in the audit log.

describeEachDriver('impersonation limits', (t) => {
  /** A call of `admin` while acting with the impersonation `token`. */
  const whileActing = (admin: string, token: string, request: Omit<ApiRequest, 'token' | 'headers'>) =>
    t.api({ ...request, token: admin, headers: acting(token) });

  async function actAs(adminToken: string, email: string): Promise<string> {
    const started = await t.api({
      method: 'POST',
      path: `/auth/impersonate/${await tenantUserId(t, email)}`,
      token: adminToken,
    });
    expect(started.statusCode, started.body).toBe(200);
    return started.json<{ token: string }>().token;
  }

  it('names both people in every audit entry made while acting', async () => {
    const admin = await t.login('admin@acme.test');
    const token = await actAs(admin, 'realtor@acme.test');
    const changed = await whileActing(admin, token, {
      method: 'PUT',
      path: '/id/profile',
      body: { firstName: 'Rita', lastName: 'Realtor', phone: '' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const entries = await t.rows<{ actor: string; real: string }>(
      sql`select actor_user_id as actor, real_actor_user_id as real from audit_log where action = 'profile.updated'`,
    );
    expect(entries).toEqual([
      { actor: await tenantUserId(t, 'realtor@acme.test'), real: await tenantUserId(t, 'admin@acme.test') },
    ]);
  });

  describe('while acting as a peer administrator', () => {
    const peerEmail = 'peer.admin@acme.test';
    let admin: string;
    let peerId: string;
    let token: string;

    beforeAll(async () => {
      admin = await t.login('admin@acme.test');
      const created = await t.api({
        method: 'POST',
        path: '/admin/user',
        token: admin,
        body: {
          email: peerEmail,
          firstName: 'Pat',
          lastName: 'Peer',
          phone: '',
          role: 'CorporateAdmin',
          temporaryPassword: DEMO_PASSWORD,
        },
      });
      expect(created.statusCode, created.body).toBe(201);
      peerId = await tenantUserId(t, peerEmail);
      token = await actAs(admin, peerEmail);
    });

    const next = 'Brand-New-Pa55!';
    const refusals = () =>
      [
        [
          'PUT',
          `/admin/user/updateUser/${peerId}`,
          {
            email: 'taken.over@example.com',
            firstName: 'Pat',
            lastName: 'Peer',
            phone: '',
            role: 'CorporateAdmin',
          },
        ],
        ['POST', `/admin/user/${peerId}/temporary-password`, { password: next, confirmPassword: next }],
        ['POST', `/admin/user/${peerId}/send-reset`, undefined],
        ['POST', '/id/password', { currentPassword: DEMO_PASSWORD, password: next, confirmPassword: next }],
      ] as const;

    it("refuses every change of the peer's password or email", async () => {
      for (const [method, path, body] of refusals()) {
        const response = await whileActing(admin, token, { method, path, body });
        expectErrors(response, 403, impersonationMessages.refusedWhileActing);
      }
      const [peer] = await t.rows<{ email: string }>(
        sql`select email from tenant_users where id = ${peerId}`,
      );
      expect(peer!.email).toBe(peerEmail);
      await t.login(peerEmail, DEMO_PASSWORD);
    });

    it('still lets the peer be changed in other ways', async () => {
      const renamed = await whileActing(admin, token, {
        method: 'PUT',
        path: `/admin/user/updateUser/${peerId}`,
        body: {
          email: peerEmail,
          firstName: 'Patricia',
          lastName: 'Peer',
          phone: '',
          role: 'CorporateAdmin',
        },
      });
      expect(renamed.statusCode, renamed.body).toBe(200);
    });
  });

  it('ends the acting token on the server when the person switches back', async () => {
    const admin = await t.login('admin@acme.test');
    const token = await actAs(admin, 'realtor2@acme.test');
    const ended = await whileActing(admin, token, { method: 'DELETE', path: '/auth/impersonate' });
    expect(ended.statusCode, ended.body).toBe(204);
    expectErrors(
      await whileActing(admin, token, { path: '/auth/who-am-i' }),
      403,
      impersonationMessages.ended,
    );
    // The person's own session goes on, and switching back twice does no harm.
    expect((await t.api({ path: '/id/profile', token: admin })).statusCode).toBe(200);
    expect(
      (await whileActing(admin, token, { method: 'DELETE', path: '/auth/impersonate' })).statusCode,
    ).toBe(204);
    // The session's one entry says when it ended; no entry of its own is written for that.
    const [entry] = await t.rows<{ actor: string; real: string; ended: boolean }>(
      sql`select actor_user_id as actor, real_actor_user_id as real, details ? 'endedAt' as ended
        from audit_log where action = 'auth.impersonation-started' order by id desc limit 1`,
    );
    expect(entry).toEqual({
      actor: await tenantUserId(t, 'realtor2@acme.test'),
      real: await tenantUserId(t, 'admin@acme.test'),
      ended: true,
    });
    expect(await t.rows(sql`select id from audit_log where action = 'auth.impersonation-ended'`)).toEqual([]);
  });

  it('refuses to act as oneself, whatever the letter case of the id', async () => {
    const admin = await t.login('admin@acme.test');
    const own = await tenantUserId(t, 'admin@acme.test');
    for (const id of [own, own.toUpperCase()]) {
      expectErrors(
        await t.api({ method: 'POST', path: `/auth/impersonate/${id}`, token: admin }),
        400,
        impersonationRefusals.self,
      );
    }
  });
});
