import { matchRoutes } from 'react-router';
import { RouteName } from '@homeminder/shared/routes';

/** What a route declares about itself; the navigation guard and the title read only this. */
export interface RouteMeta {
  /** Sent to the server's ui-check; routes without a name need no check. */
  name?: string;
  title: string;
  /** Needs a signed-in user (navigation rules 2 and 3). */
  protected: boolean;
  /** Visits are never saved as the return address (navigation rule 5). */
  noReturn: boolean;
  /** Protected, but the server's ui-check is skipped (docs/requirements.md §2.2: /adm/manage-act). */
  skipUiCheck: boolean;
  /** Opens before the app is initialised: only the Loading Page, which does the initialising. */
  skipInit: boolean;
}

export interface PageRoute {
  path: string;
  aliases?: string[];
  meta: Partial<RouteMeta> & { title: string };
  /** The route module, under src/app: a screen of a feature and the navigation guard. */
  file: string;
}

/** Each layout's route module, under src/app. */
export const layoutFiles = {
  portal: 'layouts/portal-layout.tsx',
  admin: 'layouts/admin-layout.tsx',
  clients: 'layouts/clients-layout.tsx',
  system: 'layouts/system-layout.tsx',
  public: 'layouts/public-layout.tsx',
  login: 'layouts/login-layout.tsx',
  bare: 'layouts/bare-layout.tsx',
} as const;

export type LayoutName = keyof typeof layoutFiles;

export interface RouteGroup {
  layout: LayoutName;
  /** Defaults for every route of the group. */
  defaults: Partial<RouteMeta>;
  routes: PageRoute[];
}

/** The route table of docs/requirements.md §2, as data. */
export const routeGroups: RouteGroup[] = [
  {
    layout: 'portal',
    defaults: { protected: true },
    routes: [
      { path: '/', meta: { name: RouteName.Default, title: 'Home' }, file: 'routes/home-page.tsx' },
      {
        path: '/userSettings',
        meta: { name: RouteName.UserSettings, title: 'Manage My Account' },
        file: 'routes/user-settings-page.tsx',
      },
      {
        path: '/accountSettings',
        meta: { name: RouteName.AccountSettings, title: 'Manage Account' },
        file: 'routes/account-settings-page.tsx',
      },
      {
        path: '/revert',
        meta: { name: RouteName.Revert, title: 'Please wait...', noReturn: true },
        file: 'routes/revert-page.tsx',
      },
    ],
  },
  {
    layout: 'admin',
    defaults: { protected: true },
    routes: [
      {
        path: '/adm/add',
        meta: { name: RouteName.AdminAdd, title: 'Add Accounts' },
        file: 'routes/add-accounts-page.tsx',
      },
      {
        path: '/adm/add/corp',
        meta: { name: RouteName.AdminAddCorp, title: 'Add Corporate Accounts' },
        file: 'routes/add-accounts-page.tsx',
      },
      {
        path: '/adm/add/corp-users',
        meta: { name: RouteName.AdminAddCorpUsers, title: 'Add Corporate Users Accounts' },
        file: 'routes/add-accounts-page.tsx',
      },
      {
        path: '/admin/add/add-realtors',
        aliases: ['/adm/add/add-realtors'],
        meta: { name: RouteName.AdminAddRealtors, title: 'Add Realtors' },
        file: 'routes/add-realtors-page.tsx',
      },
      {
        path: '/adm/add/users',
        meta: { name: RouteName.AdminAddUsers, title: 'Add User Accounts' },
        file: 'routes/add-users-page.tsx',
      },
      {
        path: '/adm/edit/user/:id',
        meta: { name: RouteName.AdminEditUser, title: 'Edit User Accounts' },
        file: 'routes/edit-user-page.tsx',
      },
      {
        path: '/adm/edit/client-user/:id',
        meta: { name: RouteName.AdminEditClientUser, title: 'Edit Client Accounts' },
        file: 'routes/edit-client-page.tsx',
      },
      {
        path: '/adm/manage-users',
        meta: { name: RouteName.AdminManageUsers, title: 'Manage Users' },
        file: 'routes/manage-users-page.tsx',
      },
      {
        path: '/adm/manage/:id',
        meta: { name: RouteName.AdminManage, title: 'Manage Accounts' },
        file: 'routes/manage-corporation-page.tsx',
      },
      {
        path: '/adm/manage-act',
        meta: { name: RouteName.AdminManageAccounts, title: 'Manage Accounts', skipUiCheck: true },
        file: 'routes/manage-accounts-page.tsx',
      },
      {
        path: '/adm/view/user/:id',
        aliases: ['/adm/view/corp-users/:id'],
        meta: { name: RouteName.AdminViewUser, title: 'View Corporate Account' },
        file: 'routes/view-corporation-page.tsx',
      },
      {
        path: '/adm/audit',
        meta: { name: RouteName.AdminAudit, title: 'Audit Log' },
        file: 'routes/audit-log-page.tsx',
      },
      {
        path: '/adm/sent-mail',
        meta: { name: RouteName.AdminSentMail, title: 'Sent Mail' },
        file: 'routes/sent-mail-page.tsx',
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
        file: 'routes/clients-page.tsx',
      },
      {
        path: '/clients/upload',
        meta: { name: RouteName.ClientsUpload, title: 'Bulk Upload Clients' },
        file: 'routes/upload-page.tsx',
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
        file: 'routes/manage-notifications-page.tsx',
      },
      {
        path: '/sys/templates',
        meta: { name: RouteName.SysTemplates, title: 'Templates' },
        file: 'routes/templates-page.tsx',
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
        file: 'routes/about-page.tsx',
      },
      {
        path: '/termsofuse',
        meta: { title: 'Terms of Use' },
        file: 'routes/terms-of-use-page.tsx',
      },
      {
        path: '/faq',
        meta: { title: 'Frequently Asked Questions' },
        file: 'routes/faq-page.tsx',
      },
      {
        path: '/howitworks',
        meta: { title: 'How It Works' },
        file: 'routes/how-it-works-page.tsx',
      },
      {
        path: '/privacypolicy',
        meta: { title: 'Privacy Policy' },
        file: 'routes/privacy-policy-page.tsx',
      },
      {
        path: '/contactus',
        meta: { title: 'Contact Us' },
        file: 'routes/contact-us-page.tsx',
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
        file: 'routes/login-page.tsx',
      },
      {
        path: '/forgotpassword',
        meta: { name: 'ForgotPassword', title: 'Forgot Password' },
        file: 'routes/forgot-password-page.tsx',
      },
      {
        path: '/register',
        meta: { name: 'Register', title: 'Register' },
        file: 'routes/register-page.tsx',
      },
      {
        path: '/reset',
        meta: { name: 'ResetPassword', title: 'Reset Password' },
        file: 'routes/reset-password-page.tsx',
      },
      {
        path: '/unsubscribe',
        meta: { name: 'Unsubscribe', title: 'Unsubscribe' },
        file: 'routes/unsubscribe-page.tsx',
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
        file: 'routes/loading-page.tsx',
      },
      {
        path: '/access-denied',
        meta: { name: 'Access Denied', title: 'Access Denied' },
        file: 'routes/access-denied-page.tsx',
      },
      {
        path: '/unexpected-error',
        meta: { name: 'Unexpected Error', title: 'Unexpected Error' },
        file: 'routes/unexpected-error-page.tsx',
      },
      {
        path: '/logout',
        aliases: ['/logoff'],
        meta: { name: 'Logout', title: 'Signing out' },
        file: 'routes/logout-page.tsx',
      },
      {
        path: '/debug',
        aliases: ['/demo', '/hacks', '/tools', '/debugger'],
        meta: { name: 'Debug', title: 'Debug' },
        file: 'routes/debug-page.tsx',
      },
      {
        path: '/not-found',
        meta: { name: 'Error 404', title: 'Page Not Found' },
        file: 'routes/not-found-page.tsx',
      },
      {
        path: '*',
        meta: { name: 'Error 404', title: 'Page Not Found' },
        file: 'routes/not-found-page.tsx',
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

/** The key of a route: its path as a route pattern (`/`, `/adm/manage/:id`, `/*`). */
export const routeKey = (path: string): string => `/${path.replace(/^\/+/, '')}`;

/** Every route's metadata by its key, aliases included; routes.ts names each route by its key. */
export const routeMeta: ReadonlyMap<string, RouteMeta> = new Map(
  routeGroups.flatMap((group) =>
    group.routes.flatMap((route) =>
      [route.path, ...(route.aliases ?? [])].map((path) => [routeKey(path), metaOf(route, group)] as const),
    ),
  ),
);

const routeKeys = [...routeMeta.keys()].map((key) => ({ id: key, path: key }));

/** The metadata of the route an address (without the base path) opens, as the router matches it. */
export function routeMetaOfPath(path: string): RouteMeta | undefined {
  const key = matchRoutes(routeKeys, path)?.at(-1)?.route.id;
  return key ? routeMeta.get(key) : undefined;
}

/** The pages prerendered at build time (react-router.config.ts): the sign-in screens. */
export const prerenderedPaths = ['/login', '/forgotpassword'];
