import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';

/**
 * Serves the built web app (React Router's client build, `apps/web/dist/client`) under the base
 * path. A page the build prerendered (`<base>/<page>/index.html`: the sign-in pages) answers its
 * own HTML; any other GET under the base path that is not a file or an API call answers the SPA
 * fallback, `index.html`, and the app's router takes over (docs/decisions/054).
 */
export async function registerSpa(app: FastifyInstance, options: { basePath: string; webDist: string }) {
  const { basePath, webDist } = options;
  const indexFile = path.join(webDist, 'index.html');
  if (!statSync(indexFile, { throwIfNoEntry: false })) {
    app.log.warn({ webDist }, 'the web app is not built; run `npm run build` to serve it');
  }
  // A page is read again only when a new build replaces it.
  const cache = new Map<string, { mtimeMs: number; page: Page }>();
  const readPage = (file: string): Page | null => {
    const stat = statSync(file, { throwIfNoEntry: false });
    if (!stat?.isFile()) return null;
    let cached = cache.get(file);
    if (cached?.mtimeMs !== stat.mtimeMs) {
      const html = readFileSync(file, 'utf8');
      cached = { mtimeMs: stat.mtimeMs, page: { html, scriptHashes: inlineScriptHashes(html) } };
      cache.set(file, cached);
    }
    return cached.page;
  };

  /** The page for an address under the base path: its prerendered HTML, else the fallback. */
  const pageOf = (url: string): Page | null => {
    // Routes match in any letter case and with a trailing slash (decision 005).
    const name = url.slice(basePath.length).replace(/\/+$/, '').toLowerCase();
    const prerendered = /^[a-z0-9-]+$/.test(name)
      ? readPage(path.join(webDist, basePath, name, 'index.html'))
      : null;
    return prerendered ?? readPage(indexFile);
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
    const page = wantsPage && (url.startsWith(basePath) || `${url}/` === basePath) ? pageOf(url) : null;
    if (!page) return reply.status(404).send({ Errors: ['There is nothing at this address.'] });
    // The router's start-up data is inline: the policy allows these scripts by their hashes only.
    const policy = reply.getHeader('content-security-policy');
    if (typeof policy === 'string' && page.scriptHashes.length > 0)
      reply.header(
        'content-security-policy',
        policy.replace("script-src 'self'", `script-src 'self' ${page.scriptHashes.join(' ')}`),
      );
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(page.html);
  };
  // The base path names Home's page, which is no file: it gets a route of its own. The static
  // files' route (`<base>*`) would take it for the folder and refuse it at the site root, or not
  // match it at all, and what no route matches is not compressed (@fastify/compress works on
  // routes). It is a page, not part of the API's document.
  app.get(basePath, { schema: { hide: true } }, answerPage);
  app.setNotFoundHandler(answerPage);
}

interface Page {
  html: string;
  /** The CSP sources of the page's inline scripts: `'sha256-…'` each. */
  scriptHashes: string[];
}

/** The hash of each inline script of a page, as a Content-Security-Policy source. */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
    (match) => `'sha256-${createHash('sha256').update(match[1]!).digest('base64')}'`,
  );
}
