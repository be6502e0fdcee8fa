import { createContext, useContext, useSyncExternalStore } from 'react';

/** Narrower than this, screens lay out for a phone (Mantine's `sm` breakpoint). */
const phoneMedia = '(max-width: 48em)';

/**
 * Whether the page was asked for from a phone, as the server guesses it from the browser's own
 * words ("Mobi" in its user agent): the server renders for it, and the page hydrates as rendered.
 */
export const PhoneGuessContext = createContext(false);

export const isPhoneUserAgent = (userAgent: string | null): boolean => /Mobi/i.test(userAgent ?? '');

function subscribe(onChange: () => void): () => void {
  const media = window.matchMedia(phoneMedia);
  media.addEventListener('change', onChange);
  return () => media.removeEventListener('change', onChange);
}

/**
 * Whether the screen is a phone's: the server's guess while the page is rendered and hydrated, the
 * width of the window after. A right guess draws the screen once; a wrong one draws it again.
 */
export function usePhone(): boolean {
  const guess = useContext(PhoneGuessContext);
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(phoneMedia).matches,
    () => guess,
  );
}
