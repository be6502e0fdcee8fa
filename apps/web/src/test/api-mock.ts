import { vi } from 'vitest';

/**
 * A call of `api` under `vi.mock` (each method a `vi.fn()`), typed as a loose mock: a path of the
 * route map and its options, any response.
 */
export const mockOf = (call: unknown) =>
  vi.mocked(
    call as (path: string, options?: { params?: Record<string, string | number> }) => Promise<unknown>,
  );
