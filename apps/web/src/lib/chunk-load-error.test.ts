import { describe, expect, it } from 'vitest';
import { asChunkLoadError } from './chunk-load-error';

describe('asChunkLoadError', () => {
  it('turns a failed script load into a ChunkLoadError', () => {
    const error = asChunkLoadError(
      new TypeError('Failed to fetch dynamically imported module: /ui/assets/x.js'),
    );
    expect(error).toMatchObject({ name: 'ChunkLoadError', code: 'ChunkLoadError' });
  });

  it('turns a failed stylesheet load into CSS_CHUNK_LOAD_FAILED', () => {
    expect(asChunkLoadError(new Error('Unable to preload CSS for /ui/assets/x.css'))).toMatchObject({
      code: 'CSS_CHUNK_LOAD_FAILED',
    });
  });

  it('leaves other errors alone', () => {
    expect(asChunkLoadError(new Error('x is undefined'))).toBeNull();
  });
});
