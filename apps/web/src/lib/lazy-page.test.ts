import { describe, expect, it } from 'vitest';
import { ChunkLoadError, asChunkLoadError, lazyPage } from './lazy-page';

describe('lazyPage', () => {
  it('answers the module component', async () => {
    const Component = () => null;
    await expect(lazyPage(async () => ({ Component }))()).resolves.toEqual({ Component });
  });

  it('turns a failed script load into a ChunkLoadError', async () => {
    const load = lazyPage(() =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module: /ui/assets/x.js')),
    );
    await expect(load()).rejects.toMatchObject({ name: 'ChunkLoadError', code: 'ChunkLoadError' });
  });

  it('turns a failed stylesheet load into CSS_CHUNK_LOAD_FAILED', async () => {
    const load = lazyPage(() => Promise.reject(new Error('Unable to preload CSS for /ui/assets/x.css')));
    await expect(load()).rejects.toMatchObject({ code: 'CSS_CHUNK_LOAD_FAILED' });
  });

  it('gives up after the time-out', async () => {
    const load = lazyPage(() => new Promise(() => undefined), 20);
    await expect(load()).rejects.toBeInstanceOf(ChunkLoadError);
  });

  it('leaves other errors alone', () => {
    expect(asChunkLoadError(new Error('x is undefined'))).toBeNull();
  });
});
