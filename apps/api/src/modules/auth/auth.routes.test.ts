import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { sessionLifetimeMs } from '@homeminder/shared/constants';
import { messages } from '@homeminder/shared/validation/messages';
import { ACME_TENANT_ID, BIRCH_TENANT_ID, DEMO_PASSWORD } from '../../db/demo-data';
import { describeEachDriver, expectErrors, type TestApp } from '../../test/test-app';
import { authMessages } from '../../access/auth-context';
import { loginThrottle } from './auth.service';

const signInRequired = 'Please sign in to continue.';

function loginRequest(t: TestApp, username: string, password: string, ip?: string) {
  return t.api({
    method: 'POST',
    path: `/auth/login/?who=${encodeURIComponent(username)}`,
    body: { username, password },
    ...(ip ? { ip } : {}),
  });
}

const whoAmI = (t: TestApp, token?: string) =>
  t.api({ path: '/auth/who-am-i', ...(token === undefined ? {} : { token }) });

/** A route that needs a signed-in user and responds 200 for any of them. */
const tenantDetails = (t: TestApp, token: string) => t.api({ path: '/id/tenant-details', token });

describeEachDriver('auth routes', (t) => {
  describe('POST /auth/login', () => {
    it('responds with a token and its expiry, 2 hours from now', async () => {
      const before = t.clock.now().getTime();
      const response = await loginRequest(t, 'admin@acme.test', DEMO_PASSWORD);
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json<{ token: string; expiresAt: string }>();
      expect(Object.keys(body).sort()).toEqual(['expiresAt', 'token']);
      expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(new Date(body.expiresAt).getTime()).toBe(before + sessionLifetimeMs);
      // The token works.
      expect((await whoAmI(t, body.token)).json()).toMatchObject({ isAuthenticated: true });
    });

    it('gives a new token on every sign-in', async () => {
      const first = await t.login('manager@acme.test');
      const second = await t.login('manager@acme.test');
      expect(first).not.toBe(second);
    });

    it('stores only the hash of the token, and records the sign-in', async () => {
      const token = await t.login('manager@acme.test');
      const hash = createHash('sha256').update(token).digest('hex');
      const byHash = await t.rows<{ n: number }>(
        sql`select count(*)::int as n from sessions where token_hash = ${hash}`,
      );
      const byToken = await t.rows<{ n: number }>(
        sql`select count(*)::int as n from sessions where token_hash = ${token}`,
      );
      expect(byHash[0]?.n).toBe(1);
      expect(byToken[0]?.n).toBe(0);
      const users = await t.rows<{ last_login_at: Date | string | null }>(
        sql`select last_login_at from tenant_users where email = 'manager@acme.test'`,
      );
      expect(new Date(users[0]!.last_login_at!).getTime()).toBe(t.clock.now().getTime());
      const audit = await t.rows<{ n: number }>(
        sql`select count(*)::int as n from audit_log a join tenant_users u on u.id = a.actor_user_id
            where u.email = 'manager@acme.test' and a.action = 'auth.login'`,
      );
      expect(audit[0]?.n).toBeGreaterThanOrEqual(1);
    });

    it('takes the email in any letter case and with surrounding spaces', async () => {
      for (const username of ['ADMIN@ACME.TEST', 'Admin@Acme.Test', '  admin@acme.test  ']) {
        const response = await loginRequest(t, username, DEMO_PASSWORD);
        expect(response.statusCode, `${username}: ${response.body}`).toBe(200);
      }
    });

    it('does not take the password in another letter case', async () => {
      const response = await loginRequest(t, 'admin@acme.test', DEMO_PASSWORD.toLowerCase());
      expectErrors(response, 401, authMessages.badCredentials);
    });

    it('refuses a wrong password with 401 and an Errors body', async () => {
      const response = await loginRequest(t, 'admin@acme.test', 'Wrong-Passw0rd!', '10.0.1.1');
      expect(expectErrors(response, 401)).toEqual([authMessages.badCredentials]);
      expect(response.json()).not.toHaveProperty('token');
    });

    it('refuses an unknown account with the very same response as a wrong password', async () => {
      const unknown = await loginRequest(t, 'nobody@acme.test', DEMO_PASSWORD, '10.0.1.2');
      const wrong = await loginRequest(t, 'admin@acme.test', 'Wrong-Passw0rd!', '10.0.1.2');
      expect(unknown.statusCode).toBe(401);
      expect(unknown.json()).toEqual(wrong.json());
    });

    it('records a failed sign-in of a known account in the audit log', async () => {
      await loginRequest(t, 'admin@birch.test', 'Wrong-Passw0rd!', '10.0.1.3');
      const rows = await t.rows<{ n: number }>(
        sql`select count(*)::int as n from audit_log a join tenant_users u on u.id = a.actor_user_id
            where u.email = 'admin@birch.test' and a.action = 'auth.login-failed' and a.ip_address = '10.0.1.3'`,
      );
      expect(rows[0]?.n).toBe(1);
    });

    it.each([
      ['an empty body', {}, [messages.required]],
      ['a missing password', { username: 'admin@acme.test' }, [messages.required]],
      ['a blank password', { username: 'admin@acme.test', password: '' }, [messages.required]],
      ['a short email', { username: 'a@b', password: 'x' }, [messages.emailTooShort]],
      ['a malformed email', { username: 'admin-at-acme.test', password: 'x' }, [messages.emailInvalid]],
      [
        'a too long email',
        { username: `${'a'.repeat(250)}@acme.test`, password: 'x' },
        [messages.emailTooLong],
      ],
    ])('refuses %s with 400 and the shared validation messages', async (_name, body, expected) => {
      const response = await t.api({ method: 'POST', path: '/auth/login', body, ip: '10.0.1.4' });
      const errors = expectErrors(response, 400);
      for (const message of expected) expect(errors).toContain(message);
    });

    it('refuses a body of the wrong types with 400', async () => {
      const response = await t.api({
        method: 'POST',
        path: '/auth/login',
        body: { username: 42, password: ['x'], rememberMe: 'yes' },
      });
      expectErrors(response, 400);
    });

    it('responds to a disabled user the same for the right password as for a wrong one', async () => {
      await t.rows(sql`update tenant_users set enabled = false where email = 'realtor@birch.test'`);
      try {
        const wrong = await loginRequest(t, 'realtor@birch.test', 'Wrong-Passw0rd!', '10.0.1.5');
        expectErrors(wrong, 401, authMessages.badCredentials);
        const right = await loginRequest(t, 'realtor@birch.test', DEMO_PASSWORD, '10.0.1.5');
        expectErrors(right, 401, authMessages.badCredentials);
        expect(right.body).toBe(wrong.body);
      } finally {
        await t.rows(sql`update tenant_users set enabled = true where email = 'realtor@birch.test'`);
      }
      expect((await loginRequest(t, 'realtor@birch.test', DEMO_PASSWORD, '10.0.1.5')).statusCode).toBe(200);
    });

    it('ends the sessions of a user once the user or the corporation is disabled', async () => {
      const token = await t.login('realtor@birch.test');
      expect((await tenantDetails(t, token)).statusCode).toBe(200);

      await t.rows(sql`update tenant_users set enabled = false where email = 'realtor@birch.test'`);
      try {
        expectErrors(await tenantDetails(t, token), 401, authMessages.sessionEnded);
      } finally {
        await t.rows(sql`update tenant_users set enabled = true where email = 'realtor@birch.test'`);
      }
      expect((await tenantDetails(t, token)).statusCode).toBe(200);

      await t.rows(sql`update corporations set enabled = false where id = ${BIRCH_TENANT_ID}`);
      try {
        expectErrors(await tenantDetails(t, token), 401, authMessages.sessionEnded);
        const login = await loginRequest(t, 'admin@birch.test', DEMO_PASSWORD, '10.0.1.6');
        const wrong = await loginRequest(t, 'admin@birch.test', 'Wrong-Passw0rd!', '10.0.1.6');
        expectErrors(login, 401, authMessages.badCredentials);
        expect(login.body).toBe(wrong.body);
      } finally {
        await t.rows(sql`update corporations set enabled = true where id = ${BIRCH_TENANT_ID}`);
      }
    });
  });

  describe('sign-in throttling', () => {
    it(`refuses an account after ${loginThrottle.perAccount} failures, even with the right password, until the window passes`, async () => {
      // The throttle's counters keep real time: Date stands still here, and moves by hand.
      vi.useFakeTimers({ toFake: ['Date'] });
      onTestFinished(() => void vi.useRealTimers());
      const email = 'realtor2@acme.test';
      for (let attempt = 1; attempt <= loginThrottle.perAccount; attempt += 1) {
        // Letter case does not make a different account.
        const username = attempt % 2 ? email : email.toUpperCase();
        const response = await loginRequest(t, username, `Wrong-${attempt}`, '10.0.2.1');
        expectErrors(response, 401, authMessages.badCredentials);
      }

      const blocked = await loginRequest(t, email, DEMO_PASSWORD, '10.0.2.1');
      expectErrors(blocked, 429, authMessages.tooManyAttempts(15));
      expect(Number(blocked.headers['retry-after'])).toBe(loginThrottle.windowMs / 1000);

      // The lock is on the account, not on the address it was attacked from ...
      expectErrors(await loginRequest(t, email, DEMO_PASSWORD, '10.0.2.2'), 429);
      // ... and other accounts from that address still sign in.
      expect((await loginRequest(t, 'manager@acme.test', DEMO_PASSWORD, '10.0.2.1')).statusCode).toBe(200);

      // Refused attempts while locked do not extend the lock.
      vi.setSystemTime(Date.now() + loginThrottle.windowMs - 60_000);
      const stillBlocked = await loginRequest(t, email, DEMO_PASSWORD, '10.0.2.1');
      expectErrors(stillBlocked, 429, authMessages.tooManyAttempts(1));
      expect(Number(stillBlocked.headers['retry-after'])).toBe(60);

      vi.setSystemTime(Date.now() + 60_000 + 1);
      const after = await loginRequest(t, email, DEMO_PASSWORD, '10.0.2.1');
      expect(after.statusCode, after.body).toBe(200);
    });

    it('starts counting afresh after a successful sign-in', async () => {
      const email = 'realtor@acme.test';
      const failures = async () => {
        for (let attempt = 1; attempt < loginThrottle.perAccount; attempt += 1) {
          expect((await loginRequest(t, email, 'Wrong-Passw0rd!', '10.0.3.1')).statusCode).toBe(401);
        }
      };
      await failures();
      expect((await loginRequest(t, email, DEMO_PASSWORD, '10.0.3.1')).statusCode).toBe(200);
      await failures();
      // 18 failures in the window, but never 10 in a row: not locked.
      expect((await loginRequest(t, email, DEMO_PASSWORD, '10.0.3.1')).statusCode).toBe(200);
    });

    it(`refuses an address after ${loginThrottle.perAddress} failures on any accounts`, async () => {
      const ip = '10.0.4.1';
      const batch = 20;
      for (let start = 0; start < loginThrottle.perAddress; start += batch) {
        const responses = await Promise.all(
          Array.from({ length: batch }, (_, i) =>
            loginRequest(t, `unknown${start + i}@example.com`, 'Wrong-Passw0rd!', ip),
          ),
        );
        for (const response of responses) expect(response.statusCode).toBe(401);
      }
      expectErrors(await loginRequest(t, 'admin@acme.test', DEMO_PASSWORD, ip), 429);
      // Another address is not affected.
      expect((await loginRequest(t, 'admin@acme.test', DEMO_PASSWORD, '10.0.4.2')).statusCode).toBe(200);
    });
  });

  describe('GET /auth/who-am-i', () => {
    it('describes the signed-in user', async () => {
      const token = await t.login('admin@acme.test');
      const response = await whoAmI(t, token);
      expect(response.statusCode).toBe(200);
      const [user] = await t.rows<{ id: string }>(
        sql`select id from tenant_users where email = 'admin@acme.test'`,
      );
      expect(response.json()).toEqual({
        isAuthenticated: true,
        tenantID: ACME_TENANT_ID,
        userID: user!.id,
        name: 'Alice Admin',
        email: 'admin@acme.test',
        roles: ['CorporateAdmin'],
        privileges: [
          'AdminCanManageCorporation',
          'AdminModule',
          'CanBulkUploadClients',
          'CanImpersonate',
          'CanManageClients',
        ],
        tenantName: 'Acme Realty',
        impersonatedBy: null,
        kind: 'staff',
      });
    });

    it('responds 200 and isAuthenticated false without a token', async () => {
      const response = await whoAmI(t);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        isAuthenticated: false,
        tenantID: null,
        userID: null,
        name: null,
        roles: [],
        privileges: [],
      });
    });

    it('responds 401 for a token it does not know, like every protected route', async () => {
      for (const token of ['garbage', 'x'.repeat(43)]) {
        expectErrors(await whoAmI(t, token), 401, authMessages.sessionEnded);
      }
      expect((await whoAmI(t, '')).json()).toMatchObject({ isAuthenticated: false, userID: null });
      expectErrors(await tenantDetails(t, 'garbage'), 401, authMessages.sessionEnded);
    });

    it('accepts the Bearer scheme in any case, and nothing but Bearer', async () => {
      const token = await t.login('manager@acme.test');
      const lower = await t.api({
        path: '/id/tenant-details',
        headers: { authorization: `bearer ${token}` },
      });
      expect(lower.statusCode).toBe(200);
      const basic = await t.api({ path: '/id/tenant-details', headers: { authorization: `Basic ${token}` } });
      expectErrors(basic, 401, signInRequired);
      const bare = await t.api({ path: '/id/tenant-details', headers: { authorization: token } });
      expectErrors(bare, 401, signInRequired);
    });
  });

  describe('token lifetime and logout', () => {
    it('keeps a token for 2 hours, then responds 401', async () => {
      const token = await t.login('manager@acme.test');
      t.clock.advance(sessionLifetimeMs - 1_000);
      expect((await tenantDetails(t, token)).statusCode).toBe(200);
      expect((await whoAmI(t, token)).json()).toMatchObject({ isAuthenticated: true });

      t.clock.advance(2_000);
      expectErrors(await tenantDetails(t, token), 401, authMessages.sessionEnded);
      expectErrors(await whoAmI(t, token), 401, authMessages.sessionEnded);
      // A fresh sign-in works again.
      expect((await tenantDetails(t, await t.login('manager@acme.test'))).statusCode).toBe(200);
    });

    it('revokes the token on logout, and only that token', async () => {
      const token = await t.login('admin@acme.test');
      const other = await t.login('admin@acme.test');

      const logout = await t.api({ method: 'POST', path: '/auth/logout', token });
      expect(logout.statusCode).toBe(204);
      expect(logout.body).toBe('');

      expectErrors(await tenantDetails(t, token), 401, authMessages.sessionEnded);
      expectErrors(await whoAmI(t, token), 401, authMessages.sessionEnded);
      expectErrors(await t.api({ method: 'POST', path: '/auth/logout', token }), 401);

      expect((await tenantDetails(t, other)).statusCode).toBe(200);
      const audit = await t.rows<{ n: number }>(
        sql`select count(*)::int as n from audit_log where action = 'auth.logout' and tenant_id = ${ACME_TENANT_ID}`,
      );
      expect(audit[0]?.n).toBe(1);
    });

    it('refuses logout without a token', async () => {
      expectErrors(await t.api({ method: 'POST', path: '/auth/logout' }), 401, signInRequired);
    });
  });
});
