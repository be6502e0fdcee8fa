import { matchRoutes } from 'react-router';
import { openClientParam, RouteName } from '@homeminder/shared/routes';

/** What a route declares about itself; the navigation guard and the title read only this. */
export interface RouteMeta {
  /** Sent to the server's ui-check; routes without a name need no check. */
  name?: string;
  title: string;
  /** Needs a signed-in user (navigation rules 2 and 3). */
  protected: boolean;
  /** Visits are never saved as the return address (navigation rule 5). */
  noReturn: boolean;
  /**
   * A parameter that makes a no-return route's address worth coming back to after Login: a
   * client's own address (docs/decisions/077), opened from an email while signed out.
   */
  returnWith?: string;
  /** Protected, but the server's ui-check is skipped (docs/requirements.md §2.2: /adm/manage-act). */
  skipUiCheck: boolean;
  /**
   * Opens before the app is initialised: the Loading Page, which does the initialising, and the
   * public pages the server renders with their data (docs/decisions/084), which need no one's sign-in.
   */
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
  homeowner: 'layouts/homeowner-layout.tsx',
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

/**
 * One route of the table: its path, its screen (the route module routes/<screen>-page.tsx), its title,
 * the name the server's ui-check knows it by, and any aliases or other metadata.
 */
function page(
  path: string,
  screen: string,
  title: string,
  name?: string,
  { aliases, ...meta }: Partial<RouteMeta> & { aliases?: string[] } = {},
): PageRoute {
  return {
    path,
    ...(aliases ? { aliases } : {}),
    meta: { ...(name === undefined ? {} : { name }), title, ...meta },
    file: `routes/${screen}-page.tsx`,
  };
}

/** The route table of docs/requirements.md §2, as data. */
export const routeGroups: RouteGroup[] = [
  {
    layout: 'portal',
    defaults: { protected: true },
    routes: [
      page('/', 'home', 'Home', RouteName.Default),
      page('/userSettings', 'user-settings', 'Manage My Account', RouteName.UserSettings),
      page('/accountSettings', 'account-settings', 'Manage Account', RouteName.AccountSettings),
      page('/revert', 'revert', 'Please wait...', RouteName.Revert, { noReturn: true }),
    ],
  },
  {
    layout: 'admin',
    defaults: { protected: true },
    routes: [
      page('/adm/add', 'add-accounts', 'Add Accounts', RouteName.AdminAdd),
      page('/adm/add/corp', 'add-accounts', 'Add Corporate Accounts', RouteName.AdminAddCorp),
      page(
        '/adm/add/corp-users',
        'add-accounts',
        'Add Corporate Users Accounts',
        RouteName.AdminAddCorpUsers,
      ),
      page('/admin/add/add-realtors', 'add-realtors', 'Add Realtors', RouteName.AdminAddRealtors, {
        aliases: ['/adm/add/add-realtors'],
      }),
      page('/adm/add/users', 'add-users', 'Add User Accounts', RouteName.AdminAddUsers),
      page('/adm/edit/user/:id', 'edit-user', 'Edit User Accounts', RouteName.AdminEditUser),
      page('/adm/edit/client-user/:id', 'edit-client', 'Edit Client Accounts', RouteName.AdminEditClientUser),
      page('/adm/manage-users', 'manage-users', 'Manage Users', RouteName.AdminManageUsers),
      page('/adm/manage/:id', 'manage-corporation', 'Manage Accounts', RouteName.AdminManage),
      page('/adm/manage-act', 'manage-accounts', 'Manage Accounts', RouteName.AdminManageAccounts, {
        skipUiCheck: true,
      }),
      page('/adm/view/user/:id', 'view-corporation', 'View Corporate Account', RouteName.AdminViewUser, {
        aliases: ['/adm/view/corp-users/:id'],
      }),
      page('/adm/audit', 'audit-log', 'Audit Log', RouteName.AdminAudit),
      page('/adm/sent-mail', 'sent-mail', 'Sent Mail', RouteName.AdminSentMail),
    ],
  },
  {
    layout: 'clients',
    defaults: { protected: true, noReturn: true },
    routes: [
      page('/clients', 'clients', 'Client Account Information', RouteName.Clients, {
        returnWith: openClientParam,
      }),
      page('/clients/upload', 'upload', 'Bulk Upload Clients', RouteName.ClientsUpload),
    ],
  },
  {
    // A homeowner's own pages (docs/decisions/062): the server's ui-check opens them to a
    // homeowner's session only, as it opens the staff screens to staff only.
    layout: 'homeowner',
    defaults: { protected: true },
    routes: [
      page('/my-home', 'my-home', 'My Home', RouteName.MyHome),
      page('/my-home/preferences', 'my-preferences', 'My Preferences', RouteName.MyPreferences),
    ],
  },
  {
    layout: 'system',
    defaults: { protected: true },
    routes: [
      page(
        '/sys/notifications/:pageSize?/:page?',
        'manage-notifications',
        'Manage Notifications',
        RouteName.SysNotifications,
        { aliases: ['/sys/notification/:pageSize?/:page?'] },
      ),
      page('/sys/templates', 'templates', 'Templates', RouteName.SysTemplates),
    ],
  },
  {
    layout: 'public',
    defaults: { noReturn: true },
    routes: [
      page('/about', 'about', 'About'),
      page('/termsofuse', 'terms-of-use', 'Terms of Use'),
      page('/faq', 'faq', 'Frequently Asked Questions'),
      page('/howitworks', 'how-it-works', 'How It Works'),
      page('/privacypolicy', 'privacy-policy', 'Privacy Policy'),
      page('/contactus', 'contact-us', 'Contact Us'),
    ],
  },
  {
    layout: 'login',
    defaults: { noReturn: true },
    routes: [
      page('/login', 'login', 'Logon', 'Login'),
      page('/forgotpassword', 'forgot-password', 'Forgot Password', 'ForgotPassword'),
      // The emailed links' pages: public, rendered whole on the server (docs/decisions/084).
      page('/register', 'register', 'Register', 'Register', { skipInit: true }),
      page('/reset', 'reset-password', 'Reset Password', 'ResetPassword', { skipInit: true }),
      page('/unsubscribe', 'unsubscribe', 'Unsubscribe', 'Unsubscribe', { skipInit: true }),
      // The reply links of a reminder email (docs/decisions/061): public, like unsubscribing.
      page('/answer/:action', 'reply', 'Your reminder', undefined, { skipInit: true }),
    ],
  },
  {
    layout: 'bare',
    defaults: { noReturn: true },
    routes: [
      page('/loading', 'loading', 'Loading', 'Loading Page', { skipInit: true }),
      page('/access-denied', 'access-denied', 'Access Denied', 'Access Denied'),
      page('/unexpected-error', 'unexpected-error', 'Unexpected Error', 'Unexpected Error'),
      page('/logout', 'logout', 'Signing out', 'Logout', { aliases: ['/logoff'] }),
      page('/debug', 'debug', 'Debug', 'Debug', { aliases: ['/demo', '/hacks', '/tools', '/debugger'] }),
      page('/not-found', 'not-found', 'Page Not Found', 'Error 404'),
      page('*', 'not-found', 'Page Not Found', 'Error 404'),
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

/** The metadata of the screen the router matched: the deepest match, named by its route's key (routes.ts). */
export function routeMetaOfMatches(matches: readonly { id: string }[]): RouteMeta | undefined {
  const id = matches.at(-1)?.id;
  return id ? routeMeta.get(id) : undefined;
}

/** The pages prerendered at build time (react-router.config.ts): the sign-in screens. */
export const prerenderedPaths = ['/login', '/forgotpassword'];
