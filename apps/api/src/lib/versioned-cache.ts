import { LruMap } from './lru-map';

/**
 * Values each kept with the version of the data they were computed from: a value is used again
 * only while that version stands, so it is never out of date and needs no time to live
 * (docs/decisions/036). At most `capacity` keys, the least recently used dropped first.
 */
export class VersionedCache<T> {
  private readonly entries: LruMap<string, { version: string; value: T }>;

  constructor(capacity = 5_000) {
    this.entries = new LruMap(capacity);
  }

  /** The value computed at `version`, if one was. */
  get(key: string, version: string): T | undefined {
    const entry = this.entries.get(key);
    return entry?.version === version ? entry.value : undefined;
  }

  set(key: string, version: string, value: T): void {
    this.entries.set(key, { version, value });
  }

  get size(): number {
    return this.entries.size;
  }
}
