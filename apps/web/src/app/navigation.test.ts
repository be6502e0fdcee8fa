import { describe, expect, it } from 'vitest';
import { startingRolePrivileges } from '@homeminder/shared/permissions';
import { currentNavItem, navSections, visibleNavigation } from './navigation';

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

describe('visibleNavigation', () => {
  const paths = (role: keyof typeof startingRolePrivileges) =>
    visibleNavigation(startingRolePrivileges[role]).flatMap((section) =>
      section.items.map((item) => item.to),
    );

  it('offers Add realtors to those who may add them, and to nobody else', () => {
    expect(paths('CorporateAdmin')).toContain('/admin/add/add-realtors');
    expect(paths('SystemAdmin')).toContain('/admin/add/add-realtors');
    expect(paths('Managers')).not.toContain('/admin/add/add-realtors');
    expect(paths('Realtor')).not.toContain('/admin/add/add-realtors');
    expect(currentNavItem('/admin/add/add-realtors', navSections)).toBe('/admin/add/add-realtors');
  });
});
