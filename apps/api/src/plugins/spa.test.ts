import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerSpa, routePattern } from './spa';

const webDist = mkdtempSync(path.join(tmpdir(), 'homeminder-spa-'));
const indexHtml =
  '<!doctype html><html><head><title>HomeMinder</title></head><body><div id="root"></div></body></html>';
const routeChunks = {
  '/': ['assets/portal-1.js', 'assets/home-1.js'],
  '/clients': ['assets/portal-1.js', 'assets/clients-1.js'],
  '/clients/upload': ['assets/portal-1.js', 'assets/upload-1.js'],
  '/adm/edit/user/:id': ['assets/edit-user-1.js'],
  '/sys/notifications/:pageSize?/:page?': ['assets/notifications-1.js'],
  '/adm/manage-act': ['assets/manage-accounts-1.js'],
  '/adm/manage/:id': ['assets/manage-1.js'],
};
writeFileSync(path.join(webDist, 'index.html'), indexHtml);
writeFileSync(path.join(webDist, 'route-chunks.json'), JSON.stringify(routeChunks));

const preloads = (html: string) =>
  [...html.matchAll(/<link rel="modulepreload" crossorigin fetchpriority="low" href="([^"]+)">/g)].map(
    (match) => match[1],
  );

let app: FastifyInstance;
beforeAll(async () => {
  // The app's router options (app.ts), which the base path itself depends on.
  app = Fastify({ routerOptions: { caseSensitive: false, ignoreTrailingSlash: true } });
  await registerSpa(app, { basePath: '/ui/', webDist });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  rmSync(webDist, { recursive: true, force: true });
});

describe('route chunk preloads', () => {
  it.each([
    ['/ui/', ['/ui/assets/portal-1.js', '/ui/assets/home-1.js']],
    ['/ui', ['/ui/assets/portal-1.js', '/ui/assets/home-1.js']],
    ['/ui/clients', ['/ui/assets/portal-1.js', '/ui/assets/clients-1.js']],
    ['/ui/Clients/?x=1', ['/ui/assets/portal-1.js', '/ui/assets/clients-1.js']],
    ['/ui/CLIENTS/upload', ['/ui/assets/portal-1.js', '/ui/assets/upload-1.js']],
    ['/ui/adm/edit/user/42', ['/ui/assets/edit-user-1.js']],
    ['/ui/sys/notifications', ['/ui/assets/notifications-1.js']],
    ['/ui/sys/notifications/25/3/', ['/ui/assets/notifications-1.js']],
    ['/ui/adm/manage-act', ['/ui/assets/manage-accounts-1.js']],
    ['/ui/adm/manage/7', ['/ui/assets/manage-1.js']],
  ])('preloads the chunks of the route %s before the end of the head', async (url, files) => {
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(preloads(response.body)).toEqual(files);
    expect(response.body.replace(/<link rel="modulepreload"[^>]*>\n/g, '')).toBe(indexHtml);
    expect(response.body.indexOf('modulepreload')).toBeLessThan(response.body.indexOf('</head>'));
  });

  it.each([
    '/ui/nothing',
    '/ui/clients/info',
    '/ui/adm/edit/user',
    '/ui/adm/edit/user/1/2',
    '/ui/sys/notifications/1/2/3',
  ])('answers index.html unchanged for %s, which no route of the table matches', async (url) => {
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(indexHtml);
  });

  it('answers the same page for every visit, and the new build once it is there', async () => {
    const first = await app.inject({ method: 'GET', url: '/ui/clients' });
    expect((await app.inject({ method: 'GET', url: '/ui/clients/' })).body).toBe(first.body);

    const file = path.join(webDist, 'route-chunks.json');
    writeFileSync(file, JSON.stringify({ ...routeChunks, '/clients': ['assets/clients-2.js'] }));
    const later = new Date(Date.now() + 5_000);
    utimesSync(file, later, later);
    expect(preloads((await app.inject({ method: 'GET', url: '/ui/clients' })).body)).toEqual([
      '/ui/assets/clients-2.js',
    ]);
  });

  it('leaves out file names no build makes, and answers index.html without the map', async () => {
    const file = path.join(webDist, 'route-chunks.json');
    writeFileSync(
      file,
      JSON.stringify({ '/faq': ['assets/"><script>x</script>.js'], '/about': ['../x.js'] }),
    );
    const later = new Date(Date.now() + 10_000);
    utimesSync(file, later, later);
    expect((await app.inject({ method: 'GET', url: '/ui/faq' })).body).toBe(indexHtml);
    expect((await app.inject({ method: 'GET', url: '/ui/about' })).body).toBe(indexHtml);
    rmSync(file);
    expect((await app.inject({ method: 'GET', url: '/ui/' })).body).toBe(indexHtml);
  });
});

describe('the site root as the base path', () => {
  it('answers Home at /, with the route preloads, rather than sending it to itself', async () => {
    writeFileSync(path.join(webDist, 'route-chunks.json'), JSON.stringify(routeChunks));
    const rootApp = Fastify({ routerOptions: { caseSensitive: false, ignoreTrailingSlash: true } });
    await registerSpa(rootApp, { basePath: '/', webDist });
    try {
      const home = await rootApp.inject({ method: 'GET', url: '/' });
      expect(home.statusCode).toBe(200);
      expect(preloads(home.body)).toEqual(['/assets/portal-1.js', '/assets/home-1.js']);
      expect((await rootApp.inject({ method: 'GET', url: '/clients' })).statusCode).toBe(200);
    } finally {
      await rootApp.close();
    }
  });
});

describe('routePattern', () => {
  it('matches as the router does: any case, trailing slashes, one segment per parameter', () => {
    const pattern = routePattern('/adm/view/user/:id')!;
    expect(pattern.test('/adm/view/user/5')).toBe(true);
    expect(pattern.test('/ADM/View/User/5/')).toBe(true);
    expect(pattern.test('/adm/view/user')).toBe(false);
    expect(pattern.test('/adm/view/user/5/6')).toBe(false);
    expect(routePattern('/')!.test('/')).toBe(true);
    expect(routePattern('/')!.test('/x')).toBe(false);
    expect(routePattern('/a.b')!.test('/aXb')).toBe(false);
    expect(routePattern('*')).toBeNull();
  });
});
