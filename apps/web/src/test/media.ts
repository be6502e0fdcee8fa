/** A media query's result, as `window.matchMedia` gives it: `matches` says whether the screen fits. */
export const mediaQueryList = (query: string, matches: boolean) =>
  ({
    matches,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }) as MediaQueryList;

/**
 * A `window.matchMedia` for a screen as wide as a phone's, or a desktop's: only a phone fits the
 * pages' max-width queries.
 */
export const screenOf = (phone: boolean) => (query: string) =>
  mediaQueryList(query, phone && query.includes('max-width'));
