/**
 * Session storage (this tab, until it closes), never throwing: storage may be unavailable (private
 * mode, or Node when a page is drawn at build time), and then nothing is kept.
 */
export function readTabValue(key: string): string | null {
  try {
    return sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Keeps `value` under `key`; null removes it. */
export function writeTabValue(key: string, value: string | null): void {
  try {
    if (value === null) sessionStorage.removeItem(key);
    else sessionStorage.setItem(key, value);
  } catch {
    // Nothing is kept; callers hold what they need in memory too.
  }
}
