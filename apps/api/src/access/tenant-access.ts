import { Privilege } from '@homeminder/shared/permissions';
import { NotFoundError } from '../lib/errors';
import type { AuthContext } from './auth-context';

export const tenantAccessMessages = {
  corporationNotFound: 'The company was not found.',
} as const;

/** Holders of ActAcrossTenants (the operator's administrators) act on any corporation. */
export function actsAcrossTenants(auth: AuthContext): boolean {
  return auth.privileges.has(Privilege.ActAcrossTenants);
}

/**
 * The corporation id a request may act on (docs/requirements.md §11, "Tenancy"): the request's own tenant, or any
 * for a cross-tenant administrator. Another corporation's id answers 404, as if it did not exist,
 * so ids of other tenants cannot even be confirmed.
 */
export function accessibleTenant(auth: AuthContext, tenantId: string): string {
  const id = tenantId.toLowerCase();
  if (id === auth.tenantId || actsAcrossTenants(auth)) return id;
  throw new NotFoundError(tenantAccessMessages.corporationNotFound);
}
