import { Privilege } from './permissions';

/**
 * Route names of the portal and the privileges that open them. The browser asks the server
 * `ui-check` by route name; the server responds from this table, so the two never disagree.
 * A route absent from the table needs only a signed-in user.
 */
export const RouteName = {
  Default: 'Default',
  UserSettings: 'settings:user',
  AccountSettings: 'settings:account',
  AdminAdd: 'adm:add',
  AdminAddCorp: 'adm:add-corp',
  AdminAddCorpUsers: 'adm:add-corp-users',
  AdminAddRealtors: 'adm:add-realtors',
  AdminAddUsers: 'adm:add-users',
  AdminEditUser: 'adm:edit-user',
  AdminEditClientUser: 'adm:edit-client-user',
  AdminManageUsers: 'adm:manage-users',
  AdminManage: 'adm:manage',
  AdminManageAccounts: 'adm:manage-act',
  AdminViewUser: 'adm:view-user',
  /** The audit log screen (docs/requirements.md §12). */
  AdminAudit: 'adm:audit',
  /** The email outbox of the reminder service (docs/decisions/029). */
  AdminSentMail: 'adm:sent-mail',
  Clients: 'clients:info',
  ClientsUpload: 'clients:upload',
  SysNotifications: 'sys:man-notifications',
  /** The templates screen of the system area (docs/decisions/021). */
  SysTemplates: 'sys:templates',
  Revert: 'revert',
  /** The homeowner's own pages (docs/decisions/062): open to a homeowner's session only. */
  MyHome: 'homeowner:home',
  MyPreferences: 'homeowner:preferences',
} as const;
export type RouteName = (typeof RouteName)[keyof typeof RouteName];

/** The routes of the homeowner's area: a homeowner opens these and no other; staff never these. */
export const homeownerRouteNames: ReadonlySet<string> = new Set([RouteName.MyHome, RouteName.MyPreferences]);

/** A user may open a route when any of its privileges is granted (docs/requirements.md §4). */
export const routePrivileges: Partial<Record<RouteName, readonly Privilege[]>> = {
  [RouteName.AccountSettings]: [Privilege.AdminCanManageCorporation],
  [RouteName.AdminAdd]: [Privilege.AddCorporateAccounts, Privilege.AdminCanManageCorporation],
  [RouteName.AdminAddCorp]: [Privilege.AddCorporateAccounts],
  [RouteName.AdminAddCorpUsers]: [Privilege.AdminCanManageCorporation],
  [RouteName.AdminAddRealtors]: [Privilege.AdminCanManageCorporation],
  [RouteName.AdminAddUsers]: [Privilege.AdminModule],
  [RouteName.AdminEditUser]: [Privilege.AdminModule],
  [RouteName.AdminEditClientUser]: [Privilege.CanManageClients],
  [RouteName.AdminManageUsers]: [Privilege.AdminModule],
  [RouteName.AdminManage]: [Privilege.AdminModule],
  [RouteName.AdminManageAccounts]: [Privilege.AdminModule],
  [RouteName.AdminViewUser]: [Privilege.AdminModule],
  [RouteName.AdminAudit]: [Privilege.AdminCanManageCorporation, Privilege.ActAcrossTenants],
  [RouteName.AdminSentMail]: [Privilege.AdminCanManageCorporation, Privilege.ActAcrossTenants],
  [RouteName.Clients]: [Privilege.CanManageClients],
  [RouteName.ClientsUpload]: [Privilege.CanBulkUploadClients],
  [RouteName.SysNotifications]: [Privilege.ManageNotifications],
  [RouteName.SysTemplates]: [Privilege.ManageNotifications],
};

/**
 * The address parameter naming the client whose details are open on the client grid, as Sent
 * mail names its open message: `clients?open=<id>` reloads, shares and goes Back like any address.
 */
export const openClientParam = 'open';

/** The homeowner's My home, under the portal's base path (their emails link to it). */
export const myHomePagePath = 'my-home';

/** The address of a client's details, under the portal's base path (emails and Home link to it). */
export const clientPagePath = (clientId: string) => `clients?${openClientParam}=${clientId}`;
