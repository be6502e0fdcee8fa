import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@homeminder/shared/validation/messages';
import { standInWebBuild } from '../test/stand-in-web-build';
import { describeEachDriver, expectErrors, type ApiRequest } from '../test/test-app';

// A stand-in for the built web app, so its pages can be told apart from API responses.
const build = standInWebBuild();
const { webDist, loginHtml } = build;
afterAll(() => build.remove());

const nothingHere = 'There is nothing at this address.';

describeEachDriver(
  'error shape and serving',
  (t) => {
    let token: string;
    beforeAll(async () => {
      token = await t.login('admin@acme.test');
    });

    describe('unknown API paths', () => {
      it.each(['GET', 'POST', 'PUT', 'DELETE'] as const)('%s responds 404 with Errors', async (method) => {
        expectErrors(await t.api({ method, path: '/no/such/thing' }), 404, nothingHere);
      });

      it('responds 404 with Errors to a signed-in user too, and never the web page', async () => {
        const response = await t.api({ path: '/no/such/thing', token });
        expectErrors(response, 404, nothingHere);
        expect(response.body).not.toContain('<!doctype');
        expectErrors(await t.api({ path: '//ui/API/nothing' }), 404, nothingHere);
      });

      it('responds 404 to a known path with the wrong method', async () => {
        expectErrors(await t.api({ method: 'GET', path: '/auth/login' }), 404, nothingHere);
        expectErrors(await t.api({ method: 'DELETE', path: '/auth/who-am-i' }), 404, nothingHere);
      });
    });

    it('routes API paths in any letter case and with a trailing slash', async () => {
      expect((await t.api({ path: '//ui/API/Auth/Who-Am-I', token })).json()).toMatchObject({
        isAuthenticated: true,
      });
      expect((await t.api({ path: '/lookups/us-states/' })).statusCode).toBe(200);
    });

    describe('malformed requests', () => {
      const login = (payload: string, contentType: string): ApiRequest => ({
        method: 'POST',
        path: '/auth/login',
        body: payload,
        headers: { 'content-type': contentType },
      });

      it.each([
        [
          'invalid JSON',
          400,
          '{"username": "admin@acme.test",',
          'application/json',
          'The request body is not valid JSON.',
        ],
        ['an empty JSON body', 400, '', 'application/json', 'The request body is empty. Send a JSON body.'],
        [
          'content other than JSON',
          415,
          'username=admin@acme.test&password=x',
          'application/x-www-form-urlencoded',
          'This kind of content is not accepted here. Send JSON.',
        ],
      ])('refuses %s with %i', async (_, status, payload, contentType, message) => {
        expectErrors(await t.api(login(payload, contentType)), status, message);
      });

      it('refuses a body over 1 MiB with 413', async () => {
        const huge = JSON.stringify({ username: 'admin@acme.test', password: 'x'.repeat(1024 * 1024) });
        expectErrors(await t.api(login(huge, 'application/json')), 413, 'The request is too large.');
      });

      it('refuses a JSON array or null where an object is expected with 400', async () => {
        expectErrors(await t.api(login('[]', 'application/json')), 400);
        expectErrors(await t.api(login('null', 'application/json')), 400);
      });

      it('refuses a NUL character in a body, however deep, with 400', async () => {
        const nul = JSON.stringify({ username: 'admin@acme.test\u0000', password: 'x' });
        expectErrors(await t.api(login(nul, 'application/json')), 400, messages.nulCharacter);
        const deep = JSON.stringify({ username: 'a@b.test', password: 'x', extra: [{ ['k\u0000']: 1 }] });
        expectErrors(await t.api(login(deep, 'application/json')), 400, messages.nulCharacter);
        // The six characters of an escaped backslash followed by "u0000" are ordinary text.
        const lookalike = JSON.stringify({ username: 'admin@acme.test', password: '\\u0000' });
        expect((await t.api(login(lookalike, 'application/json'))).statusCode).toBe(401);
      });

      it('refuses a NUL character in the query or a path parameter with 400', async () => {
        expectErrors(await t.api({ path: '/lookups/company-info/ab%00cd' }), 400, messages.nulCharacter);
        expectErrors(await t.api({ path: '/auth/who-am-i?x=%00' }), 400, messages.nulCharacter);
      });

      it('refuses a poisoned prototype in JSON with 400', async () => {
        const poisoned = '{"username":"a@b.test","password":"x","__proto__":{"admin":true}}';
        expectErrors(await t.api(login(poisoned, 'application/json')), 400);
      });
    });

    it('responds with every refusal as a 4xx with a non-empty Errors array of strings', async () => {
      const refusals: ApiRequest[] = [
        { path: '/nope' },
        { method: 'POST', path: '/auth/login', body: {} },
        { method: 'POST', path: '/auth/login', body: { username: 'admin@acme.test', password: 'wrong' } },
        { path: '/id/tenant-details' },
        { path: '/id/tenant-details', token: 'garbage' },
        { path: '/id/tenant-details', token, tenantId: 'nope' },
        { path: '/id/tenant-details', token, tenantId: '0b0b0b0b-0000-4000-8000-000000000b1c' },
        { path: '/lookups/company-info/nope', token },
        { path: '/lookups/company-info/0b0b0b0b-0000-4000-8000-000000000b1c', token },
        { method: 'POST', path: '/sec/permission/ui-check', token, body: { uiElement: 5 } },
        { method: 'POST', path: '/sec/permission/privileges', body: ['AdminModule'] },
        { method: 'POST', path: '/auth/logout' },
        { path: '/id/profile/image?responseType=pdf', token },
      ];
      for (const request of refusals) {
        const response = await t.api(request);
        const where = `${request.method ?? 'GET'} ${request.path}: ${response.body}`;
        expect(response.statusCode, where).toBeGreaterThanOrEqual(400);
        expect(response.statusCode, where).toBeLessThan(500);
        const body = response.json<{ Errors: unknown }>();
        expect(Object.keys(body as object), where).toEqual(['Errors']);
        expect(Array.isArray(body.Errors), where).toBe(true);
        expect((body.Errors as unknown[]).length, where).toBeGreaterThan(0);
        for (const message of body.Errors as unknown[]) {
          expect(typeof message, where).toBe('string');
          expect((message as string).length, where).toBeGreaterThan(0);
        }
      }
    });

    it('sets the security headers on API responses', async () => {
      const response = await t.api({ path: '/auth/who-am-i' });
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['content-security-policy']).toContain("default-src 'self'");
      expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      // An emailed link's address never leaves the site as a referrer.
      expect(response.headers['referrer-policy']).toBe('same-origin');
    });

    describe('the web app', () => {
      /** The body of a page of the web app, checked to be HTML, never cached, running scripts only of the site. */
      const page = async (url: string) => {
        const response = await t.app.inject({ method: 'GET', url });
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-type']).toMatch(/^text\/html/);
        expect(response.headers['cache-control']).toBe('no-cache');
        expect(response.headers['content-security-policy']).toContain("script-src 'self'");
        return response.body;
      };

      /** The address a page rendered on the server was asked for, and what its loader read. */
      const rendered = async (url: string) => build.pageOf(await page(url));

      it.each(['/ui/login', '/ui/Login/', '/ui/login?x=1'])(
        'responds to %s with the page prerendered at build time',
        async (url) => {
          expect(await page(url)).toBe(loginHtml);
        },
      );

      it.each([
        '/ui/adm/manage',
        '/ui/clients/info?x=1',
        '/ui/',
        '/ui/?x=1',
        '/ui/Adm/Audit',
        '/ui/login/x',
        '/ui/register',
      ])('renders %s on the server, its loader reading the API in-process', async (url) => {
        const shown = await rendered(url);
        expect(new URL(shown.url).pathname + new URL(shown.url).search).toBe(url);
        expect(shown.data).toMatchObject({ status: 200, api: { status: 'ok' } });
      });

      it('sends the base path without its slash to the base path', async () => {
        const response = await t.app.inject({ method: 'GET', url: '/ui?x=1' });
        expect(response.statusCode).toBe(302);
        expect(response.headers.location).toBe('/ui/?x=1');
      });

      it.each(['/ui/', '/ui/?x=1', '/ui/clients'])(
        'compresses the page at %s, as every page',
        async (url) => {
          const response = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
          expect(response.statusCode).toBe(200);
          expect(response.headers['content-encoding']).toBe('gzip');
          expect(gunzipSync(response.rawPayload).toString('utf8')).toContain(
            '<title>HomeMinder test build</title>',
          );
        },
      );

      it('never responds with a file outside the pages for a page', async () => {
        for (const url of ['/ui/ui', '/ui/..%2Findex', '/ui/home']) {
          expect(new URL((await rendered(url)).url).pathname, url).toBe(url);
        }
      });

      it('serves files, hashed assets for a year', async () => {
        const asset = await t.app.inject({ method: 'GET', url: '/ui/assets/app-1a2b3c.js' });
        expect(asset.statusCode).toBe(200);
        expect(asset.body).toBe('console.log("app");');
        expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        const robots = await t.app.inject({ method: 'GET', url: '/ui/robots.txt' });
        expect(robots.headers['cache-control']).toBe('no-cache');
      });

      it('redirects the site root to the base path', async () => {
        const response = await t.app.inject({ method: 'GET', url: '/' });
        expect(response.statusCode).toBe(302);
        expect(response.headers.location).toBe('/ui/');
      });

      it('responds 404 with Errors outside the base path and for other methods', async () => {
        expectErrors(await t.app.inject({ method: 'GET', url: '/elsewhere' }), 404, nothingHere);
        expectErrors(await t.app.inject({ method: 'PUT', url: '/ui/adm/manage' }), 404, nothingHere);
      });
    });

    describe('when the database goes away', () => {
      it('responds 200 to health while it is there', async () => {
        const response = await t.api({ path: '/health' });
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual({ status: 'ok' });
      });

      // Runs last: it closes this suite's database.
      it('responds 503 to health and 500 to other calls with the default text, no details', async () => {
        await t.database.close();
        const health = await t.api({ path: '/health' });
        expect(health.statusCode).toBe(503);
        expect(health.json()).toEqual({ status: 'database unreachable' });

        const login = await t.api({
          method: 'POST',
          path: '/auth/login',
          body: { username: 'admin@acme.test', password: 'whatever' },
        });
        expect(login.statusCode).toBe(500);
        expect(login.json()).toEqual({ Errors: [messages.serverError] });
        const details = await t.api({ path: '/id/tenant-details', token });
        expect(details.statusCode).toBe(500);
        expect(details.json()).toEqual({ Errors: [messages.serverError] });
      });
    });
  },
  { webDist },
);
