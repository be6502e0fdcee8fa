import { createContext, useContext } from 'react';

/**
 * True while a prerendered page waits for the app to hydrate it (its route's HydrateFallback). A
 * sign-in form then shows its submit button busy and disabled, so nothing is sent before the app
 * has started.
 */
export const PrerenderContext = createContext(false);

export function usePrerendering(): boolean {
  return useContext(PrerenderContext);
}
