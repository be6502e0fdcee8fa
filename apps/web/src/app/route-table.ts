import { RouteName } from '@homeminder/shared/routes';
import { lazyPage } from '../lib/lazy-page';
import { Component as LoadingPage } from '../features/system/loading-page';

/** What a route declares about itself; the navigation guard and the title read only this. */
export interface RouteMeta {
  /** Sent to the server's ui-check; routes without a name need no check. */
  name?: string;
  title: string;
  /** Needs a signed-in user (navigation rules 2 and 3). */
  protected: boolean;
  /** Visits are never saved as the return address (navigation rule 5). */
  noReturn: boolean;
  /** Protected, but the server's ui-check is skipped (SPEC.md: /adm/manage-act). */
  skipUiCheck: boolean;
  /** Opens before the app is initialised: only the Loading Page, which does the initialising. */
  skipInit: boolean;
}

type PageModule = () => Promise<{ Component: React.ComponentType }>;

export interface PageRoute {
  path: string;
  aliases?: string[];
  meta: Partial<RouteMeta> & { title: string };
  page: PageModule;
}

export type LayoutName = 'portal' | 'admin' | 'clients' | 'system' | 'public' | 'login' | 'bare';

export interface RouteGroup {
  layout: LayoutName;
  /** Defaults for every route of the group. */
  defaults: Partial<RouteMeta>;
  routes: PageRoute[];
}

const home = lazyPage(() => import('../features/home/home-page'));
/** One screen for /adm/add, /adm/add/corp and /adm/add/corp-users (SPEC.md section 2). */
const addAccounts = lazyPage(() => import('../features/admin/add-accounts-page'));

/** The route table of SPEC.md section 2, as data. */
export const routeGroups: RouteGroup[] = [
  {
    layout: 'portal',
    defaults: { protected: true },
    routes: [
      { path: '/', meta: { name: RouteName.Default, title: 'Home' }, page: home },
      {
        path: '/userSettings',
        meta: { name: RouteName.UserSettings, title: 'Manage My Account' },
        page: lazyPage(() => import('../features/settings/user-settings-page')),
      },
      {
        path: '/accountSettings',
        meta: { name: RouteName.AccountSettings, title: 'Manage Account' },
        page: lazyPage(() => import('../features/admin/account-settings-page')),
      },
      {
        path: '/revert',
        meta: { name: RouteName.Revert, title: 'Please wait...', noReturn: true },
        page: lazyPage(() => import('../features/auth/revert-page')),
      },
    ],
  },
  {
    layout: 'admin',
    defaults: { protected: true },
    routes: [
      { path: '/adm/add', meta: { name: RouteName.AdminAdd, title: 'Add Accounts' }, page: addAccounts },
      {
        path: '/adm/add/corp',
        meta: { name: RouteName.AdminAddCorp, title: 'Add Corporate Accounts' },
        page: addAccounts,
      },
      {
        path: '/adm/add/corp-users',
        meta: { name: RouteName.AdminAddCorpUsers, title: 'Add Corporate Users Accounts' },
        page: addAccounts,
      },
      {
        path: '/admin/add/add-realtors',
        aliases: ['/adm/add/add-realtors'],
        meta: { name: RouteName.AdminAddRealtors, title: 'Add Realtors' },
        page: lazyPage(() => import('../features/admin/add-realtors-page')),
      },
      {
        path: '/adm/add/users',
        meta: { name: RouteName.AdminAddUsers, title: 'Add User Accounts' },
        page: lazyPage(() => import('../features/admin/add-users-page')),
      },
      {
        path: '/adm/edit/user/:id',
        meta: { name: RouteName.AdminEditUser, title: 'Edit User Accounts' },
        page: lazyPage(() => import('../features/admin/edit-user-page')),
      },
      {
        path: '/adm/edit/client-user/:id',
        meta: { name: RouteName.AdminEditClientUser, title: 'Edit Client Accounts' },
        page: lazyPage(() => import('../features/clients/edit-client-page')),
      },
      {
        path: '/adm/manage-users',
        meta: { name: RouteName.AdminManageUsers, title: 'Manage Users' },
        page: lazyPage(() => import('../features/admin/manage-users-page')),
      },
      {
        path: '/adm/manage/:id',
        meta: { name: RouteName.AdminManage, title: 'Manage Accounts' },
        page: lazyPage(() => import('../features/admin/manage-corporation-page')),
      },
      {
        path: '/adm/manage-act',
        meta: { name: RouteName.AdminManageAccounts, title: 'Manage Accounts', skipUiCheck: true },
        page: lazyPage(() => import('../features/admin/manage-accounts-page')),
      },
      {
        path: '/adm/view/user/:id',
        aliases: ['/adm/view/corp-users/:id'],
        meta: { name: RouteName.AdminViewUser, title: 'View Corporate Account' },
        page: lazyPage(() => import('../features/admin/view-corporation-page')),
      },
      {
        path: '/adm/audit',
        meta: { name: RouteName.AdminAudit, title: 'Audit Log' },
        page: lazyPage(() => import('../features/audit/audit-log-page')),
      },
      {
        path: '/adm/sent-mail',
        meta: { name: RouteName.AdminSentMail, title: 'Sent Mail' },
        page: lazyPage(() => import('../features/mail/sent-mail-page')),
      },
    ],
  },
  {
    layout: 'clients',
    defaults: { protected: true, noReturn: true },
    routes: [
      {
        path: '/clients',
        meta: { name: RouteName.Clients, title: 'Client Account Information' },
        page: lazyPage(() => import('../features/clients/clients-page')),
      },
      {
        path: '/clients/upload',
        meta: { name: RouteName.ClientsUpload, title: 'Bulk Upload Clients' },
        page: lazyPage(() => import('../features/bulk/upload-page')),
      },
    ],
  },
  {
    layout: 'system',
    defaults: { protected: true },
    routes: [
      {
        path: '/sys/notifications/:pageSize?/:page?',
        aliases: ['/sys/notification/:pageSize?/:page?'],
        meta: { name: RouteName.SysNotifications, title: 'Manage Notifications' },
        page: lazyPage(() => import('../features/notifications/manage-notifications-page')),
      },
      {
        path: '/sys/templates',
        meta: { name: RouteName.SysTemplates, title: 'Templates' },
        page: lazyPage(() => import('../features/templates/templates-page')),
      },
    ],
  },
  {
    layout: 'public',
    defaults: { noReturn: true },
    routes: [
      {
        path: '/about',
        meta: { title: 'About' },
        page: lazyPage(() => import('../features/public/about-page')),
      },
      {
        path: '/termsofuse',
        meta: { title: 'Terms of Use' },
        page: lazyPage(() => import('../features/public/terms-of-use-page')),
      },
      {
        path: '/faq',
        meta: { title: 'Frequently Asked Questions' },
        page: lazyPage(() => import('../features/public/faq-page')),
      },
      {
        path: '/howitworks',
        meta: { title: 'How It Works' },
        page: lazyPage(() => import('../features/public/how-it-works-page')),
      },
      {
        path: '/privacypolicy',
        meta: { title: 'Privacy Policy' },
        page: lazyPage(() => import('../features/public/privacy-policy-page')),
      },
      {
        path: '/contactus',
        meta: { title: 'Contact Us' },
        page: lazyPage(() => import('../features/public/contact-us-page')),
      },
    ],
  },
  {
    layout: 'login',
    defaults: { noReturn: true },
    routes: [
      {
        path: '/login',
        meta: { name: 'Login', title: 'Logon' },
        page: lazyPage(() => import('../features/auth/login-page')),
      },
      {
        path: '/forgotpassword',
        meta: { name: 'ForgotPassword', title: 'Forgot Password' },
        page: lazyPage(() => import('../features/auth/forgot-password-page')),
      },
      {
        path: '/register',
        meta: { name: 'Register', title: 'Register' },
        page: lazyPage(() => import('../features/auth/register-page')),
      },
      {
        path: '/reset',
        meta: { name: 'ResetPassword', title: 'Reset Password' },
        page: lazyPage(() => import('../features/auth/reset-password-page')),
      },
      {
        path: '/unsubscribe',
        meta: { name: 'Unsubscribe', title: 'Unsubscribe' },
        page: lazyPage(() => import('../features/mail/unsubscribe-page')),
      },
    ],
  },
  {
    layout: 'bare',
    defaults: { noReturn: true },
    routes: [
      {
        path: '/loading',
        meta: { name: 'Loading Page', title: 'Loading', skipInit: true },
        // With the app, not on its own: every first visit starts here (navigation rule 1).
        page: () => Promise.resolve({ Component: LoadingPage }),
      },
      {
        path: '/access-denied',
        meta: { name: 'Access Denied', title: 'Access Denied' },
        page: lazyPage(() => import('../features/system/access-denied-page')),
      },
      {
        path: '/unexpected-error',
        meta: { name: 'Unexpected Error', title: 'Unexpected Error' },
        page: lazyPage(() => import('../features/system/unexpected-error-page')),
      },
      {
        path: '/logout',
        aliases: ['/logoff'],
        meta: { name: 'Logout', title: 'Signing out' },
        page: lazyPage(() => import('../features/auth/logout-page')),
      },
      {
        path: '/debug',
        aliases: ['/demo', '/hacks', '/tools', '/debugger'],
        meta: { name: 'Debug', title: 'Debug' },
        page: lazyPage(() => import('../features/system/debug-page')),
      },
      {
        path: '/not-found',
        meta: { name: 'Error 404', title: 'Page Not Found' },
        page: lazyPage(() => import('../features/system/not-found-page')),
      },
      {
        path: '*',
        meta: { name: 'Error 404', title: 'Page Not Found' },
        page: lazyPage(() => import('../features/system/not-found-page')),
      },
    ],
  },
];

export function metaOf(route: PageRoute, group: RouteGroup): RouteMeta {
  return {
    protected: false,
    noReturn: false,
    skipUiCheck: false,
    skipInit: false,
    ...group.defaults,
    ...route.meta,
  };
}
