import type { ClientGridQuery } from '@homeminder/shared/contracts/clients';
import { Privilege } from '@homeminder/shared/permissions';
import { hasPrivilege, tenantMessages, type AuthContext } from '../../access/auth-context';
import { realtorScope } from '../../access/client-scope';
import { ownTenantWith } from '../../access/tenant-access';
import { NotFoundError } from '../../lib/errors';
import type { ClientsRepository } from './clients.repository';

/** The tenant and realtor scope of a caller who may manage clients (checked here, on every call). */
export function scopeOf(auth: AuthContext): { tenantId: string; realtorId: string | null } {
  return { tenantId: ownTenantWith(auth, Privilege.CanManageClients), realtorId: realtorScope(auth) };
}

/** A tenant id in a body or a path must be the one the request acts for: another is not found. */
export function sameTenant(auth: AuthContext, tenantId: string | undefined, notFoundMessage: string) {
  if (tenantId !== undefined && tenantId.toLowerCase() !== auth.tenantId)
    throw new NotFoundError(notFoundMessage);
}

/**
 * The tenant a path names (admin variants): the one the request acts for, or, for a holder of
 * ActAcrossTenants, any existing corporation. Anything else is not found.
 */
export async function tenantFromPath(
  clients: Pick<ClientsRepository, 'corporationExists'>,
  auth: AuthContext,
  tenantId: string,
): Promise<string> {
  const id = tenantId.toLowerCase();
  if (id === auth.tenantId) return id;
  if (hasPrivilege(auth, Privilege.ActAcrossTenants) && (await clients.corporationExists(id))) return id;
  throw new NotFoundError(tenantMessages.unknownTenant);
}

/** The rows of a page, as the repository takes them. */
export const pageOf = (query: Pick<ClientGridQuery, 'page' | 'pageSize'>) => ({
  limit: query.pageSize,
  offset: (query.page - 1) * query.pageSize,
});
