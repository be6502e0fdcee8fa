import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

/**
 * Serves the built single-page app under the base path, in history mode: any GET under the base
 * path that is not a file or an API call answers index.html, and the app's router takes over.
 * A path the build drew ahead (dist/pages/<name>.html: the sign-in screens, decision 031)
 * answers that copy of index.html instead, which the browser paints before the app arrives.
 */
export async function registerSpa(app: FastifyInstance, options: { basePath: string; webDist: string }) {
  const { basePath, webDist } = options;
  const indexFile = path.join(webDist, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn({ webDist }, 'the web app is not built; run `npm run build` to serve it');
  }
  // The pages are re-read only when a new build replaces them.
  const cache = new Map<string, { mtimeMs: number; html: string }>();
  const readPage = (file: string): string | null => {
    try {
      const { mtimeMs } = statSync(file);
      let cached = cache.get(file);
      if (cached?.mtimeMs !== mtimeMs) {
        cached = { mtimeMs, html: readFileSync(file, 'utf8') };
        cache.set(file, cached);
      }
      return cached.html;
    } catch {
      return null;
    }
  };
  /** The page for an address under the base path: its own drawn copy if the build made one. */
  const pageHtml = (url: string): string | null => {
    // Routes match in any letter case and with a trailing slash (decision 005).
    const name = url.slice(basePath.length).replace(/\/+$/, '').toLowerCase();
    const drawn = /^[a-z]+$/.test(name) ? readPage(path.join(webDist, 'pages', `${name}.html`)) : null;
    return drawn ?? readPage(indexFile);
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
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') && !url.toLowerCase().startsWith(apiPrefix);
    if (wantsPage && url === '/') return reply.redirect(basePath);
    const html = wantsPage && (url.startsWith(basePath) || `${url}/` === basePath) ? pageHtml(url) : null;
    if (html) return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
    return reply.status(404).send({ Errors: ['There is nothing at this address.'] });
  });
}
