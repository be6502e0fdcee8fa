import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetPersonalTabValues, personalTabStorage, readTabValue, writeTabValue } from './tab-storage';

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

describe('personal tab storage', () => {
  let owner: string | null = 'acme-admin';
  const storage = personalTabStorage<{ results: string }>(() => owner);
  afterEach(() => {
    owner = 'acme-admin';
  });

  it("reads back only the saver's own values", () => {
    storage.setItem('bulk', { state: { results: 'Acme rows' }, version: 2 });
    expect(storage.getItem('bulk')).toEqual({ state: { results: 'Acme rows' }, version: 2 });
    owner = 'birch-admin';
    expect(storage.getItem('bulk')).toBeNull();
    owner = null;
    expect(storage.getItem('bulk')).toBeNull();
  });

  it('keeps nothing while nobody is signed in', () => {
    storage.setItem('bulk', { state: { results: 'Acme rows' }, version: 2 });
    owner = null;
    storage.setItem('bulk', { state: { results: 'none' }, version: 2 });
    expect(sessionStorage.getItem('homeminder:personal:bulk')).toBeNull();
  });

  it('forgets every personal value and keeps the others', () => {
    storage.setItem('bulk', { state: { results: 'Acme rows' }, version: 2 });
    storage.setItem('other', { state: { results: 'more' }, version: 2 });
    writeTabValue('homeminder:returnUrl', '/clients');
    forgetPersonalTabValues();
    expect(sessionStorage.getItem('homeminder:personal:bulk')).toBeNull();
    expect(sessionStorage.getItem('homeminder:personal:other')).toBeNull();
    expect(readTabValue('homeminder:returnUrl')).toBe('/clients');
  });
});
