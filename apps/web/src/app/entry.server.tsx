import { PassThrough } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import { renderToPipeableStream, type RenderToPipeableStreamOptions } from 'react-dom/server';
import { ServerRouter, type AppLoadContext, type EntryContext } from 'react-router';
import { NonceContext } from './nonce';

/** How long a page's deferred parts may take before the rest of the page is sent without them. */
export const streamTimeout = 5_000;

/**
 * The page's stylesheets as `Link` preloads. React writes the module preloads of `<Scripts />` at
 * the top of `<head>`, before the stylesheets of `<Links />`, so the browser would fetch every
 * script before the styles the first paint waits on; a preload in the headers asks for the styles
 * first.
 */
function stylesheetPreloads({ manifest, staticHandlerContext }: EntryContext): string {
  const hrefs = new Set(
    staticHandlerContext.matches.flatMap(({ route }) =>
      // The router marks some with a fragment, which a request does not carry.
      (manifest.routes[route.id]?.css ?? []).map((href) => href.split('#')[0]!),
    ),
  );
  return [...hrefs].map((href) => `<${href}>; rel=preload; as=style`).join(', ');
}

/**
 * Renders a page on the server and streams it (docs/decisions/084). The server that calls the
 * app gives each request a nonce: its Content-Security-Policy allows the router's inline scripts
 * by that nonce only.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const { nonce } = loadContext;

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get('user-agent');
    // Crawlers get the whole page at once; people get the shell first and the rest as it comes.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady';
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    const { pipe, abort } = renderToPipeableStream(
      <NonceContext value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
          const preloads = stylesheetPreloads(routerContext);
          if (preloads) responseHeaders.append('Link', preloads);
          pipe(body);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error instanceof Error ? error : new Error(String(error)));
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors of the shell reject above and the router logs them; these come after it.
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}
