import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

/**
 * Serves the built single-page app under the base path, in history mode: any GET under the base
 * path that is not a file or an API call answers index.html, and the app's router takes over.
 */
export async function registerSpa(app: FastifyInstance, options: { basePath: string; webDist: string }) {
  const { basePath, webDist } = options;
  const indexFile = path.join(webDist, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn({ webDist }, 'the web app is not built; run `npm run build` to serve it');
  }
  // index.html answers every deep link; it is re-read only when a new build replaces it.
  let cached: { mtimeMs: number; html: string } | null = null;
  const indexHtml = (): string | null => {
    try {
      const { mtimeMs } = statSync(indexFile);
      if (cached?.mtimeMs !== mtimeMs) cached = { mtimeMs, html: readFileSync(indexFile, 'utf8') };
      return cached.html;
    } catch {
      return null;
    }
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
    const html = wantsPage && (url.startsWith(basePath) || `${url}/` === basePath) ? indexHtml() : null;
    if (html) return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
    return reply.status(404).send({ Errors: ['There is nothing at this address.'] });
  });
}
