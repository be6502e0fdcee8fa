/**
 * The session cookie is a sign-in for pages only (plugins/session-cookies.ts). Every operation of
 * the OpenAPI document, sent with nothing but a signed-in administrator's cookie, must respond as
 * it does to nobody and leave the database as it was; so must forms another site posts.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import type { WhoAmI } from '@homeminder/shared/contracts/auth';
import { ACME_TENANT_ID, DEMO_PASSWORD } from '../db/demo-data';
import { sessionCookieNames } from '../plugins/session-cookies';
import { cookieValue, sessionCookieHeader } from '../test/cookies';
import { openApiDocument } from '../test/openapi-contract';
import { describeEachDriver, type ApiRequest, type TestApp } from '../test/test-app';
import { acting, tenantUserId } from '../test/users';

type Method = NonNullable<ApiRequest['method']>;

/** Every table's rows, one digest a table: any change to any row shows, and where. */
async function databaseFingerprint(t: TestApp): Promise<Record<string, string>> {
  const tables = await t.rows<{ name: string }>(sql`
    select table_name as name from information_schema.tables
     where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`);
  const digests = tables.map(({ name }) =>
    sql.raw(
      `select '${name}' as name, md5(coalesce(string_agg(r::text, '|' order by r::text), '')) as digest from "${name}" r`,
    ),
  );
  const rows = await t.rows<{ name: string; digest: string }>(sql.join(digests, sql.raw(' union all ')));
  return Object.fromEntries(rows.map((row) => [row.name, row.digest]));
}

/** Acme's own records, so that a request the cookie signed in would really change something. */
interface AcmeIds {
  realtor: string;
  client: string;
}

function filledPath(path: string, ids: AcmeIds): string {
  return path.replace(/^\/api/, '').replace(/\{(\w+)\}/g, (_match, name: string) => {
    const param = name.toLowerCase();
    if (param === 'page' || param === 'pagesize') return '1';
    if (param === 'action') return 'done';
    if (param === 'tenant' || path.includes('/corporation/')) return ACME_TENANT_ID;
    if (param === 'userid' || path.includes('/admin/user/')) return ids.realtor;
    return ids.client;
  });
}

const operations = Object.entries(openApiDocument.paths).flatMap(([path, item]) =>
  Object.entries(item).map(([method, operation]) => ({
    path,
    method: method.toUpperCase() as Method,
    takesBody: Boolean(operation.requestBody),
    isPublic: Array.isArray(operation.security) && operation.security.length === 0,
  })),
);

/** The three kinds of body an HTML form of another site can send without asking first. */
function formBodies(fields: Record<string, string>) {
  const boundary = 'ElsewhereFormBoundary7MA4YWxkTrZu0gW';
  const multipart = Object.entries(fields)
    .map(
      ([name, value]) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    )
    .join('');
  return [
    { type: 'application/x-www-form-urlencoded', body: new URLSearchParams(fields).toString() },
    { type: `multipart/form-data; boundary=${boundary}`, body: `${multipart}--${boundary}--\r\n` },
    {
      type: 'text/plain',
      body: Object.entries(fields)
        .map(([name, value]) => `${name}=${value}`)
        .join('\r\n'),
    },
  ];
}

describeEachDriver('the session cookie is no sign-in for the API', (t) => {
  let admin: { token: string; cookie: string };
  let ids: AcmeIds;

  beforeAll(async () => {
    const response = await t.api({
      method: 'POST',
      path: '/auth/login/',
      body: { username: 'admin@acme.test', password: DEMO_PASSWORD },
    });
    expect(response.statusCode, response.body).toBe(200);
    admin = {
      token: response.json<{ token: string }>().token,
      cookie: cookieValue(response, sessionCookieNames.session)!,
    };
    const [client] = await t.rows<{ id: string }>(
      sql`select id from client_users where tenant_id = ${ACME_TENANT_ID} order by id limit 1`,
    );
    ids = { realtor: await tenantUserId(t, 'realtor@acme.test'), client: client!.id };
  });

  /** The administrator is still signed in: no request above signed them out. */
  async function expectStillSignedIn(headers: Record<string, string> = {}) {
    const who = await t.api({ path: '/auth/who-am-i', token: admin.token, headers });
    expect(who.json<WhoAmI>().isAuthenticated).toBe(true);
    return who.json<WhoAmI>();
  }

  it('holds a live token, which the fingerprint would see a change of', async () => {
    // As a bearer token, the cookie's value is the administrator's sign-in.
    const asBearer = await t.api({ path: '/auth/who-am-i', token: admin.cookie });
    expect(asBearer.json<WhoAmI>()).toMatchObject({ isAuthenticated: true, email: 'admin@acme.test' });
    const other = await t.login('admin@acme.test');
    const before = await databaseFingerprint(t);
    expect((await t.api({ method: 'POST', path: '/auth/logout', token: other })).statusCode).toBe(204);
    expect(await databaseFingerprint(t)).not.toEqual(before);
  });

  it('responds to who-am-i with the cookie alone as to nobody', async () => {
    const who = await t.api({ path: '/auth/who-am-i', headers: sessionCookieHeader(admin.cookie) });
    expect(who.statusCode).toBe(200);
    expect(who.json<WhoAmI>()).toMatchObject({ isAuthenticated: false, userID: null });
  });

  it(
    'responds to every operation that changes anything as to nobody, and changes nothing',
    {
      timeout: 300_000,
    },
    async () => {
      const changing = operations.filter(({ method }) => method !== 'GET' && method !== 'HEAD');
      expect(changing.length).toBeGreaterThan(50);
      const differences: string[] = [];
      for (const operation of changing) {
        const request: ApiRequest = {
          method: operation.method,
          path: filledPath(operation.path, ids),
          ...(operation.takesBody ? { body: {} } : {}),
        };
        const before = await databaseFingerprint(t);
        const withCookie = await t.api({ ...request, headers: sessionCookieHeader(admin.cookie) });
        const changed = await databaseFingerprint(t);
        const without = await t.api(request);
        const what = `${operation.method} ${request.path}`;
        if (withCookie.statusCode !== without.statusCode || withCookie.body !== without.body) {
          differences.push(
            `${what}: ${withCookie.statusCode} with the cookie, ${without.statusCode} without`,
          );
        }
        if (!operation.isPublic && withCookie.statusCode !== 401) {
          differences.push(`${what}: answered ${withCookie.statusCode} with the cookie, not 401`);
        }
        expect(changed, `${what} changed the database`).toEqual(before);
      }
      expect(differences).toEqual([]);
      await expectStillSignedIn();
    },
  );

  it('responds to every reading operation as to nobody', { timeout: 120_000 }, async () => {
    const reading = operations.filter(({ method }) => method === 'GET');
    expect(reading.length).toBeGreaterThan(20);
    const differences: string[] = [];
    for (const operation of reading) {
      const path = filledPath(operation.path, ids);
      const withCookie = await t.api({ path, headers: sessionCookieHeader(admin.cookie) });
      const without = await t.api({ path });
      if (withCookie.statusCode !== without.statusCode || withCookie.body !== without.body) {
        differences.push(
          `GET ${path}: ${withCookie.statusCode} with the cookie, ${without.statusCode} without`,
        );
      }
      if (!operation.isPublic && withCookie.statusCode !== 401) {
        differences.push(`GET ${path}: answered ${withCookie.statusCode} with the cookie, not 401`);
      }
    }
    expect(differences).toEqual([]);
  });

  it("changes nothing for a form another site posts with the administrator's cookies", async () => {
    const actingStarted = await t.api({
      method: 'POST',
      path: `/auth/impersonate/${await tenantUserId(t, 'manager@acme.test')}`,
      token: admin.token,
    });
    expect(actingStarted.statusCode, actingStarted.body).toBe(200);
    const actingCookie = cookieValue(actingStarted, sessionCookieNames.acting)!;
    const forged = 'Forged-Passw0rd!';
    const forms: Array<{ path: string; fields: Record<string, string> }> = [
      { path: '/auth/logout', fields: {} },
      { path: `/auth/impersonate/${ids.realtor}`, fields: {} },
      {
        path: '/admin/user',
        fields: {
          tenantId: ACME_TENANT_ID,
          email: 'forged@acme.test',
          firstName: 'Forged',
          lastName: 'User',
          role: 'CorporateAdmin',
        },
      },
      {
        path: '/id/password',
        fields: { currentPassword: DEMO_PASSWORD, password: forged, confirmPassword: forged },
      },
      { path: '/admin/tenantUsers/disable', fields: { tenantId: ACME_TENANT_ID, userId: ids.realtor } },
      { path: `/clients/invite/${ids.client}`, fields: {} },
    ];
    for (const { path, fields } of forms) {
      for (const { type, body } of formBodies(fields)) {
        const request: ApiRequest = {
          method: 'POST',
          path,
          body,
          headers: { 'content-type': type, origin: 'https://elsewhere.example' },
        };
        const before = await databaseFingerprint(t);
        const withCookies = await t.api({
          ...request,
          headers: { ...request.headers, ...sessionCookieHeader(admin.cookie, actingCookie) },
        });
        expect(await databaseFingerprint(t), `${path} as ${type} changed the database`).toEqual(before);
        const without = await t.api(request);
        expect(withCookies.statusCode, `${path} as ${type}`).toBe(without.statusCode);
        expect([401, 415], `${path} as ${type}: ${withCookies.body}`).toContain(withCookies.statusCode);
      }
    }
    // Neither the sign-in nor the acting ended, and the forged password was not set.
    expect((await expectStillSignedIn(acting(actingCookie))).email).toBe('manager@acme.test');
    expect((await expectStillSignedIn()).email).toBe('admin@acme.test');
    expect(await t.login('admin@acme.test', DEMO_PASSWORD)).toBeTruthy();
  });
});
