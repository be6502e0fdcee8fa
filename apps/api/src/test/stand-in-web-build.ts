import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** What the stand-in server build rendered for a page: the address, the nonce, its data. */
export interface StandInPage {
  url: string;
  nonce: string;
  /** What the page's loader read from the API in-process (`GET <base>api/<loaderApiPath>`). */
  data: unknown;
  /** The form the page's action was posted. */
  posted: unknown;
  /** Who the server said the page is for. */
  viewer: { userId: string; tenantId: string; kind: string; privileges: string[] } | null;
}

// Larger than the compression threshold, as a rendered page is.
const padding = `<style>${'.m{color:red}'.repeat(200)}</style>`;

/**
 * A stand-in for React Router's build of the web app (apps/web/dist): a client build with a
 * prerendered Login page, an asset and a file, and a server build whose pages render as JSON what
 * they were asked, who for, and what the API returned to their loader in-process: a GET of
 * `<base>api/<loaderApiPath>`, or of the page's `read` parameter. `remove` deletes it.
 */
export function standInWebBuild(options: { loaderApiPath?: string } = {}) {
  const root = mkdtempSync(path.join(tmpdir(), 'homeminder-web-'));
  const webDist = path.join(root, 'client');
  const loginHtml = '<!doctype html><title>HomeMinder - Logon</title><body><form></form></body>';
  mkdirSync(path.join(webDist, 'ui', 'login'), { recursive: true });
  writeFileSync(path.join(webDist, 'ui', 'login', 'index.html'), loginHtml);
  mkdirSync(path.join(webDist, 'assets'));
  writeFileSync(path.join(webDist, 'assets', 'app-1a2b3c.js'), 'console.log("app");');
  writeFileSync(path.join(webDist, 'robots.txt'), 'User-agent: *\n');
  mkdirSync(path.join(root, 'server'));
  const loaderApiPath = options.loaderApiPath ?? 'health';
  writeFileSync(
    path.join(root, 'server', 'index.js'),
    `export const basename = '/ui/';
export const future = {};
export const ssr = true;
export const isSpaMode = false;
export const prerender = [];
export const routeDiscovery = { mode: 'initial' };
export const publicPath = '/ui/';
export const assetsBuildDirectory = ${JSON.stringify(webDist)};
export const assets = { version: '1', url: '/ui/assets/manifest.js', entry: { module: '/ui/assets/entry.js', imports: [] }, routes: {} };
export const entry = { module: { default: (request, status, headers, context, load) => {
  const page = {
    url: request.url,
    nonce: load.nonce,
    data: context.staticHandlerContext.loaderData.root ?? null,
    posted: context.staticHandlerContext.actionData?.page ?? null,
    viewer: load.viewer,
  };
  headers.set('content-type', 'text/html; charset=utf-8');
  return new Response('<!doctype html><title>HomeMinder test build</title>${padding}<p>' + JSON.stringify(page) + '</p>', { status, headers });
} } };
export const routes = {
  root: { id: 'root', path: '', module: {
    default: () => null,
    loader: async ({ context, request }) => {
      const read = new URL(request.url).searchParams.get('read') ?? '${loaderApiPath}';
      const response = await context.fetchApi(new Request('http://localhost/ui/api/' + read));
      return { status: response.status, api: await response.json() };
    },
  } },
  page: { id: 'page', parentId: 'root', path: '*', module: {
    default: () => null,
    action: async ({ request, context }) => {
      const form = Object.fromEntries(await request.formData());
      // A form naming an API path has the action post to it in-process, as registering does.
      if (form.call) await context.fetchApi(new Request('http://localhost/ui/api/' + form.call, { method: 'POST' }));
      return form;
    },
  } },
};
`,
  );
  return {
    webDist,
    loginHtml,
    /** What a page rendered by the stand-in says, from its HTML. */
    pageOf(html: string): StandInPage {
      const json = /<p>(.*)<\/p>/.exec(html)?.[1];
      if (!json) throw new Error(`not a page of the stand-in build: ${html.slice(0, 200)}`);
      return JSON.parse(json) as StandInPage;
    },
    remove: () => rmSync(root, { recursive: true, force: true }),
  };
}
