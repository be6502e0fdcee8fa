import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { HydrationBoundary, type DehydratedState } from '@tanstack/react-query';
import { Outlet, useLocation, useMatches, useNavigation } from 'react-router';
import { brandedTitle } from '@homeminder/shared/brand';
import { chunkLoadTimeoutMs, PRODUCT_NAME } from '@homeminder/shared/constants';
import { ChunkLoadError } from '../../lib/chunk-load-error';
import { useChunkFailure } from '../../lib/chunk-reload';
import { useSession } from '../../lib/session-store';
import type { PageData } from '../page-loader';
import { routeMetaOfMatches, type RouteMeta } from '../route-table';
import { RouteProgress } from './route-progress';

/** The metadata of the screen on show. */
export function useRouteMeta(): RouteMeta | undefined {
  return routeMetaOfMatches(useMatches());
}

export function pageTitle(title: string | undefined): string {
  return brandedTitle(title, PRODUCT_NAME);
}

/**
 * Wraps every screen: after each navigation it saves the return address unless the route says no
 * (navigation rule 5), and shows a bar while the next screen loads. A screen whose code has not
 * arrived within the chunk time-out, or whose stylesheet failed, shows the error screen, which
 * offers a reload.
 */
export function RootLayout() {
  const meta = useRouteMeta();
  const location = useLocation();
  const navigation = useNavigation();
  const setReturnUrl = useSession((state) => state.setReturnUrl);
  const setRouteTransitioning = useSession((state) => state.setRouteTransitioning);
  const transitioning = navigation.state !== 'idle';

  useEffect(() => {
    if (meta && !meta.noReturn) setReturnUrl(`${location.pathname}${location.search}`);
  }, [meta, location.pathname, location.search, setReturnUrl]);

  useEffect(() => {
    setRouteTransitioning(transitioning);
  }, [transitioning, setRouteTransitioning]);

  const [timedOut, setTimedOut] = useState(false);
  useEffect(() => {
    if (!transitioning) return;
    const timer = setTimeout(() => setTimedOut(true), chunkLoadTimeoutMs);
    return () => clearTimeout(timer);
  }, [transitioning]);
  const failedStylesheet = useChunkFailure((state) => state.unreported);
  if (failedStylesheet) throw failedStylesheet;
  if (timedOut)
    throw new ChunkLoadError(`Loading the page took longer than ${chunkLoadTimeoutMs / 1000} seconds`);

  return (
    <>
      <RouteProgress active={transitioning} />
      <ServerData>
        <Outlet />
      </ServerData>
    </>
  );
}

/**
 * The responses the server read for the page on show (page-loader.ts), put in the cache its screens
 * read. One boundary whatever the page's data, so that a screen is never mounted afresh when its
 * loader data changes (the browser's loaders read nothing).
 */
function ServerData({ children }: { children: ReactNode }) {
  const matches = useMatches();
  const state = useMemo<DehydratedState>(
    () => ({
      mutations: [],
      queries: matches.flatMap(
        (match) => (match.loaderData as Partial<PageData> | null | undefined)?.dehydrated?.queries ?? [],
      ),
    }),
    [matches],
  );
  return <HydrationBoundary state={state}>{children}</HydrationBoundary>;
}
