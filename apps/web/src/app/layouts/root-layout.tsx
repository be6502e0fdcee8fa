import { useEffect, useState } from 'react';
import { Outlet, useLocation, useNavigation } from 'react-router';
import { brandedTitle } from '@homeminder/shared/brand';
import { chunkLoadTimeoutMs, PRODUCT_NAME } from '@homeminder/shared/constants';
import { ChunkLoadError } from '../../lib/chunk-load-error';
import { useChunkFailure } from '../../lib/chunk-reload';
import { useSession } from '../../lib/session-store';
import { routeMetaOfPath, type RouteMeta } from '../route-table';
import { RouteProgress } from './route-progress';

/** The metadata of the screen on show. */
export function useRouteMeta(): RouteMeta | undefined {
  return routeMetaOfPath(useLocation().pathname);
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
      <Outlet />
    </>
  );
}
