import { useEffect } from 'react';
import { Outlet, useLocation, useMatches, useNavigation } from 'react-router';
import { PRODUCT_NAME } from '@homeminder/shared/constants';
import { useSession } from '../../lib/session-store';
import type { RouteMeta } from '../route-table';
import { RouteProgress } from './route-progress';

/** The metadata of the deepest matched route that declares any. */
export function useRouteMeta(): RouteMeta | undefined {
  const matches = useMatches();
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const handle = matches[index]?.handle as RouteMeta | undefined;
    if (handle?.title) return handle;
  }
  return undefined;
}

export function pageTitle(title: string | undefined): string {
  return title ? `${PRODUCT_NAME} - ${title}` : PRODUCT_NAME;
}

/**
 * Wraps every screen: after each navigation it sets the tab title from the route's metadata
 * (rule 6) and saves the return address unless the route says no (rule 5).
 */
export function RootLayout() {
  const meta = useRouteMeta();
  const location = useLocation();
  const navigation = useNavigation();
  const setReturnUrl = useSession((state) => state.setReturnUrl);
  const setRouteTransitioning = useSession((state) => state.setRouteTransitioning);
  const transitioning = navigation.state !== 'idle';

  useEffect(() => {
    document.title = pageTitle(meta?.title);
  }, [meta?.title]);

  useEffect(() => {
    if (meta && !meta.noReturn) setReturnUrl(`${location.pathname}${location.search}`);
  }, [meta, location.pathname, location.search, setReturnUrl]);

  useEffect(() => {
    setRouteTransitioning(transitioning);
  }, [transitioning, setRouteTransitioning]);

  return (
    <>
      <RouteProgress active={transitioning} />
      <Outlet />
    </>
  );
}
