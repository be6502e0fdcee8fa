import type { PersistStorage, StorageValue } from 'zustand/middleware';

/**
 * Session storage (this tab, until it closes), never throwing: storage may be unavailable (private
 * mode, or Node when a page is prerendered at build time), and then nothing is kept.
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

/** Where the values of `personalTabStorage` are kept: all of them go when the person changes. */
const personalKeyPrefix = 'homeminder:personal:';

/**
 * Storage for a zustand store whose saved state belongs to the person signed in (their choices,
 * their last results): kept in this tab under `homeminder:personal:<name>` together with `owner()`
 * at the time, and read back only while `owner()` returns the same. Nothing is kept or read while
 * it returns null (signed out). The session store forgets these values when the person changes
 * (`forgetPersonalTabValues`); the owner check covers a tab whose session another tab replaced.
 */
export function personalTabStorage<S>(owner: () => string | null): PersistStorage<S> {
  return {
    getItem(name) {
      const current = owner();
      const saved = readTabValue(personalKeyPrefix + name);
      if (!current || !saved) return null;
      try {
        const { owner: savedBy, ...value } = JSON.parse(saved) as StorageValue<S> & { owner?: unknown };
        return savedBy === current ? value : null;
      } catch {
        return null;
      }
    },
    setItem(name, value) {
      const current = owner();
      writeTabValue(personalKeyPrefix + name, current ? JSON.stringify({ owner: current, ...value }) : null);
    },
    removeItem(name) {
      writeTabValue(personalKeyPrefix + name, null);
    },
  };
}

/** Removes every value of `personalTabStorage` from this tab. */
export function forgetPersonalTabValues(): void {
  try {
    const keys: string[] = [];
    for (let index = 0; index < sessionStorage.length; index += 1) {
      const key = sessionStorage.key(index);
      if (key?.startsWith(personalKeyPrefix)) keys.push(key);
    }
    for (const key of keys) sessionStorage.removeItem(key);
  } catch {
    // Storage is unavailable: nothing was kept.
  }
}
