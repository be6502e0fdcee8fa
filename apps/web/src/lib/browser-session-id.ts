import { newGuid } from './guid';

const storageKey = 'homeminder:_ti';

/**
 * The per-browser-session identifier sent as `_ti` on every request (docs/requirements.md §6 and §8.1): created
 * once, kept in session storage, so each tab session is told apart in the server's logs.
 */
export function browserSessionId(storage: Storage = sessionStorage): string {
  let id = storage.getItem(storageKey);
  if (!id) {
    id = newGuid();
    storage.setItem(storageKey, id);
  }
  return id;
}
