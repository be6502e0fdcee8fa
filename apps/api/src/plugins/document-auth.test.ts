import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { sessionLifetimeMs } from '@homeminder/shared/constants';
import type { App } from '../app';
import { ACME_TENANT_ID, BIRCH_TENANT_ID, DEMO_PASSWORD } from '../db/demo-data';
import { impersonationLifetimeMs } from '../modules/auth/impersonation.service';
import { cookieValue, sessionCookieHeader } from '../test/cookies';
import { registeredHomeowner } from '../test/homeowners';
import { describeEachDriver, expectErrors } from '../test/test-app';
import { acting, tenantUserId } from '../test/users';
import { documentAuth, sessionCookieNames } from './session-cookies';

/** Who a page sees, as the test's page responds with it. */
interface Seen {
  userId: string | null;
  impersonatorId: string | null;
  tenantId: string | null;
  kind: string | null;
}

const PAGE = '/ui/test-page/who';

/** A page of the test's own that responds with who `documentAuth` says asks, for GET and POST alike. */
function addTestPages(app: App) {
  const respond = async (request: FastifyRequest): Promise<Seen> => {
    const { tenant } = request.query as { tenant?: string };
    const auth = await documentAuth(request, tenant === undefined ? {} : { tenantId: tenant });
    return {
      userId: auth?.userId ?? null,
      impersonatorId: auth?.impersonator?.userId ?? null,
      tenantId: auth?.tenantId ?? null,
      kind: auth?.kind ?? null,
    };
  };
  app.get(PAGE, respond);
  app.post(PAGE, respond);
  // Under the API's prefix a cookie is no sign-in, even where a route would ask.
  app.get('/ui/api/test-page/who', respond);
}

const nobody: Seen = { userId: null, impersonatorId: null, tenantId: null, kind: null };

describeEachDriver(
  'who asks for a page (documentAuth)',
  (t) => {
    /** What the page sees with these cookies. */
    async function seen(
      cookies: Record<string, string>,
      options: { method?: 'GET' | 'POST'; path?: string; tenant?: string } = {},
    ): Promise<Seen> {
      const query = options.tenant === undefined ? '' : `?tenant=${encodeURIComponent(options.tenant)}`;
      const response = await t.api({
        method: options.method ?? 'GET',
        path: `/${options.path ?? PAGE}${query}`,
        headers: cookies,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<Seen>();
    }

    /** Signs in as a browser does: returns the bearer token and the session cookie set with it. */
    async function signIn(email: string, password = DEMO_PASSWORD) {
      const response = await t.api({
        method: 'POST',
        path: '/auth/login/',
        body: { username: email, password },
      });
      expect(response.statusCode, response.body).toBe(200);
      const token = response.json<{ token: string }>().token;
      const cookie = cookieValue(response, sessionCookieNames.session);
      expect(cookie).toBe(token);
      return { token, cookie: cookie! };
    }

    async function startActing(token: string, email: string) {
      const response = await t.api({
        method: 'POST',
        path: `/auth/impersonate/${await tenantUserId(t, email)}`,
        token,
      });
      expect(response.statusCode, response.body).toBe(200);
      const cookie = cookieValue(response, sessionCookieNames.acting);
      expect(cookie).toBe(response.json<{ token: string }>().token);
      return cookie!;
    }

    /** Ends acting, or the whole sign-in, from a browser that holds the acting cookie. */
    async function endWhileActing(
      call: { method: 'POST' | 'DELETE'; path: string },
      token: string,
      actingCookie: string,
    ) {
      const response = await t.api({ ...call, token, headers: acting(actingCookie) });
      expect(response.statusCode, response.body).toBe(204);
      return response;
    }

    const staff = async (email: string, tenantId = ACME_TENANT_ID): Promise<Seen> => ({
      userId: await tenantUserId(t, email),
      impersonatorId: null,
      tenantId,
      kind: 'staff',
    });

    it('is the person signed in, in their own corporation; no one without a live cookie', async () => {
      const admin = await signIn('admin@acme.test');
      expect(await seen(sessionCookieHeader(admin.cookie))).toEqual(await staff('admin@acme.test'));
      expect(await seen({})).toEqual(nobody);
      expect(await seen(sessionCookieHeader('not-a-token'))).toEqual(nobody);
      // The acting cookie is never a sign-in of its own.
      const actingCookie = await startActing(admin.token, 'realtor@acme.test');
      expect(await seen({ cookie: `${sessionCookieNames.acting}=${actingCookie}` })).toEqual(nobody);
      expect(await seen(sessionCookieHeader(actingCookie))).toEqual(nobody);
    });

    it('is the homeowner who has just registered', async () => {
      const homeowner = await registeredHomeowner(t, 'realtor2@acme.test');
      const cookie = cookieValue(homeowner.registration, sessionCookieNames.session)!;
      expect(await seen(sessionCookieHeader(cookie))).toEqual({
        userId: homeowner.id,
        impersonatorId: null,
        tenantId: homeowner.tenantId,
        kind: 'client',
      });
    });

    it('is the user acted as while acting, and the person again after switching back', async () => {
      const admin = await signIn('admin@acme.test');
      const actingCookie = await startActing(admin.token, 'realtor@acme.test');
      expect(await seen(sessionCookieHeader(admin.cookie, actingCookie))).toEqual({
        ...(await staff('realtor@acme.test')),
        impersonatorId: await tenantUserId(t, 'admin@acme.test'),
      });

      const reverted = await endWhileActing(
        { method: 'DELETE', path: '/auth/impersonate' },
        admin.token,
        actingCookie,
      );
      expect(cookieValue(reverted, sessionCookieNames.acting)).toBe('');
      const asThemselves = await staff('admin@acme.test');
      expect(await seen(sessionCookieHeader(admin.cookie))).toEqual(asThemselves);
      // A browser that kept the ended acting cookie is back as the person too.
      expect(await seen(sessionCookieHeader(admin.cookie, actingCookie))).toEqual(asThemselves);
    });

    it("is the person themselves with an acting cookie of another sign-in's", async () => {
      const first = await signIn('admin@acme.test');
      const second = await signIn('admin@acme.test');
      const actingCookie = await startActing(first.token, 'realtor@acme.test');
      expect(await seen(sessionCookieHeader(second.cookie, actingCookie))).toEqual(
        await staff('admin@acme.test'),
      );
    });

    it('is the person themselves once the one they act as is disabled, and no one once they are', async () => {
      const admin = await signIn('admin@acme.test');
      const manager = await signIn('manager@acme.test');
      const actingCookie = await startActing(admin.token, 'manager@acme.test');
      const managerId = await tenantUserId(t, 'manager@acme.test');
      const setEnabled = async (action: 'enable' | 'disable') => {
        const response = await t.api({
          method: 'POST',
          path: `/admin/tenantUsers/${action}`,
          token: admin.token,
          body: { tenantId: ACME_TENANT_ID, userId: managerId },
        });
        expect(response.statusCode, response.body).toBe(200);
      };

      await setEnabled('disable');
      expect(await seen(sessionCookieHeader(admin.cookie, actingCookie))).toEqual(
        await staff('admin@acme.test'),
      );
      expect(await seen(sessionCookieHeader(manager.cookie))).toEqual(nobody);
      // Enabling the account again does not bring its ended sessions back.
      await setEnabled('enable');
      expect(await seen(sessionCookieHeader(manager.cookie))).toEqual(nobody);
    });

    it('is no one after the password is changed from another session', async () => {
      const browser = await signIn('realtor2@acme.test');
      const elsewhere = await signIn('realtor2@acme.test');
      expect(await seen(sessionCookieHeader(browser.cookie))).toEqual(await staff('realtor2@acme.test'));
      const next = 'Another-Porch42!';
      const changed = await t.api({
        method: 'POST',
        path: '/id/password',
        token: elsewhere.token,
        body: { currentPassword: DEMO_PASSWORD, password: next, confirmPassword: next },
      });
      expect(changed.statusCode, changed.body).toBe(200);
      expect(await seen(sessionCookieHeader(browser.cookie))).toEqual(nobody);
      // The session that changed it goes on.
      expect(await seen(sessionCookieHeader(elsewhere.cookie))).toEqual(await staff('realtor2@acme.test'));
    });

    it('is no one after signing out, as themselves or while acting', async () => {
      const admin = await signIn('admin@acme.test');
      const out = await t.api({ method: 'POST', path: '/auth/logout', token: admin.token });
      expect(out.statusCode, out.body).toBe(204);
      expect(await seen(sessionCookieHeader(admin.cookie))).toEqual(nobody);

      const again = await signIn('admin@acme.test');
      const actingCookie = await startActing(again.token, 'realtor@acme.test');
      await endWhileActing({ method: 'POST', path: '/auth/logout' }, again.token, actingCookie);
      expect(await seen(sessionCookieHeader(again.cookie, actingCookie))).toEqual(nobody);
    });

    it('is no one for anything but GET and HEAD, nor for a route under the API', async () => {
      const admin = await signIn('admin@acme.test');
      const cookies = sessionCookieHeader(admin.cookie);
      expect(await seen(cookies, { method: 'POST' })).toEqual(nobody);
      expect(await seen(cookies, { path: '/ui/api/test-page/who' })).toEqual(nobody);
      const head = await t.api({ method: 'HEAD', path: `/${PAGE}`, headers: cookies });
      expect(head.statusCode).toBe(200);
    });

    describe('the corporation a page acts on', () => {
      it("is the person's own unless asked, and another only as the tenant-id header allows", async () => {
        const admin = await signIn('admin@acme.test');
        const cookies = sessionCookieHeader(admin.cookie);
        expect((await seen(cookies, { tenant: ACME_TENANT_ID.toUpperCase() })).tenantId).toBe(ACME_TENANT_ID);
        const foreign = await t.api({ path: `/${PAGE}?tenant=${BIRCH_TENANT_ID}`, headers: cookies });
        expectErrors(foreign, 403);
        expectErrors(await t.api({ path: `/${PAGE}?tenant=not-a-guid`, headers: cookies }), 400);

        const operator = await signIn('sysadmin@demo.test');
        const forBirch = await seen(sessionCookieHeader(operator.cookie), { tenant: BIRCH_TENANT_ID });
        expect(forBirch.tenantId).toBe(BIRCH_TENANT_ID);
      });
    });

    // Last: these move the test clock forwards.
    it('is the person themselves once acting has run out', async () => {
      const admin = await signIn('admin@acme.test');
      const actingCookie = await startActing(admin.token, 'realtor@acme.test');
      t.clock.advance(impersonationLifetimeMs + 1000);
      expect(await seen(sessionCookieHeader(admin.cookie, actingCookie))).toEqual(
        await staff('admin@acme.test'),
      );
    });

    it('is no one once the session has expired', async () => {
      const admin = await signIn('admin@acme.test');
      t.clock.advance(sessionLifetimeMs - 1000);
      expect(await seen(sessionCookieHeader(admin.cookie))).toEqual(await staff('admin@acme.test'));
      t.clock.advance(2000);
      expect(await seen(sessionCookieHeader(admin.cookie))).toEqual(nobody);
    });
  },
  { extend: addTestPages },
);
