import type { ComponentType } from 'react';
import {
  IconBell,
  IconBuildingSkyscraper,
  IconCloudUpload,
  IconFileText,
  IconHistory,
  IconHome,
  IconMail,
  IconSettings,
  IconUserPlus,
  IconUserStar,
  IconUsers,
  IconUsersGroup,
} from '@tabler/icons-react';
import { RouteName, routePrivileges } from '@homeminder/shared/routes';

export interface NavItem {
  to: string;
  label: string;
  routeName: RouteName;
  icon: ComponentType<{ size?: number; 'aria-hidden'?: boolean }>;
}

export interface NavSection {
  label: string;
  items: NavItem[];
}

/** The side navigation; each item shows only to users whose privileges open its route. */
export const navSections: NavSection[] = [
  {
    label: 'Overview',
    items: [{ to: '/', label: 'Home', routeName: RouteName.Default, icon: IconHome }],
  },
  {
    label: 'Clients',
    items: [
      { to: '/clients', label: 'Client accounts', routeName: RouteName.Clients, icon: IconUsersGroup },
      {
        to: '/clients/upload',
        label: 'Bulk upload',
        routeName: RouteName.ClientsUpload,
        icon: IconCloudUpload,
      },
    ],
  },
  {
    label: 'Administration',
    items: [
      { to: '/adm/add', label: 'Add accounts', routeName: RouteName.AdminAdd, icon: IconUserPlus },
      {
        to: '/admin/add/add-realtors',
        label: 'Add realtors',
        routeName: RouteName.AdminAddRealtors,
        icon: IconUserStar,
      },
      {
        to: '/adm/manage-act',
        label: 'Manage accounts',
        routeName: RouteName.AdminManageAccounts,
        icon: IconBuildingSkyscraper,
      },
      {
        to: '/adm/manage-users',
        label: 'Manage users',
        routeName: RouteName.AdminManageUsers,
        icon: IconUsers,
      },
      {
        to: '/accountSettings',
        label: 'Account settings',
        routeName: RouteName.AccountSettings,
        icon: IconSettings,
      },
      { to: '/adm/audit', label: 'Audit log', routeName: RouteName.AdminAudit, icon: IconHistory },
      { to: '/adm/sent-mail', label: 'Sent mail', routeName: RouteName.AdminSentMail, icon: IconMail },
    ],
  },
  {
    label: 'System',
    items: [
      {
        to: '/sys/notifications',
        label: 'Notifications',
        routeName: RouteName.SysNotifications,
        icon: IconBell,
      },
      { to: '/sys/templates', label: 'Templates', routeName: RouteName.SysTemplates, icon: IconFileText },
    ],
  },
];

/** True when the held privileges open the route (the server checks again on every call). */
export function canSeeRoute(routeName: RouteName, privileges: readonly string[]): boolean {
  const needed = routePrivileges[routeName];
  return !needed || needed.some((privilege) => privileges.includes(privilege));
}

/** The sections with the items this user may open; empty sections drop out. */
export function visibleNavigation(privileges: readonly string[]): NavSection[] {
  return navSections
    .map((section) => ({
      ...section,
      items: section.items.filter((item) => canSeeRoute(item.routeName, privileges)),
    }))
    .filter((section) => section.items.length > 0);
}

/**
 * The one item to mark as the current page: the one whose address holds the page's most closely
 * (Bulk upload, not Client accounts as well, on /clients/upload). Paths compare case-insensitively
 * and by whole segments; Home only on Home itself. Null when no item holds the page.
 */
export function currentNavItem(pathname: string, sections: readonly NavSection[]): string | null {
  const path = pathname.toLowerCase().replace(/(.)\/+$/, '$1');
  let best: string | null = null;
  for (const { to } of sections.flatMap((section) => section.items)) {
    const target = to.toLowerCase();
    const holds = target === '/' ? path === '/' : path === target || path.startsWith(`${target}/`);
    if (holds && (best === null || to.length > best.length)) best = to;
  }
  return best;
}
