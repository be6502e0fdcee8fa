import { describe, expect, it } from 'vitest';
import { currentNavItem, navSections } from './navigation';

describe('currentNavItem', () => {
  it('marks the item holding the page most closely, and only that one', () => {
    expect(currentNavItem('/clients/upload', navSections)).toBe('/clients/upload');
    expect(currentNavItem('/clients', navSections)).toBe('/clients');
    expect(currentNavItem('/Clients/', navSections)).toBe('/clients');
    expect(currentNavItem('/adm/audit', navSections)).toBe('/adm/audit');
  });

  it('marks Home on Home only, and nothing for a page outside the menu', () => {
    expect(currentNavItem('/', navSections)).toBe('/');
    expect(currentNavItem('/about', navSections)).toBeNull();
    expect(currentNavItem('/clientsx', navSections)).toBeNull();
  });
});
