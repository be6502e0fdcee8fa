import { describe, expect, it } from 'vitest';
import { canSeeRoute, visibleNavigation } from './navigation';
import routes from './routes';
import { routeMetaOfPath as metaFor } from './route-table';

describe('route table', () => {
  it.each([
    ['/', 'Default', 'Home'],
    ['/userSettings', 'settings:user', 'Manage My Account'],
    ['/accountSettings', 'settings:account', 'Manage Account'],
    ['/adm/add', 'adm:add', 'Add Accounts'],
    ['/adm/add/corp', 'adm:add-corp', 'Add Corporate Accounts'],
    ['/adm/add/corp-users', 'adm:add-corp-users', 'Add Corporate Users Accounts'],
    ['/admin/add/add-realtors', 'adm:add-realtors', 'Add Realtors'],
    ['/adm/add/add-realtors', 'adm:add-realtors', 'Add Realtors'],
    ['/adm/add/users', 'adm:add-users', 'Add User Accounts'],
    ['/adm/edit/user/42', 'adm:edit-user', 'Edit User Accounts'],
    ['/adm/edit/client-user/42', 'adm:edit-client-user', 'Edit Client Accounts'],
    ['/adm/manage-users', 'adm:manage-users', 'Manage Users'],
    ['/adm/manage/42', 'adm:manage', 'Manage Accounts'],
    ['/adm/manage-act', 'adm:manage-act', 'Manage Accounts'],
    ['/adm/view/user/42', 'adm:view-user', 'View Corporate Account'],
    ['/adm/view/corp-users/42', 'adm:view-user', 'View Corporate Account'],
    ['/adm/audit', 'adm:audit', 'Audit Log'],
    ['/clients', 'clients:info', 'Client Account Information'],
    ['/clients/upload', 'clients:upload', 'Bulk Upload Clients'],
    ['/sys/notifications', 'sys:man-notifications', 'Manage Notifications'],
    ['/sys/notifications/20/3', 'sys:man-notifications', 'Manage Notifications'],
    ['/sys/notification/20', 'sys:man-notifications', 'Manage Notifications'],
    ['/my-home', 'homeowner:home', 'My Home'],
    ['/my-home/preferences', 'homeowner:preferences', 'My Preferences'],
    ['/login', 'Login', 'Logon'],
    ['/reset', 'ResetPassword', 'Reset Password'],
    ['/loading', 'Loading Page', 'Loading'],
    ['/access-denied', 'Access Denied', 'Access Denied'],
    ['/unexpected-error', 'Unexpected Error', 'Unexpected Error'],
    ['/logoff', 'Logout', 'Signing out'],
    ['/hacks', 'Debug', 'Debug'],
    ['/revert', 'revert', 'Please wait...'],
    ['/no/such/page', 'Error 404', 'Page Not Found'],
  ])('%s is %s, titled %s', (path, name, title) => {
    expect(metaFor(path)).toMatchObject({ name, title });
  });

  it('protects the admin, client, system and portal routes only', () => {
    expect(metaFor('/adm/add')?.protected).toBe(true);
    expect(metaFor('/clients')?.protected).toBe(true);
    expect(metaFor('/sys/notifications')?.protected).toBe(true);
    expect(metaFor('/my-home')?.protected).toBe(true);
    expect(metaFor('/about')?.protected).toBe(false);
    expect(metaFor('/login')?.protected).toBe(false);
  });

  it('never saves client-area visits as the return address', () => {
    expect(metaFor('/clients')?.noReturn).toBe(true);
    expect(metaFor('/clients/upload')?.noReturn).toBe(true);
    expect(metaFor('/adm/manage-users')?.noReturn).toBe(false);
  });

  it('skips the ui-check on /adm/manage-act only', () => {
    expect(metaFor('/adm/manage-act')?.skipUiCheck).toBe(true);
    expect(metaFor('/adm/manage/1')?.skipUiCheck).toBe(false);
  });
});

describe("the router's routes (routes.ts)", () => {
  const leaves = routes.flatMap((route) => route.children ?? [route]);

  it('have each path and alias of the table once, with the key as its id', () => {
    const ids = leaves.map((route) => route.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(
      expect.arrayContaining(['/', '/adm/add/add-realtors', '/admin/add/add-realtors', '/*']),
    );
    expect(leaves.find((route) => route.id === '/')?.index).toBe(true);
  });

  it('give aliases the screen of their route', () => {
    const fileOf = (id: string) => leaves.find((route) => route.id === id)?.file;
    expect(fileOf('/logoff')).toBe(fileOf('/logout'));
    expect(fileOf('/adm/view/corp-users/:id')).toBe(fileOf('/adm/view/user/:id'));
  });
});

describe('navigation', () => {
  it('shows each user the links their privileges open', () => {
    const realtor = visibleNavigation(['CanManageClients']).flatMap((section) =>
      section.items.map((item) => item.to),
    );
    expect(realtor).toEqual(['/', '/clients']);
    expect(canSeeRoute('sys:man-notifications', ['AdminModule'])).toBe(false);
    expect(canSeeRoute('sys:man-notifications', ['ManageNotifications'])).toBe(true);
  });
});
