import { Privilege } from '@homeminder/shared/permissions';
import { ForbiddenError, NotFoundError } from '../lib/errors';
import { hasPrivilege, type AuthContext } from './auth-context';

export const tenantAccessMessages = {
  corporationNotFound: 'The company was not found.',
} as const;

/** Holders of ActAcrossTenants (the operator's administrators) act on any corporation. */
export function actsAcrossTenants(auth: AuthContext): boolean {
  return auth.privileges.has(Privilege.ActAcrossTenants);
}

/**
 * The corporation id a request may act on (docs/requirements.md §11, "Tenancy"): the request's own tenant, or any
 * for a cross-tenant administrator. Another corporation's id responds 404, as if it did not exist,
 * so ids of other tenants cannot even be confirmed.
 */
export function accessibleTenant(auth: AuthContext, tenantId: string): string {
  const id = tenantId.toLowerCase();
  if (id === auth.tenantId || actsAcrossTenants(auth)) return id;
  throw new NotFoundError(tenantAccessMessages.corporationNotFound);
}

/**
 * The caller's own corporation, for a service that acts there alone and checks the privilege
 * itself: a caller without it is refused (403).
 */
export function ownTenantWith(auth: AuthContext, privilege: Privilege): string {
  if (!hasPrivilege(auth, privilege)) throw new ForbiddenError();
  return auth.tenantId;
}
