import { createHash } from 'node:crypto';
import { utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { standInWebBuild } from '../test/stand-in-web-build';
import { inlineScriptHashes, registerPages } from './pages';

// React Router's build of the web app, its pages' loaders served by a route of the test.
const build = standInWebBuild({ loaderApiPath: 'echo' });
const { webDist, loginHtml, pageOf } = build;

const policy = "default-src 'self'; script-src 'self'; object-src 'none'";

let app: FastifyInstance;
beforeAll(async () => {
  // The app's router options (app.ts), which the base path itself depends on.
  app = Fastify({ routerOptions: { caseSensitive: false, ignoreTrailingSlash: true } });
  // As helmet does: the policy is set before the page's handler runs.
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('content-security-policy', policy);
  });
  app.get('/ui/api/echo', async (request) => ({
    ip: request.ip,
    signedIn: 'authorization' in request.headers,
  }));
  app.post('/ui/api/start-session', async (_request, reply) =>
    reply.header('set-cookie', 'homeminder_session=new-session; Path=/ui/; HttpOnly').send({}),
  );
  await registerPages(app, { basePath: '/ui/', webDist });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  build.remove();
});

/** Posts a form to a page, as a browser does without the page's script. */
const postForm = (url: string, payload: string, headers: Record<string, string> = {}) =>
  app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload,
  });

describe('pages', () => {
  it.each(['/ui/login', '/ui/Login/', '/ui/LOGIN?x=1'])(
    'responds with the prerendered page for %s',
    async (url) => {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toBe(loginHtml);
    },
  );

  it('sends the base path without its slash to the base path', async () => {
    const response = await app.inject({ method: 'GET', url: '/ui?x=1' });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/ui/?x=1');
  });

  it.each(['/ui/', '/ui/clients', '/ui/adm/edit/user/42', '/ui/no/such/page', '/ui/login/x'])(
    'renders %s on the server, the API responding to its loader in-process',
    async (url) => {
      const response = await app.inject({ method: 'GET', url, remoteAddress: '203.0.113.9' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
      const page = pageOf(response.body);
      expect(new URL(page.url).pathname).toBe(url);
      // The API saw the visitor's address, and no sign-in the page did not give it.
      expect(page.data).toEqual({ status: 200, api: { ip: '203.0.113.9', signedIn: false } });
    },
  );

  it("allows the prerendered page's inline scripts by their hashes, and a rendered page's by its nonce", async () => {
    const login = await app.inject({ method: 'GET', url: '/ui/login' });
    expect(login.headers['content-security-policy']).toBe(policy);
    const first = await app.inject({ method: 'GET', url: '/ui/clients' });
    const second = await app.inject({ method: 'GET', url: '/ui/clients' });
    const nonce = pageOf(first.body).nonce;
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(pageOf(second.body).nonce).not.toBe(nonce);
    expect(first.headers['content-security-policy']).toBe(
      `default-src 'self'; script-src 'self' 'nonce-${nonce}'; object-src 'none'`,
    );
  });

  it("refuses a form another site posts, before the page's action runs", async () => {
    const response = await postForm('/ui/answer/done?token=abc', 'note=Not+mine', {
      origin: 'https://elsewhere.example',
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).not.toContain('Not mine');
  });

  it("hands a posted form to the page's action as it came", async () => {
    const response = await postForm('/ui/answer/done?token=abc', 'note=New+filter&doneOn=2026-11-20');
    expect(response.statusCode).toBe(200);
    expect(pageOf(response.body).posted).toEqual({ note: 'New filter', doneOn: '2026-11-20' });
  });

  it("passes on the session an action's API call starts, as the API would have set it", async () => {
    const response = await postForm('/ui/register?token=abc', 'call=start-session');
    expect(response.statusCode).toBe(200);
    expect(response.headers['set-cookie']).toBe('homeminder_session=new-session; Path=/ui/; HttpOnly');
  });

  it('responds with the new build once it is there', async () => {
    const file = path.join(webDist, 'ui', 'login', 'index.html');
    writeFileSync(file, loginHtml.replace('<form>', '<form id="new">'));
    const later = new Date(Date.now() + 5_000);
    utimesSync(file, later, later);
    expect((await app.inject({ method: 'GET', url: '/ui/login' })).body).toContain('<form id="new">');
  });

  it('responds 404 to API paths, other methods and other addresses, never a page', async () => {
    for (const [method, url] of [
      ['GET', '/ui/api/nothing'],
      ['POST', '/ui/api/nothing'],
      ['PUT', '/ui/clients'],
      ['DELETE', '/ui/clients'],
      ['GET', '/elsewhere'],
    ] as const) {
      const response = await app.inject({ method, url });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json()).toEqual({ Errors: ['There is nothing at this address.'] });
    }
  });
});

describe('inlineScriptHashes', () => {
  it('hashes inline scripts only, whatever their attributes', () => {
    const html = '<script>a()</script><script type="module">b()</script><script src="/x.js"></script>';
    expect(inlineScriptHashes(html)).toEqual(
      ['a()', 'b()'].map((code) => `'sha256-${createHash('sha256').update(code).digest('base64')}'`),
    );
  });
});

describe('an app that is not built', () => {
  it('responds 404 for its pages', async () => {
    const bare = Fastify();
    await registerPages(bare, { basePath: '/ui/', webDist: path.join(webDist, 'nothing', 'client') });
    try {
      const response = await bare.inject({ method: 'GET', url: '/ui/clients' });
      expect(response.statusCode).toBe(404);
    } finally {
      await bare.close();
    }
  });
});
