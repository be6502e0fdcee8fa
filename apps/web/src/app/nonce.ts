import { createContext, useContext } from 'react';

/**
 * The nonce the server gave this page's inline scripts (entry.server.tsx). Browsers hide a nonce
 * once the page has loaded, so in the browser it is empty, and React keeps the server's attribute.
 */
export const NonceContext = createContext('');

export const useNonce = (): string => useContext(NonceContext);
