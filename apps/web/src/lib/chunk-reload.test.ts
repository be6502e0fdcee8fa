import { beforeEach, describe, expect, it, vi } from 'vitest';
import { chunkReloadWindowMs, mayReloadForChunk, reloadOnceForChunk } from './chunk-reload';

describe('reloadOnceForChunk', () => {
  beforeEach(() => sessionStorage.clear());

  it('reloads for the first failed file, and not again within the window', () => {
    const reload = vi.fn();
    const at = 1_000_000;
    expect(reloadOnceForChunk(at, reload)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);

    // The reloaded page fails again: no second reload, the error screen shows.
    expect(mayReloadForChunk(at + 5_000)).toBe(false);
    expect(reloadOnceForChunk(at + 5_000, reload)).toBe(false);
    expect(reloadOnceForChunk(at + chunkReloadWindowMs - 1, reload)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('reloads again for a failure after the window, such as the next deployment', () => {
    const reload = vi.fn();
    reloadOnceForChunk(1_000_000, reload);
    expect(reloadOnceForChunk(1_000_000 + chunkReloadWindowMs, reload)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('never reloads where the tab cannot remember that it did', () => {
    const reload = vi.fn();
    vi.stubGlobal('sessionStorage', {
      getItem: () => null,
      setItem: () => {
        throw new Error('The storage is not available');
      },
    });
    try {
      expect(reloadOnceForChunk(1_000_000, reload)).toBe(false);
      expect(reload).not.toHaveBeenCalled();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
