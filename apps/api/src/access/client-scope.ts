import { corporationWidePrivileges, Role } from '@homeminder/shared/permissions';
import type { AuthContext } from './auth-context';

/**
 * A realtor sees only their own clients; managers and administrators see the corporation's.
 * Returns the realtor id to filter on, or null for the whole corporation.
 */
export function realtorScope(auth: AuthContext): string | null {
  const corporationWide = corporationWidePrivileges.some((privilege) => auth.privileges.has(privilege));
  return !corporationWide && auth.roles.includes(Role.Realtor) ? auth.userId : null;
}
