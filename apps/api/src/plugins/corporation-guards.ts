import { Privilege } from '@homeminder/shared/permissions';
import { requireAnyPrivilege } from './auth';

// Privileges are checked at preValidation, before the body is: a caller without the privilege gets
// 401/403 and learns nothing of the validation rules.

/** See a corporation, its licensing and its users: its staff (AdminModule), or the operator. */
export const corporationViewers = requireAnyPrivilege(Privilege.AdminModule, Privilege.AddCorporateAccounts);

/** Change a corporation's settings and users: its administrators, or the operator. */
export const corporationManagers = requireAnyPrivilege(
  Privilege.AdminCanManageCorporation,
  Privilege.AddCorporateAccounts,
);

/** The routes of an enable/disable pair: each action with the state it sets. */
export const enableActions = [
  ['enable', true],
  ['disable', false],
] as const;
