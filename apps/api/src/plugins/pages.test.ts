import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inlineScriptHashes, registerSpa } from './spa';

// A stand-in for React Router's client build: the SPA fallback and a prerendered page under the base path.
const webDist = mkdtempSync(path.join(tmpdir(), 'homeminder-spa-'));
const fallbackScript = 'window.__reactRouterContext = {"basename":"/ui/"};';
const indexHtml = `<!DOCTYPE html><html><head><title>HomeMinder</title></head><body><script>${fallbackScript}</script><script type="module" src="/ui/assets/entry.js"></script></body></html>`;
const loginHtml =
  '<!DOCTYPE html><html><head><title>HomeMinder - Logon</title></head><body><form></form></body></html>';
writeFileSync(path.join(webDist, 'index.html'), indexHtml);
mkdirSync(path.join(webDist, 'ui', 'login'), { recursive: true });
writeFileSync(path.join(webDist, 'ui', 'login', 'index.html'), loginHtml);

const policy = "default-src 'self'; script-src 'self'; object-src 'none'";

let app: FastifyInstance;
beforeAll(async () => {
  // The app's router options (app.ts), which the base path itself depends on.
  app = Fastify({ routerOptions: { caseSensitive: false, ignoreTrailingSlash: true } });
  // As helmet does: the policy is set before the page's handler runs.
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('content-security-policy', policy);
  });
  await registerSpa(app, { basePath: '/ui/', webDist });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  rmSync(webDist, { recursive: true, force: true });
});

describe('pages', () => {
  it.each(['/ui/login', '/ui/Login/', '/ui/LOGIN?x=1'])(
    'answers the prerendered page for %s',
    async (url) => {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toBe(loginHtml);
    },
  );

  it.each(['/ui/', '/ui', '/ui/clients', '/ui/adm/edit/user/42', '/ui/no/such/page', '/ui/login/x'])(
    'answers the SPA fallback for %s',
    async (url) => {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(indexHtml);
    },
  );

  it("allows the page's inline scripts by their hashes, and no others", async () => {
    const hash = `'sha256-${createHash('sha256').update(fallbackScript).digest('base64')}'`;
    const fallback = await app.inject({ method: 'GET', url: '/ui/clients' });
    expect(fallback.headers['content-security-policy']).toBe(
      `default-src 'self'; script-src 'self' ${hash}; object-src 'none'`,
    );
    const login = await app.inject({ method: 'GET', url: '/ui/login' });
    expect(login.headers['content-security-policy']).toBe(policy);
  });

  it('answers the new build once it is there', async () => {
    const file = path.join(webDist, 'ui', 'login', 'index.html');
    writeFileSync(file, loginHtml.replace('<form>', '<form id="new">'));
    const later = new Date(Date.now() + 5_000);
    utimesSync(file, later, later);
    expect((await app.inject({ method: 'GET', url: '/ui/login' })).body).toContain('<form id="new">');
  });

  it('answers API paths and other methods 404, never a page', async () => {
    expect((await app.inject({ method: 'GET', url: '/ui/api/nothing' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'POST', url: '/ui/clients' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/elsewhere' })).statusCode).toBe(404);
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

describe('the site root as the base path', () => {
  it('answers Home at /, rather than sending it to itself', async () => {
    const rootApp = Fastify({ routerOptions: { caseSensitive: false, ignoreTrailingSlash: true } });
    await registerSpa(rootApp, { basePath: '/', webDist });
    try {
      const home = await rootApp.inject({ method: 'GET', url: '/' });
      expect(home.statusCode).toBe(200);
      expect(home.body).toBe(indexHtml);
      expect((await rootApp.inject({ method: 'GET', url: '/clients' })).body).toBe(indexHtml);
    } finally {
      await rootApp.close();
    }
  });
});
