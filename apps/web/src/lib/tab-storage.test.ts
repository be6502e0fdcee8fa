import { afterEach, describe, expect, it, vi } from 'vitest';
import { readTabValue, writeTabValue } from './tab-storage';

describe('tab storage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('keeps, reads and removes a value in session storage', () => {
    writeTabValue('homeminder:test', 'kept');
    expect(sessionStorage.getItem('homeminder:test')).toBe('kept');
    expect(readTabValue('homeminder:test')).toBe('kept');
    writeTabValue('homeminder:test', null);
    expect(readTabValue('homeminder:test')).toBeNull();
  });

  it('keeps nothing and throws nothing when storage is refused', () => {
    const refused = () => {
      throw new DOMException('refused', 'SecurityError');
    };
    vi.stubGlobal('sessionStorage', { getItem: refused, setItem: refused, removeItem: refused });
    expect(() => writeTabValue('homeminder:test', 'kept')).not.toThrow();
    expect(() => writeTabValue('homeminder:test', null)).not.toThrow();
    expect(readTabValue('homeminder:test')).toBeNull();
  });
});
