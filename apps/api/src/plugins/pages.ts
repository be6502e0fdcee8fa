import { createHash, randomBytes } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { createRequestHandler, type ServerBuild } from 'react-router';
import type { RenderContext } from '@homeminder/shared/render-context';
import type { AuthContext } from '../access/auth-context';
import type { documentSignIn } from './session-cookies';

const nothingHere = { Errors: ['There is nothing at this address.'] };

/**
 * Serves the web app under the base path (docs/decisions/084): its files from React Router's client
 * build (`apps/web/dist/client`), the pages the build prerendered (the sign-in pages) as they are,
 * and every other page rendered on the server by the app's server build (`apps/web/dist/server`),
 * whose loaders and actions call the API in-process.
 */
export async function registerPages(
  app: FastifyInstance,
  options: {
    basePath: string;
    webDist: string;
    /** Who a page is for and how its reads sign in (documentSignIn); without it, pages are no one's. */
    signIn?: typeof documentSignIn;
  },
) {
  const { basePath, webDist, signIn: signInOf = async () => null } = options;
  const serverBuildFile = path.join(webDist, '..', 'server', 'index.js');
  if (!statSync(serverBuildFile, { throwIfNoEntry: false })) {
    app.log.warn({ webDist }, 'the web app is not built; run `npm run build` to serve it');
  }
  const render = pageRenderer(serverBuildFile);
  const prerendered = prerenderedPages(webDist, basePath);

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
  const isPage = (url: string) => {
    const pathname = url.split('?')[0] ?? '';
    return (
      (pathname.startsWith(basePath) || `${pathname}/` === basePath) &&
      !pathname.toLowerCase().startsWith(apiPrefix)
    );
  };

  const respondWithPage = async (request: FastifyRequest, reply: FastifyReply) => {
    const url = request.url;
    const reads = request.method === 'GET' || request.method === 'HEAD';
    const [pathname = '', search] = url.split('?');
    // The router knows its pages under the base path, slash included.
    if (reads && (pathname === '/' || `${pathname}/` === basePath) && basePath !== '/')
      return reply.redirect(`${basePath}${search === undefined ? '' : `?${search}`}`);
    if (!isPage(url) || !(reads || request.method === 'POST')) return reply.status(404).send(nothingHere);
    const page = reads ? prerendered(url) : null;
    if (page) {
      allowInlineScripts(reply, page.scriptHashes);
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(page.html);
    }
    const nonce = randomBytes(16).toString('base64');
    allowInlineScripts(reply, [`'nonce-${nonce}'`]);
    const signIn = await signInOf(request);
    // A session a page's action starts (registering) is the browser's, as the API would set it.
    const sessionCookies: string[] = [];
    const response = await render(documentRequest(request), {
      nonce,
      viewer: signIn && viewerOf(signIn.auth),
      fetchApi: async (apiRequest) => {
        // A page read (GET) reads as its person: its loaders only read. A posted form's action,
        // which another site could send, acts for no one (documentSignIn signs in reads only).
        if (signIn)
          for (const [name, value] of Object.entries(signIn.apiHeaders)) apiRequest.headers.set(name, value);
        const apiResponse = await respondInProcess(app, apiRequest, request.ip);
        sessionCookies.push(...apiResponse.headers.getSetCookie());
        return apiResponse;
      },
      // The router responds to such an address with data, as it decides: by how the path ends.
      dataRequest: pathname.endsWith('.data'),
    });
    if (!response) return reply.status(404).send(nothingHere);
    for (const line of sessionCookies) response.headers.append('set-cookie', line);
    return reply.header('cache-control', 'no-cache').send(response);
  };

  // The base path names Home's page, which is no file: it gets a route of its own. The static
  // files' route (`<base>*`) would take it for the folder and refuse it at the site root, or not
  // match it at all, and what no route matches is not compressed (@fastify/compress works on
  // routes). It is a page, not part of the API's document.
  app.get(basePath, { schema: { hide: true } }, respondWithPage);
  app.setNotFoundHandler(respondWithPage);
  // A page's form is posted as it is (with JavaScript off, or as the router's data request): the
  // page's action reads it, so no parser runs for what no route takes under the base path. Not a
  // route of its own: a wildcard would also take the API's addresses the router refuses as too long.
  await app.register(
    async (pages) => {
      pages.removeAllContentTypeParsers();
      pages.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
      pages.setNotFoundHandler(respondWithPage);
    },
    { prefix: basePath },
  );
}

type Render = (request: Request, context: RenderContext) => Promise<Response | null>;

/** The app's server build, loaded on the first page asked for; null while the app is not built. */
function pageRenderer(serverBuildFile: string): Render {
  let handler: Promise<ReturnType<typeof createRequestHandler>> | null = null;
  return async (request, context) => {
    if (!statSync(serverBuildFile, { throwIfNoEntry: false })) return null;
    handler ??= (import(pathToFileURL(serverBuildFile).href) as Promise<ServerBuild>).then((build) =>
      createRequestHandler(build, 'production'),
    );
    return (await handler)(request, { ...context });
  };
}

/** The page request as the web's standard Request, its body the posted form as it came. */
function documentRequest(request: FastifyRequest): Request {
  const url = new URL(request.url, `${request.protocol}://${request.host}`);
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  const controller = new AbortController();
  request.raw.once('close', () => {
    if (!request.raw.complete) controller.abort();
  });
  const init: RequestInit & { duplex?: 'half' } = {
    method: request.method,
    headers,
    signal: controller.signal,
  };
  // The form streams through as it arrives; a body in a stream needs `duplex`.
  if (request.method === 'POST') Object.assign(init, { body: Readable.toWeb(request.raw), duplex: 'half' });
  return new Request(url, init);
}

/**
 * An API request of a page being rendered, responded to by the API's own routes in-process: the same
 * sign-in, tenant scope, privilege checks and limits as over the network, from the visitor's address.
 */
async function respondInProcess(app: FastifyInstance, request: Request, ip: string): Promise<Response> {
  const url = new URL(request.url);
  const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
  const response = await app.inject({
    method: request.method as 'GET',
    url: `${url.pathname}${url.search}`,
    headers: Object.fromEntries(request.headers),
    remoteAddress: ip,
    ...(body ? { payload: body } : {}),
  });
  const headers = new Headers();
  for (const [name, value] of Object.entries(response.headers)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [String(value)]) headers.append(name, one);
  }
  const empty = response.statusCode === 204 || response.statusCode === 304;
  return new Response(empty ? null : response.rawPayload, { status: response.statusCode, headers });
}

/** Who a page is rendered for, as the web app's loaders know them. */
function viewerOf(auth: AuthContext): RenderContext['viewer'] {
  const { userId, tenantId, kind, privileges } = auth;
  return { userId, tenantId, kind, privileges: [...privileges] };
}

/** The router's start-up data is inline: the policy allows these scripts only. */
function allowInlineScripts(reply: FastifyReply, sources: string[]) {
  const policy = reply.getHeader('content-security-policy');
  if (typeof policy === 'string' && sources.length > 0)
    reply.header(
      'content-security-policy',
      policy.replace("script-src 'self'", `script-src 'self' ${sources.join(' ')}`),
    );
}

interface Page {
  html: string;
  /** The CSP sources of the page's inline scripts: `'sha256-…'` each. */
  scriptHashes: string[];
}

/** The page the build prerendered for an address (`<base>/<page>/index.html`), read again when rebuilt. */
function prerenderedPages(webDist: string, basePath: string) {
  const cache = new Map<string, { mtimeMs: number; page: Page }>();
  return (url: string): Page | null => {
    // Routes match in any letter case and with a trailing slash (decision 005).
    const name = (url.split('?')[0] ?? '').slice(basePath.length).replace(/\/+$/, '').toLowerCase();
    if (!/^[a-z0-9-]+$/.test(name)) return null;
    const file = path.join(webDist, basePath, name, 'index.html');
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
}

/** The hash of each inline script of a page, as a Content-Security-Policy source. */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
    (match) => `'sha256-${createHash('sha256').update(match[1]!).digest('base64')}'`,
  );
}
