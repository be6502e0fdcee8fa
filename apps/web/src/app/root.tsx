import './first-paint.css';
import type { ReactNode } from 'react';
import {
  Links,
  Meta,
  redirect,
  Scripts,
  ScrollRestoration,
  useRouteLoaderData,
  type AppLoadContext,
  type LoaderFunctionArgs,
  type MetaFunction,
} from 'react-router';
import { Center } from '@mantine/core';
import { LoadingIndicator } from '../features/system/loading-page';
import { bootGuardScript } from '../lib/chunk-reload';
import { isPhoneUserAgent, PhoneGuessContext } from '../lib/phone';
import { serverApi } from '../lib/server-api';
import { RenderedSessionContext, sessionOf, type RenderedSession } from '../lib/session-store';
import { RootLayout, pageTitle } from './layouts/root-layout';
import { useNonce } from './nonce';
import { Providers } from './providers';
import { RouteErrorBoundary } from './route-error-boundary';
import { guardSignedOut } from './route-guard';
import { routeMetaOfPath } from './route-table';

/** The document around every screen, rendered on the server, or at build time for the prerendered pages. */
export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const data = useRouteLoaderData<typeof loader>('root');
  return (
    <html lang="en" data-mantine-color-scheme="light">
      <head>
        <meta charSet="UTF-8" />
        <script
          nonce={nonce}
          suppressHydrationWarning
          dangerouslySetInnerHTML={{ __html: bootGuardScript }}
        />
        <meta name="viewport" content="width=device-width, initial-scale=1.0" />
        <meta
          name="description"
          content="HomeMinder keeps homeowners' properties in shape with timely maintenance reminders from their realtor."
        />
        <meta name="theme-color" content="#1c7ed6" />
        <link rel="icon" type="image/svg+xml" href={`${import.meta.env.BASE_URL}favicon.svg`} />
        <Meta />
        <Links />
      </head>
      <body>
        <RenderedSessionContext.Provider value={data?.session ?? null}>
          <PhoneGuessContext.Provider value={data?.phone ?? false}>
            <Providers>{children}</Providers>
          </PhoneGuessContext.Provider>
        </RenderedSessionContext.Provider>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/**
 * Who the page is for. A person the session cookie names is rendered as themselves (their screens
 * check the rest, route-guard.ts); with no one signed in, the navigation rules hold here: a
 * protected page responds with Login, any other renders for no one.
 */
export async function loader({
  request,
  context,
}: LoaderFunctionArgs<AppLoadContext>): Promise<{ session: RenderedSession | null; phone: boolean }> {
  const phone = isPhoneUserAgent(request.headers.get('user-agent'));
  if (context.viewer) {
    const who = await serverApi(context).get('/auth/who-am-i');
    if (who.isAuthenticated) return { session: sessionOf(who), phone };
  }
  const signedOut = await guardSignedOut(new URL(request.url));
  if (signedOut) throw redirect(signedOut);
  return { session: null, phone };
}

/** The rule holds for the page asked for; moving between screens in the browser is the guard's. */
export const shouldRevalidate = () => false;

/** The tab's title from the screen's metadata (navigation rule 6). */
export const meta: MetaFunction = ({ location }) => [
  { title: pageTitle(routeMetaOfPath(location.pathname)?.title) },
];

export default RootLayout;

/** Shown from the first byte until the app has started on a page that is not prerendered. */
export function HydrateFallback() {
  return (
    <Center mih="100vh" bg="gray.0">
      <LoadingIndicator />
    </Center>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
