/** A screen's code that did not arrive: the app was updated, or the network dropped. */
export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
  readonly code: 'ChunkLoadError' | 'CSS_CHUNK_LOAD_FAILED';
  constructor(message: string, kind: 'script' | 'stylesheet' = 'script') {
    super(message);
    this.code = kind === 'stylesheet' ? 'CSS_CHUNK_LOAD_FAILED' : 'ChunkLoadError';
  }
}

/** What a person is told when the page's files did not arrive, by the error screen or, before the app has started, by the boot guard. */
export const chunkFailureWords = {
  title: 'This page could not be loaded',
  detail:
    'A newer version of HomeMinder may have been released, or the connection dropped. Reloading usually fixes it.',
  reload: 'Reload the page',
};

const scriptFailure =
  /dynamically imported module|importing a module script failed|error loading dynamically|failed to load module script/i;
const stylesheetFailure = /unable to preload css|css chunk/i;

/** Turns the browsers' various wordings of a failed chunk load into one ChunkLoadError. */
export function asChunkLoadError(error: unknown): ChunkLoadError | null {
  if (error instanceof ChunkLoadError) return error;
  const message = error instanceof Error ? error.message : String(error);
  if (stylesheetFailure.test(message)) return new ChunkLoadError(message, 'stylesheet');
  if (scriptFailure.test(message)) return new ChunkLoadError(message, 'script');
  return null;
}

export function isChunkLoadError(error: unknown): boolean {
  return asChunkLoadError(error) !== null;
}
