/**
 * Privilege and role names (docs/requirements.md §4).
 * The server grants privileges through roles; the browser only asks about them.
 */

export const Privilege = {
  AdminModule: 'AdminModule',
  AddCorporateAccounts: 'AddCorporateAccounts',
  AdminCanManageCorporation: 'AdminCanManageCorporation',
  CanManageClients: 'CanManageClients',
  CanBulkUploadClients: 'CanBulkUploadClients',
  ManageNotifications: 'ManageNotifications',
  /** Select a tenant other than one's own with the tenant-id header. */
  ActAcrossTenants: 'ActAcrossTenants',
  CanImpersonate: 'CanImpersonate',
} as const;
export type Privilege = (typeof Privilege)[keyof typeof Privilege];
export const allPrivileges = Object.values(Privilege);

export const Role = {
  SystemAdmin: 'SystemAdmin',
  CorporateAdmin: 'CorporateAdmin',
  Managers: 'Managers',
  Realtor: 'Realtor',
} as const;
export type Role = (typeof Role)[keyof typeof Role];

/** The role the admin screens name (docs/requirements.md §4). */
export const MANAGERS_ROLE = Role.Managers;

/** Starting roles; seeded into the database and editable there later. */
export const startingRolePrivileges: Record<Role, readonly Privilege[]> = {
  SystemAdmin: allPrivileges,
  CorporateAdmin: [
    Privilege.AdminModule,
    Privilege.AdminCanManageCorporation,
    Privilege.CanManageClients,
    Privilege.CanBulkUploadClients,
    Privilege.CanImpersonate,
  ],
  Managers: [Privilege.AdminModule, Privilege.CanManageClients, Privilege.CanBulkUploadClients],
  Realtor: [Privilege.CanManageClients],
};

/** Who sees every realtor's clients of the corporation (managers, administrators), not only their own. */
export const corporationWidePrivileges: readonly Privilege[] = [
  Privilege.AdminModule,
  Privilege.ActAcrossTenants,
];

/** Privileges the admin and client areas ask about through their own privilege endpoints. */
export const adminAreaPrivileges: readonly Privilege[] = [
  Privilege.AdminModule,
  Privilege.AddCorporateAccounts,
  Privilege.AdminCanManageCorporation,
];
export const clientAreaPrivileges: readonly Privilege[] = [
  Privilege.CanManageClients,
  Privilege.CanBulkUploadClients,
];
