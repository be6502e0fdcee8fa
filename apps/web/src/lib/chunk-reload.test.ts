import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  bootGuardScript,
  chunkReloadWindowMs,
  mayReloadForChunk,
  reloadOnceForChunk,
  useChunkFailure,
  watchChunkLoads,
} from './chunk-reload';

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

describe('the boot guard of a page rendered on the server', () => {
  const reload = vi.fn();
  beforeEach(() => {
    sessionStorage.clear();
    document.body.innerHTML = '<h1>Home</h1>';
    useChunkFailure.setState({ failure: null, unreported: null });
    reload.mockReset();
    vi.spyOn(window.location, 'reload').mockImplementation(reload);
    // The page's inline script, run as the document runs it: as text.
    // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the text is the thing tested
    (new Function(bootGuardScript) as () => void)();
  });
  // The guard's listeners outlive a test; a started app silences them, as on a page.
  afterEach(() => {
    if (window.homeminderBoot) window.homeminderBoot.started = true;
    vi.restoreAllMocks();
  });

  /** Fails a file of the page as the browser reports it: an error event on its element. */
  function fail(tag: 'script' | 'link') {
    const element = document.createElement(tag);
    if (element instanceof HTMLScriptElement) element.type = 'module';
    if (element instanceof HTMLLinkElement) element.rel = 'stylesheet';
    document.head.append(element);
    element.dispatchEvent(new Event('error'));
  }

  it('reloads once when the code that starts the app fails, remembering it in the tab', () => {
    fail('script');
    expect(reload).toHaveBeenCalledTimes(1);
    expect(mayReloadForChunk()).toBe(false);
    expect(document.querySelector('[role="alert"]')).toBeNull();
  });

  it('failing again so soon, says so above the page with a reload button', () => {
    reloadOnceForChunk(Date.now(), () => undefined);
    fail('script');
    const notice = document.querySelector('[role="alert"]');
    expect(notice?.textContent).toContain('This page could not be loaded');
    expect(notice?.textContent).toContain('Error code: ChunkLoadError');
    expect(reload).not.toHaveBeenCalled();
    notice?.querySelector('button')?.click();
    expect(reload).toHaveBeenCalledTimes(1);
    // The server's rendering stays under it.
    expect(document.querySelector('h1')?.textContent).toBe('Home');
  });

  it('hands a stylesheet that failed before the app started to the app, which shows the error screen', () => {
    fail('link');
    expect(reload).not.toHaveBeenCalled();
    watchChunkLoads();
    expect(useChunkFailure.getState().unreported?.code).toBe('CSS_CHUNK_LOAD_FAILED');
    expect(window.homeminderBoot?.started).toBe(true);
  });

  it('leaves a failure once the app has started to the app', () => {
    watchChunkLoads();
    fail('script');
    expect(reload).not.toHaveBeenCalled();
    expect(document.querySelector('[role="alert"]')).toBeNull();
  });
});
