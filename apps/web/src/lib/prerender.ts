import { createContext, useContext } from 'react';

/**
 * True while a page is drawn to HTML at build time (app/prerender.tsx). A sign-in form then
 * shows its submit button busy and disabled, so nothing is sent before the app has arrived; the
 * signed-in frame leaves out what it cannot know yet (the account's initials).
 */
export const PrerenderContext = createContext(false);

export function usePrerendering(): boolean {
  return useContext(PrerenderContext);
}
