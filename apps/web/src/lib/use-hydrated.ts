import { useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;

/**
 * False while a page is prerendered at build time and while the app hydrates it, true once the app
 * runs: what only the browser knows (local storage, a form's readiness) waits for it, so the
 * hydrated page matches the prerendered one.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
