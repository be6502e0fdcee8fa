import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import Beasties from 'beasties';
import { build, type Plugin, type Rollup } from 'vite';
import { bundleChunks } from './route-chunks';

/** What src/app/prerender.tsx offers, built for Node. */
interface PrerenderModule {
  prerenderedPages: ReadonlyArray<{
    path: string;
    file: string;
    modules: readonly string[];
    inert?: boolean;
    ahead?: string;
  }>;
  renderPage: (path: string) => Promise<{ title: string; html: string }>;
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function replaceOnce(html: string, search: string | RegExp, replacement: string): string {
  const replaced = html.replace(search, replacement);
  if (replaced === html) throw new Error(`index.html has no ${String(search)} to fill in`);
  return replaced;
}

/**
 * Beasties leaves the whole stylesheet at the end of the body, after the theme's own variables
 * (a style element inside the root), which it would then override. It goes back to the head,
 * for print only, so that it blocks nothing; src/app/main.tsx turns it on for every medium.
 */
function deferStylesheet(html: string): string {
  const moved = /\s*(<link rel="stylesheet"[^>]*)>\s*<\/body>/;
  const link = moved.exec(html)?.[1];
  if (!link) throw new Error('the page has no stylesheet at the end of its body');
  const withoutLink = html.replace(moved, '\n  </body>');
  return replaceOnce(withoutLink, '</head>', `  ${link} media="print" data-deferred-styles>\n  </head>`);
}

/**
 * A drawn page paints before the app's code runs: the starter (start-after-paint.js) preloads the
 * app's modules and starts it only once the first frame is drawn. No preload is in the page
 * itself: fetched while the page is parsed, the scripts would contend with it for the link, and
 * Lighthouse counts whatever starts before the largest paint as holding it back. `preloads` are
 * the screen's own modules, beside the entry's. Answers the page with its scripts so changed.
 */
export function startAfterPaint(html: string, startScript: string, preloads: readonly string[] = []): string {
  const entryTag = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
  const entry = entryTag.exec(html)?.[1];
  if (!entry) throw new Error('index.html has no entry script');
  const preloadTag = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;
  const modules = [...new Set([...[...html.matchAll(preloadTag)].map((match) => match[1]!), ...preloads])];
  const preloadList = modules.length > 0 ? ` data-preload="${modules.join(' ')}"` : '';
  return html
    .replace(preloadTag, '')
    .replace(
      entryTag,
      `<script type="module" crossorigin src="${startScript}" data-entry="${entry}"${preloadList}></script>`,
    );
}

/**
 * Adds a page's own script (`ahead`) before the starter: both run once the page is parsed, in the
 * order they appear, so the page's script can ask the starter to wait for it (decision 048).
 */
export function runBeforeStarter(html: string, script: string): string {
  const starter = '<script type="module" crossorigin src="';
  const at = html.search(/<script type="module" crossorigin src="[^"]+" data-entry=/);
  if (at < 0) throw new Error('the page has no starter to fill in before');
  return `${html.slice(0, at)}${starter}${script}"></script>\n    ${html.slice(at)}`;
}

/**
 * Builds a drawn page's own script (`ahead` in src/app/prerender.tsx: code the page runs before
 * the app, decision 048) into the app's assets, apart from the app's chunks, so that the page
 * fetches one small file; answers its path under the base path.
 */
async function buildAheadScript(
  root: string,
  outDir: string,
  base: string,
  mode: string,
  entry: string,
): Promise<string> {
  const output = await build({
    configFile: false,
    root,
    base,
    mode,
    logLevel: 'warn',
    build: {
      outDir,
      emptyOutDir: false,
      copyPublicDir: false,
      write: true,
      target: 'es2022',
      modulePreload: false,
      rolldownOptions: {
        input: { [path.basename(entry, '.ts')]: path.join(root, 'src', entry) },
        output: { entryFileNames: 'assets/[name]-[hash].js', codeSplitting: false },
      },
    },
  });
  const chunks = (Array.isArray(output) ? output : [output]).flatMap((result) =>
    'output' in result ? result.output : [],
  );
  const file = chunks.find((chunk) => chunk.type === 'chunk' && chunk.isEntry)?.fileName;
  if (!file) throw new Error(`${entry} was not built`);
  return `${base}${file}`;
}

/** The element whose parsing lets a drawn page paint. */
const drawnPageEnd = 'drawn-page-end';

/**
 * After the browser build, draws the sign-in screens, Home and the client grid to HTML (dist/pages/<name>.html, a copy of
 * index.html with the screen inside the root element and its code preloaded). The server answers
 * those paths with them (apps/api/src/plugins/spa.ts); the app then takes the page over
 * (src/app/main.tsx). See docs/decisions/031-pre-rendered-sign-in-pages.md.
 */
export function prerenderPages(): Plugin {
  let root = '';
  let outDir = '';
  let base = '/';
  let mode = 'production';
  let bundle: Rollup.OutputBundle = {};

  return {
    name: 'homeminder:prerender',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
      base = config.base;
      mode = config.mode;
    },
    generateBundle(_options, output) {
      bundle = output;
    },
    async closeBundle() {
      const serverDir = path.join(root, 'node_modules', '.prerender');
      await build({
        root,
        mode,
        logLevel: 'warn',
        build: {
          ssr: path.join(root, 'src/app/prerender.tsx'),
          outDir: serverDir,
          emptyOutDir: true,
          copyPublicDir: false,
        },
      });
      try {
        const built = pathToFileURL(path.join(serverDir, 'prerender.js')).href;
        const { prerenderedPages, renderPage } = (await import(built)) as PrerenderModule;
        const index = readFileSync(path.join(outDir, 'index.html'), 'utf8');
        // The rules the drawn screen uses go into the page, so the first paint waits for no other
        // file; the whole stylesheet loads beside it (deferStylesheet).
        const beasties = new Beasties({
          path: outDir,
          publicPath: base,
          preload: 'body',
          pruneSource: false,
          reduceInlineStyles: false,
          // Mantine's light-scheme colours: beasties cannot match their `:host(...)` half.
          allowRules: [/data-mantine-color-scheme=light/],
          logLevel: 'warn',
        });
        mkdirSync(path.join(outDir, 'pages'), { recursive: true });
        const starter = readFileSync(path.join(root, 'build', 'start-after-paint.js'));
        const starterFile = `assets/start-after-paint-${createHash('sha256').update(starter).digest('hex').slice(0, 8)}.js`;
        writeFileSync(path.join(outDir, starterFile), starter);
        const { filesOf } = bundleChunks(bundle);
        for (const page of prerenderedPages) {
          const { title, html } = await renderPage(page.path);
          const preloads = filesOf(page.modules.map((module) => path.join(root, 'src', module))).map(
            (file) => `${base}${file}`,
          );
          const started = startAfterPaint(index, `${base}${starterFile}`, preloads);
          let document = replaceOnce(
            page.ahead
              ? runBeforeStarter(started, await buildAheadScript(root, outDir, base, mode, page.ahead))
              : started,
            '<html lang="en">',
            '<html lang="en" data-mantine-color-scheme="light">',
          );
          document = replaceOnce(document, /<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`);
          // The drawn screen is centred on the page: painted while half parsed, it would be short
          // and jump up as the rest arrived. `rel="expect"` holds the first paint until the marker
          // after the root is parsed.
          document = replaceOnce(
            document,
            '</head>',
            `  <link rel="expect" href="#${drawnPageEnd}" blocking="render">\n  </head>`,
          );
          document = replaceOnce(
            document,
            '<div id="root"></div>',
            `<div id="root"${page.inert ? ' inert' : ''}>${html}</div><span id="${drawnPageEnd}" hidden></span>`,
          );
          writeFileSync(
            path.join(outDir, 'pages', `${page.file}.html`),
            deferStylesheet((await beasties.process(document)).replace(' data-beasties-container', '')),
          );
        }
      } finally {
        rmSync(serverDir, { recursive: true, force: true });
      }
    },
  };
}
