import { afterEach, beforeEach, vi } from 'vitest';

/** A JSON response from the server, as `fetch` resolves it. */
export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The address a fetch was called with. */
export const urlOf = (input: RequestInfo | URL) => (input instanceof Request ? input.url : input.toString());

/**
 * Stands a mock in for `fetch` in every test of the suite it is called in, and takes it away (and
 * forgets its calls and responses) after each; the suite sets the responses.
 */
export function stubFetch() {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
  });
  return fetchMock;
}
