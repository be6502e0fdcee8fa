import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';

/**
 * Serves the built single-page app under the base path, in history mode: any GET under the base
 * path that is not a file or an API call answers index.html, and the app's router takes over.
 * A path the build drew ahead (dist/pages/<name>.html: the sign-in screens, decision 031; Home,
 * as _home.html, and the client grid, decision 044) answers that copy of index.html instead, which the browser paints before the app arrives.
 * Any other path of the app's route table answers index.html with its route's chunks preloaded
 * (dist/route-chunks.json, decision 035), so they download beside the entry instead of after it.
 */
export async function registerSpa(app: FastifyInstance, options: { basePath: string; webDist: string }) {
  const { basePath, webDist } = options;
  const indexFile = path.join(webDist, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn({ webDist }, 'the web app is not built; run `npm run build` to serve it');
  }
  // The files are re-read (and re-parsed) only when a new build replaces them.
  const cache = new Map<string, { mtimeMs: number; value: unknown }>();
  const readBuilt = <T>(file: string, parse: (text: string) => T): T | null => {
    try {
      const { mtimeMs } = statSync(file);
      let cached = cache.get(file);
      if (cached?.mtimeMs !== mtimeMs) {
        cached = { mtimeMs, value: parse(readFileSync(file, 'utf8')) };
        cache.set(file, cached);
      }
      return cached.value as T;
    } catch {
      return null;
    }
  };
  const readPage = (file: string) => readBuilt(file, (text) => text);
  const readRoutes = () => readBuilt(path.join(webDist, 'route-chunks.json'), parseRouteChunks);
  /** index.html with a route's preloads, made once per route and build. */
  const preloaded = new Map<string, { index: string; routes: RouteChunks[]; html: string }>();

  /** The page for an address under the base path: its own drawn copy if the build made one. */
  const pageHtml = (url: string): string | null => {
    // Routes match in any letter case and with a trailing slash (decision 005).
    const name = url.slice(basePath.length).replace(/\/+$/, '').toLowerCase();
    // Home's page is `_home.html`: no address but the base path itself can name it.
    const file = name === '' ? '_home' : /^[a-z]+$/.test(name) ? name : null;
    const drawn = file ? readPage(path.join(webDist, 'pages', `${file}.html`)) : null;
    if (drawn) return drawn;
    const index = readPage(indexFile);
    const routes = readRoutes();
    if (!index || !routes) return index;
    const route = routes.find((candidate) => candidate.pattern.test(`/${url.slice(basePath.length)}`));
    if (!route || !index.includes('</head>')) return index;
    let page = preloaded.get(route.path);
    if (page?.index !== index || page.routes !== routes) {
      // Low priority: the entry and its own chunks come first, the route's as soon as there is room.
      const links = route.files.map(
        (file) => `<link rel="modulepreload" crossorigin fetchpriority="low" href="${basePath}${file}">\n`,
      );
      page = { index, routes, html: index.replace('</head>', `${links.join('')}</head>`) };
      preloaded.set(route.path, page);
    }
    return page.html;
  };

  await app.register(fastifyStatic, {
    root: webDist,
    prefix: basePath,
    wildcard: true,
    index: false,
    setHeaders(res, filePath) {
      // Hashed assets never change; everything else is checked on every visit.
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      res.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });

  const apiPrefix = `${basePath}api/`;
  const answerPage = (request: FastifyRequest, reply: FastifyReply) => {
    const url = request.url.split('?')[0] ?? '';
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') && !url.toLowerCase().startsWith(apiPrefix);
    if (wantsPage && url === '/' && basePath !== '/') return reply.redirect(basePath);
    const html = wantsPage && (url.startsWith(basePath) || `${url}/` === basePath) ? pageHtml(url) : null;
    if (html) return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
    return reply.status(404).send({ Errors: ['There is nothing at this address.'] });
  };
  // The base path names Home's page, which is no file: it gets a route of its own. The static
  // files' route (`<base>*`) would take it for the folder and refuse it at the site root, or not
  // match it at all, and what no route matches is not compressed (@fastify/compress works on
  // routes). It is a page, not part of the API's document.
  app.get(basePath, { schema: { hide: true } }, answerPage);
  app.setNotFoundHandler(answerPage);
}

/** A route of the app (as its route table writes it) and the chunk files its screen needs. */
interface RouteChunks {
  path: string;
  pattern: RegExp;
  files: string[];
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A route path as the app's router matches it: any letter case, a trailing slash allowed, `:name`
 * one segment and `:name?` an optional one. Null for a splat, which is not preloaded.
 */
export function routePattern(routePath: string): RegExp | null {
  let source = '';
  for (const segment of routePath.split('/').filter(Boolean)) {
    if (segment.includes('*')) return null;
    const parameter = /^:\w+(\?)?$/.exec(segment);
    if (parameter) source += parameter[1] ? '(?:/[^/]+)?' : '/[^/]+';
    else source += `/${escapeRegExp(segment)}`;
  }
  return new RegExp(`^${source}/*$`, 'i');
}

/** dist/route-chunks.json (apps/web/build/route-chunks.ts), routes without parameters first. */
function parseRouteChunks(text: string): RouteChunks[] {
  const routes: RouteChunks[] = [];
  for (const [routePath, files] of Object.entries(JSON.parse(text) as Record<string, unknown>)) {
    const pattern = routePattern(routePath);
    const names = Array.isArray(files)
      ? files.filter((file): file is string => typeof file === 'string')
      : [];
    // Only names the build could have made: the link's address is written into the page as it is.
    if (pattern && names.length > 0 && names.every((file) => /^[\w./-]+$/.test(file) && !file.includes('..')))
      routes.push({ path: routePath, pattern, files: names });
  }
  const parameters = (route: RouteChunks) => route.path.split(':').length;
  return routes.sort((a, b) => parameters(a) - parameters(b));
}
