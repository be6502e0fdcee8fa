/**
 * A page the server renders reads the API in-process as the person its session cookie names
 * (plugins/pages.ts): exactly the responses to that person's own API requests, in their corporation
 * and realtor scope, and nothing once the session has ended. The page never carries the token.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ACME_TENANT_ID, BIRCH_TENANT_ID, DEMO_PASSWORD } from '../db/demo-data';
import { sessionCookieNames } from '../plugins/session-cookies';
import { cookieValue, sessionCookieHeader } from '../test/cookies';
import { standInWebBuild, type StandInPage } from '../test/stand-in-web-build';
import { describeEachDriver, type TestApp } from '../test/test-app';
import { acting, tenantUserId } from '../test/users';

const build = standInWebBuild();
afterAll(() => build.remove());

/** What a page, asked for with these cookies, read of the API path `read`, and the page's HTML. */
async function page(
  t: TestApp,
  cookies: Record<string, string>,
  read: string,
  method: 'GET' | 'POST' = 'GET',
) {
  const response = await t.api({
    method,
    path: `//ui/some-page?read=${encodeURIComponent(read)}`,
    headers:
      method === 'POST' ? { ...cookies, 'content-type': 'application/x-www-form-urlencoded' } : cookies,
    ...(method === 'POST' ? { body: 'field=1' } : {}),
  });
  expect(response.statusCode, response.body).toBe(200);
  const seen = build.pageOf(response.body) as StandInPage & { data: { status: number; api: unknown } };
  return { html: response.body, viewer: seen.viewer, status: seen.data.status, response: seen.data.api };
}

/** Signs in as a browser does: the bearer token and the session cookie set with it. */
async function signIn(t: TestApp, email: string) {
  const response = await t.api({
    method: 'POST',
    path: '/auth/login/',
    body: { username: email, password: DEMO_PASSWORD },
  });
  expect(response.statusCode, response.body).toBe(200);
  return {
    token: response.json<{ token: string }>().token,
    cookie: cookieValue(response, sessionCookieNames.session)!,
  };
}

const people = [
  'admin@acme.test',
  'manager@acme.test',
  'realtor@acme.test',
  'realtor2@acme.test',
  'realtor@birch.test',
];

describeEachDriver(
  'pages read as their person',
  (t) => {
    /** A client of each realtor, to ask for across realtors and corporations. */
    const clientOf: Record<string, string> = {};

    beforeAll(async () => {
      for (const realtor of ['realtor@acme.test', 'realtor2@acme.test', 'realtor@birch.test']) {
        const [client] = await t.rows<{ id: string }>(sql`
          select c.id from client_users c join tenant_users r on r.tenant_id = c.tenant_id and r.id = c.realtor_id
           where r.email = ${realtor} order by c.id limit 1`);
        clientOf[realtor] = client!.id;
      }
    });

    it.each(people)(
      'reads for %s the responses to their own API requests, and carries no token',
      async (email) => {
        const { token, cookie } = await signIn(t, email);
        const reads = ['home/summary', 'home/attention', 'clients/realtors', 'auth/who-am-i'];
        reads.push(...Object.values(clientOf).map((id) => `clients/client/${id}`));
        for (const read of reads) {
          const own = await t.api({ path: `/${read}`, token });
          const rendered = await page(t, sessionCookieHeader(cookie), read);
          expect({ read, status: rendered.status, response: rendered.response }).toEqual({
            read,
            status: own.statusCode,
            response: own.json<unknown>(),
          });
          expect(rendered.html).not.toContain(token);
        }
        const who = await page(t, sessionCookieHeader(cookie), 'auth/who-am-i');
        expect(who.viewer).toMatchObject({
          userId: await tenantUserId(t, email),
          tenantId: email.endsWith('birch.test') ? BIRCH_TENANT_ID : ACME_TENANT_ID,
          kind: 'staff',
        });
      },
    );

    it("never reads another realtor's client, nor another corporation's", async () => {
      const { cookie } = await signIn(t, 'realtor@acme.test');
      const own = await page(
        t,
        sessionCookieHeader(cookie),
        `clients/client/${clientOf['realtor@acme.test']}`,
      );
      expect(own.status).toBe(200);
      for (const other of ['realtor2@acme.test', 'realtor@birch.test']) {
        const read = await page(t, sessionCookieHeader(cookie), `clients/client/${clientOf[other]}`);
        expect(read.status, other).toBeGreaterThanOrEqual(400);
        expect(JSON.stringify(read.response)).not.toContain(clientOf[other]);
      }
    });

    it('reads as nobody without a live session: no cookie, after logout, or for a posted form', async () => {
      expect(await page(t, {}, 'home/summary')).toMatchObject({ viewer: null, status: 401 });
      const { token, cookie } = await signIn(t, 'manager@acme.test');
      // Another site's form comes with no cookie of a Lax session; even one that did reads nothing.
      expect(await page(t, sessionCookieHeader(cookie), 'home/summary', 'POST')).toMatchObject({
        viewer: null,
        status: 401,
      });
      expect((await t.api({ method: 'POST', path: '/auth/logout', token })).statusCode).toBe(204);
      expect(await page(t, sessionCookieHeader(cookie), 'home/summary')).toMatchObject({
        viewer: null,
        status: 401,
      });
    });

    it('reads as the user acted as, then as the person again once they switch back', async () => {
      const admin = await signIn(t, 'admin@acme.test');
      const started = await t.api({
        method: 'POST',
        path: `/auth/impersonate/${await tenantUserId(t, 'realtor@acme.test')}`,
        token: admin.token,
      });
      const actingCookie = cookieValue(started, sessionCookieNames.acting)!;
      const asRealtor = await page(t, sessionCookieHeader(admin.cookie, actingCookie), 'auth/who-am-i');
      expect(asRealtor.response).toMatchObject({ email: 'realtor@acme.test' });
      expect(asRealtor.response).not.toMatchObject({ impersonatedBy: null });
      expect(asRealtor.html).not.toContain(actingCookie);

      const reverted = await t.api({
        method: 'DELETE',
        path: '/auth/impersonate',
        token: admin.token,
        headers: acting(actingCookie),
      });
      expect(reverted.statusCode).toBe(204);
      const again = await page(t, sessionCookieHeader(admin.cookie, actingCookie), 'auth/who-am-i');
      expect(again.response).toMatchObject({ email: 'admin@acme.test', impersonatedBy: null });
    });
  },
  { webDist: build.webDist },
);
