import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserSessionId } from './browser-session-id';

const guidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('browserSessionId', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStorage.clear();
  });

  it('is made once per tab session and then read back', () => {
    const first = browserSessionId();
    expect(first).toMatch(guidPattern);
    expect(browserSessionId()).toBe(first);
  });

  it('is made on a page served over plain HTTP, where the browser withholds crypto.randomUUID', () => {
    // What a browser gives a page that is not a secure context (http://<office address>/ui/).
    vi.stubGlobal('isSecureContext', false);
    vi.stubGlobal('crypto', { getRandomValues: crypto.getRandomValues.bind(crypto) });
    const id = browserSessionId();
    expect(id).toMatch(guidPattern);
    expect(browserSessionId()).toBe(id);
  });
});
