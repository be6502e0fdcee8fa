import { createContext, useContext } from 'react';

/**
 * True while a public page is drawn to HTML at build time (app/prerender.tsx). Its form then
 * shows the submit button busy and disabled, so nothing is sent before the app has arrived.
 */
export const PrerenderContext = createContext(false);

export function usePrerendering(): boolean {
  return useContext(PrerenderContext);
}
